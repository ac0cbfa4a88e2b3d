import { type OrderBean, type OrderDetail } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { post } from '../../shared/request/request.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { orderKeys } from './orders-keys.ts';


/** The borrower's orders, newest first (order/oldList). */
export function useOrders() {
  return useQuery<OrderBean[]>({ queryKey: orderKeys.list(), queryFn: () => callEndpoint(endpoints.orderList, {}, { skipErrorHandler: true }), staleTime: 0 });
}

/** One order with every label, its instalments and contracts (order/detail). */
export function useOrderDetail(orderId: number) {
  return useQuery<OrderDetail>({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => callEndpoint(endpoints.orderDetail, { orderId }, { skipErrorHandler: true }),
    enabled: orderId > 0,
    staleTime: 0,
    // While it is being paid out, the status moves on by itself.
    refetchInterval: (query) => ([10, 11, 21, 24].includes(query.state.data?.status ?? 0) ? 3000 : false),
  });
}

/**
 * Downloads a settled order's confirmation of settlement (a PDF; decision 101) as a file named by
 * its order number. A refusal (not settled) shows its message as any request's does.
 */
export async function downloadSettlementCertificate(orderId: number, orderNo: string): Promise<void> {
  const file = await post<Blob>(endpoints.settlementCertificate.path, { orderId }, { responseType: 'blob' });
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `xac-nhan-tat-toan-${orderNo}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Repay and borrow again (SPEC.md's reloan sign, API-FAMILY.md §6.6): the wish to borrow the same
 * product again once this order settles (apply/again, applyAgainSign 1), or to drop it
 * (apply/again/cancel). The order's detail carries the wish (reloanSign), so it is refetched.
 */
export function useReloanWish(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wish: boolean) => (wish ? callEndpoint(endpoints.applyAgain, { orderId, applyAgainSign: 1 }) : callEndpoint(endpoints.applyAgainCancel, { orderId })),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  });
}

/** Whether the reloan button shows ('1'): the borrower repays a loan whose product still lends. */
export function useReloanButtonSign(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.reloanSign(),
    queryFn: () => callEndpoint(endpoints.reloanButtonSign, {}, { skipErrorHandler: true }),
    enabled,
    staleTime: 30_000,
  });
}
