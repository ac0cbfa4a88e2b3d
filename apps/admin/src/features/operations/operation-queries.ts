import { adminEndpoints, type EndpointInput } from '@sen/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin, uploadAdmin } from '../../shared/request/call-admin.ts';

export type ReceiptState = NonNullable<EndpointInput<typeof adminEndpoints.receipts>['state']>;
export type TransferOutcome = NonNullable<EndpointInput<typeof adminEndpoints.transfers>['outcome']>;
export type UnidentifiedState = NonNullable<EndpointInput<typeof adminEndpoints.unidentifiedTransfers>['state']>;
export type TransferMatchInput = EndpointInput<typeof adminEndpoints.unidentifiedMatch>;
export type TransferReturnInput = EndpointInput<typeof adminEndpoints.unidentifiedReturn>;
export type TransferReturnedInput = EndpointInput<typeof adminEndpoints.unidentifiedReturned>;
export type ReceiptReviewInput = EndpointInput<typeof adminEndpoints.receiptReview>;

export const operationKeys = {
  ledgerCheck: ['admin', 'ledger', 'check'] as const,
  receipts: (state: ReceiptState) => ['admin', 'receipts', state] as const,
  receiptsAll: ['admin', 'receipts'] as const,
  transfers: (outcome: TransferOutcome) => ['admin', 'transfers', outcome] as const,
  feedback: ['admin', 'feedback'] as const,
  unidentified: (state: UnidentifiedState) => ['admin', 'unidentified', state] as const,
  unidentifiedAll: ['admin', 'unidentified'] as const,
  reconciliation: (date: string) => ['admin', 'reconciliation', date] as const,
  reconciliationAll: ['admin', 'reconciliation'] as const,
};

/** The daily reconciliation report of a Vietnam date (decision 118): computed on read. */
export function useReconciliationReport(date: string) {
  return useQuery({
    queryKey: operationKeys.reconciliation(date),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.reconciliationReport, { date }, { signal }),
  });
}

/**
 * A bank statement upload: rows the bank already reported change nothing, money out is recorded,
 * new money in becomes a proposal; the report, transfers, queue and proposals are fetched again.
 */
export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAdmin(adminEndpoints.statementImport, { fileName: file.name }, { statement: file }),
    onSettled: () =>
      Promise.all(
        [operationKeys.reconciliationAll, ['admin', 'transfers'], operationKeys.unidentifiedAll, ['admin', 'proposals']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

/** The ledger check runs when asked (it reads the whole ledger): the query waits for `refetch`. */
export function useLedgerCheck() {
  return useQuery({
    queryKey: operationKeys.ledgerCheck,
    queryFn: ({ signal }) => callAdmin(adminEndpoints.ledgerCheck, {}, { signal }),
    enabled: false,
    retry: false,
  });
}

export function useReceipts(state: ReceiptState) {
  return useQuery({
    queryKey: operationKeys.receipts(state),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.receipts, { state }, { signal }),
  });
}

/**
 * A receipt's match (a proposal another operator approves: money moves only then) or rejection
 * (at once): the receipts and the proposals are fetched again.
 */
export function useReviewReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiptReviewInput) => callAdmin(adminEndpoints.receiptReview, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: operationKeys.receiptsAll }), client.invalidateQueries({ queryKey: ['admin', 'proposals'] })]),
  });
}

export function useTransfers(outcome: TransferOutcome) {
  return useQuery({
    queryKey: operationKeys.transfers(outcome),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.transfers, { outcome }, { signal }),
  });
}

/** The unmatched queue (decision 114): open transfers carry suggested matches. */
export function useUnidentifiedTransfers(state: UnidentifiedState) {
  return useQuery({
    queryKey: operationKeys.unidentified(state),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.unidentifiedTransfers, { state }, { signal }),
  });
}

/** A match or return of an unidentified transfer: a proposal (money moves on approval); the queue and the proposals are fetched again. */
export function useProposeTransferDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ({ kind: 'match' } & TransferMatchInput) | ({ kind: 'return' } & TransferReturnInput) | ({ kind: 'returned' } & TransferReturnedInput)) => {
      if (input.kind === 'match') {
        const { kind: _kind, ...match } = input;
        return callAdmin(adminEndpoints.unidentifiedMatch, match);
      }
      if (input.kind === 'returned') {
        const { kind: _kind, ...returned } = input;
        return callAdmin(adminEndpoints.unidentifiedReturned, returned);
      }
      const { kind: _kind, ...back } = input;
      return callAdmin(adminEndpoints.unidentifiedReturn, back);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: operationKeys.unidentifiedAll }), client.invalidateQueries({ queryKey: ['admin', 'proposals'] })]),
  });
}

const FEEDBACK_PAGE = 50;

/** Borrowers' feedback, newest first, a page at a time (`before` the last id seen). */
export function useFeedbackPages() {
  return useInfiniteQuery({
    queryKey: operationKeys.feedback,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => callAdmin(adminEndpoints.feedback, { limit: FEEDBACK_PAGE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => (page.length === FEEDBACK_PAGE ? page.at(-1)?.id : undefined),
  });
}
