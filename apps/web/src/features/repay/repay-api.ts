import { type RepayQuote, type RepayStatus, type RepayableOrder } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
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

/** A request's live status, asked every few seconds until it is paid or lapses. */
export function useRepayStatus(requestId: string | null) {
  return useQuery<RepayStatus>({
    queryKey: repayKeys.status(requestId ?? ''),
    queryFn: () => callEndpoint(endpoints.repayStatus, { requestId: requestId! }, { skipErrorHandler: true }),
    enabled: requestId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 3000),
    refetchIntervalInBackground: false,
  });
}
