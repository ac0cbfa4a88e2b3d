import type { HardshipReason, HardshipView } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { orderKeys } from './orders-keys.ts';

/** An order's hardship section (decision 117): may the borrower ask for help, the request, an approved offer, the restructure. */
export function useHardship(orderId: number, enabled: boolean) {
  return useQuery<HardshipView>({
    queryKey: orderKeys.hardship(orderId),
    queryFn: () => callEndpoint(endpoints.hardship, { orderId }, { skipErrorHandler: true }),
    enabled: enabled && orderId > 0,
    staleTime: 0,
  });
}

export interface HelpRequest {
  orderId: number;
  reason: HardshipReason;
  note: string;
  monthlyAmount: number;
}

/** Asks for help; the section and the order are read again. */
export function useAskForHelp(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: HelpRequest) => callEndpoint(endpoints.hardshipRequest, request, { skipErrorHandler: true }),
    onSuccess: (view) => client.setQueryData(orderKeys.hardship(orderId), view),
  });
}

/** Sends the SMS code that signs acceptance of the offer. */
export function sendRestructureCode(offerId: number) {
  return callEndpoint(endpoints.restructureSignCode, { offerId }, { skipErrorHandler: true });
}

/** Accepts (with the code and the total the borrower was shown) or declines the offer; the order is read again after. */
export function useRestructureAnswer(orderId: number) {
  const client = useQueryClient();
  const settle = async (view: HardshipView) => {
    client.setQueryData(orderKeys.hardship(orderId), view);
    await client.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
  };
  const accept = useMutation({
    mutationFn: (input: { offerId: number; totalRepayable: number; signCode: string }) => callEndpoint(endpoints.restructureAccept, input, { skipErrorHandler: true }),
    onSuccess: settle,
  });
  const decline = useMutation({
    mutationFn: (offerId: number) => callEndpoint(endpoints.restructureDecline, { offerId }, { skipErrorHandler: true }),
    onSuccess: settle,
  });
  return { accept, decline };
}
