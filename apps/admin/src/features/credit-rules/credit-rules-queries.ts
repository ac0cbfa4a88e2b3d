import { adminEndpoints, type EndpointInput } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { proposalKeys } from '../proposals/index.ts';

export const creditRulesKeys = { all: ['admin', 'credit-rules'] as const };

export type ProposeCreditRulesInput = EndpointInput<typeof adminEndpoints.creditRulesPropose>;

/** The credit rules in force and every approved version before (decision 095). */
export function useCreditRules() {
  return useQuery({ queryKey: creditRulesKeys.all, queryFn: ({ signal }) => callAdmin(adminEndpoints.creditRules, {}, { signal }) });
}

/** Propose new credit rules: a `credit.rules` proposal, applied when another operator approves it. */
export function useProposeCreditRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposeCreditRulesInput) => callAdmin(adminEndpoints.creditRulesPropose, input),
    onSettled: () => client.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
