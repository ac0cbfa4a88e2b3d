import { adminEndpoints, type RevealTarget } from '@sen/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export const borrowerKeys = {
  all: ['admin', 'borrowers'] as const,
  search: (q: string) => ['admin', 'borrowers', 'search', q] as const,
  detail: (userId: number) => ['admin', 'borrowers', 'detail', userId] as const,
};

/** Borrowers matching what was typed (nothing is asked before something is). */
export function useBorrowerSearch(q: string) {
  return useQuery({
    queryKey: borrowerKeys.search(q),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.borrowerSearch, { q }, { signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One borrower's page. */
export function useBorrowerDetail(userId: number) {
  return useQuery({
    queryKey: borrowerKeys.detail(userId),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.borrowerDetail, { userId }, { signal }),
    retry: false,
  });
}

/** Reveal the full ID number or links to the ID images, with a reason (one audit row on the server). Nothing is cached. */
export function useRevealBorrower() {
  return useMutation({
    mutationFn: (input: { userId: number; what: RevealTarget; reason: string }) => callAdmin(adminEndpoints.borrowerReveal, input),
  });
}

/** Propose a refund of an order's overpayment or its write-off (a proposal another operator approves; decision 100). */
export function useProposeServicing(kind: 'refund' | 'writeOff') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; reason: string }) => callAdmin(kind === 'refund' ? adminEndpoints.refundPropose : adminEndpoints.writeOffPropose, input),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'proposals'] }),
  });
}

/**
 * Open an appeal for a rejected or paused borrower (decision 095): a case in the credit review
 * queue, decided by another operator than the one who opened it (decision 110).
 */
export function useOpenAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; reason: string }) => callAdmin(adminEndpoints.reviewAppeal, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: borrowerKeys.all }), client.invalidateQueries({ queryKey: ['admin', 'reviews'] })]),
  });
}
