import { type RepayQuote, type RepayStatus, type RepayableOrder } from '@sen/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { homeKeys } from '../home/index.ts';
import { orderKeys } from '../orders/index.ts';
import { repayKeys } from './repay-keys.ts';

/** The borrower's orders that can be repaid now, oldest due first (multiple/order/list). */
export function useRepayableOrders() {
  return useQuery<RepayableOrder[]>({ queryKey: repayKeys.repayable(), queryFn: () => callEndpoint(endpoints.multipleOrderList, {}, { skipErrorHandler: true }), staleTime: 0 });
}

/** A repayment request for whole orders (multiple/order/repay). */
export function repayOrders(orderNos: string[]): Promise<RepayQuote> {
  return callEndpoint(endpoints.multipleOrderRepay, { orderNoList: orderNos }, { skipErrorHandler: true });
}

/** A repayment request for chosen instalments of one order (order/repay/url). */
export function repayInstalments(orderNo: string, planParts: number[]): Promise<RepayQuote> {
  return callEndpoint(endpoints.repayUrl, { orderNo, planNumList: planParts }, { skipErrorHandler: true });
}

/** What to repay: whole orders, or chosen instalments of one order. */
export type RepaymentChoice = { kind: 'orders'; orderNos: string[] } | { kind: 'instalments'; orderNo: string; planParts: number[] };

/**
 * Creates the repayment request (the transfer to make: amount, VietQR code, account, content).
 * No money moves yet, so no cached answer changes: what the money changes is invalidated when the
 * bank's transfer is matched (useRepayStatus).
 */
export function useCreateRepayment() {
  return useMutation({
    mutationFn: (choice: RepaymentChoice): Promise<RepayQuote> =>
      choice.kind === 'instalments' ? repayInstalments(choice.orderNo, choice.planParts) : repayOrders(choice.orderNos),
  });
}

/**
 * What a matched transfer changes, invalidated by key: the repayable orders, every order (list and
 * detail: balances, instalments, status) and every user's signed-in home (the credit limit freed).
 */
function invalidateAfterRepayment(client: QueryClient): void {
  for (const queryKey of [repayKeys.repayable(), orderKeys.all, homeKeys.indexes()]) void client.invalidateQueries({ queryKey });
}

/**
 * A request's live status, asked every few seconds until it is paid or lapses. Each time more of
 * it has been paid (in part or in full), what the money changed is invalidated.
 */
export function useRepayStatus(requestId: string | null) {
  const client = useQueryClient();
  const status = useQuery<RepayStatus>({
    queryKey: repayKeys.status(requestId ?? ''),
    queryFn: () => callEndpoint(endpoints.repayStatus, { requestId: requestId! }, { skipErrorHandler: true }),
    enabled: requestId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 3000),
    refetchIntervalInBackground: false,
  });
  const paidAmount = status.data?.paidAmount ?? 0;
  useEffect(() => {
    if (paidAmount > 0) invalidateAfterRepayment(client);
  }, [paidAmount, client]);
  return status;
}
