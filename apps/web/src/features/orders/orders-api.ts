import { type OrderBean, type OrderDetail } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
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
