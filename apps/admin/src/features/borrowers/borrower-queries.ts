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

/** What an operator does to an order's money from the borrower page (decisions 100, 114). */
export type ServicingKind = 'refund' | 'writeOff' | 'payoutCancel' | 'payoutRetry';
const SERVICING_ENDPOINTS = {
  refund: adminEndpoints.refundPropose,
  writeOff: adminEndpoints.writeOffPropose,
  payoutCancel: adminEndpoints.payoutCancelPropose,
} as const;

/**
 * Propose a refund of an order's overpayment, its write-off or the cancel of its payout (a proposal
 * another operator approves; decisions 100, 114), or retry its payout now (one operator; 114).
 */
export function useProposeServicing(kind: ServicingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: number; reason: string }): Promise<{ proposalId: number | null }> => {
      if (kind === 'payoutRetry') {
        await callAdmin(adminEndpoints.payoutRetry, input);
        return { proposalId: null };
      }
      const { proposal } = await callAdmin(SERVICING_ENDPOINTS[kind], input);
      return { proposalId: proposal.id };
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'proposals'] }), client.invalidateQueries({ queryKey: ['admin', 'borrowers'] })]),
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
