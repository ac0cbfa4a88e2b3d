import { adminEndpoints, type EndpointInput } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { proposalKeys } from '../proposals/index.ts';

export const collectionRulesKeys = { all: ['admin', 'collections', 'rules'] as const };

export type ProposeCollectionRulesInput = EndpointInput<typeof adminEndpoints.collectionRulesPropose>;

/** The collection rules in force, the change waiting for approval and the last approved one (decision 122). */
export function useCollectionRules() {
  return useQuery({ queryKey: collectionRulesKeys.all, queryFn: ({ signal }) => callAdmin(adminEndpoints.collectionRules, {}, { signal }), retry: false });
}

/** Propose a new set: a `collections.rules` proposal, applied when another operator approves it. */
export function useProposeCollectionRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposeCollectionRulesInput) => callAdmin(adminEndpoints.collectionRulesPropose, input),
    // Only once proposed: a refused set leaves the page (and the form being edited) as it is.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: proposalKeys.all }), client.invalidateQueries({ queryKey: collectionRulesKeys.all })]),
  });
}
