import { adminEndpoints, type DataRequestFilter, type EndpointInput } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export const privacyKeys = {
  requestsAll: ['admin', 'privacy', 'requests'] as const,
  requests: (state: DataRequestFilter) => ['admin', 'privacy', 'requests', state] as const,
  breaches: ['admin', 'privacy', 'breaches'] as const,
};

export function useDataRequests(state: DataRequestFilter) {
  return useQuery({
    queryKey: privacyKeys.requests(state),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.dataRequests, { state }, { signal }),
  });
}

export type DataRequestAction =
  | ({ action: 'extend' } & EndpointInput<typeof adminEndpoints.dataRequestExtend>)
  | ({ action: 'complete' } & EndpointInput<typeof adminEndpoints.dataRequestComplete>)
  | ({ action: 'refuse' } & EndpointInput<typeof adminEndpoints.dataRequestRefuse>);

/** Extend, complete or refuse a request (each audited); every tab of the queue is fetched again. */
export function useDataRequestAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DataRequestAction) => {
      if (input.action === 'extend') return callAdmin(adminEndpoints.dataRequestExtend, { id: input.id, days: input.days, reason: input.reason });
      if (input.action === 'complete') return callAdmin(adminEndpoints.dataRequestComplete, { id: input.id, note: input.note });
      return callAdmin(adminEndpoints.dataRequestRefuse, { id: input.id, reason: input.reason });
    },
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.requestsAll }),
  });
}

export function useBreaches() {
  return useQuery({
    queryKey: privacyKeys.breaches,
    queryFn: ({ signal }) => callAdmin(adminEndpoints.breaches, {}, { signal }),
  });
}

export function useRecordBreach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.breachRecord>) => callAdmin(adminEndpoints.breachRecord, input),
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.breaches }),
  });
}

export function useMarkBreachNotified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.breachNotified>) => callAdmin(adminEndpoints.breachNotified, input),
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.breaches }),
  });
}
