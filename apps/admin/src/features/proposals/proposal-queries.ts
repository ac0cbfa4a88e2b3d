import { adminEndpoints, type ProposalView } from '@sen/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export type ProposalStatus = ProposalView['status'];

export const proposalKeys = {
  all: ['admin', 'proposals'] as const,
  list: (status: ProposalStatus) => ['admin', 'proposals', status] as const,
};

/** The first page of proposals of one status (the home's count). */
export function useProposals(status: ProposalStatus) {
  return useQuery({
    queryKey: [...proposalKeys.list(status), 'first'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.proposals, { status }, { signal }),
  });
}

/** Proposals of one status, newest first, a page at a time. */
export function useProposalPages(status: ProposalStatus) {
  return useInfiniteQuery({
    queryKey: proposalKeys.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callAdmin(adminEndpoints.proposals, { status, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/**
 * Approve or reject: afterwards everything the back office has read is stale, because an approval
 * can change any of it (a product, a borrower's limit, a loan written off, a refund, a match, a
 * case). Only what is on screen is fetched again; the rest when next shown.
 */
export function useDecideProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { proposalId: number; approve: true } | { proposalId: number; approve: false; reason: string }) =>
      decision.approve
        ? callAdmin(adminEndpoints.proposalApprove, { proposalId: decision.proposalId })
        : callAdmin(adminEndpoints.proposalReject, { proposalId: decision.proposalId, reason: decision.reason }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
