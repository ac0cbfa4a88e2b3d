import { adminEndpoints, type EndpointInput } from '@sen/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export type CaseListFilter = EndpointInput<typeof adminEndpoints.collectionCases>;

export const collectionKeys = {
  all: ['admin', 'collections'] as const,
  list: (filter: CaseListFilter) => ['admin', 'collections', 'list', filter] as const,
  detail: (caseId: number) => ['admin', 'collections', 'case', caseId] as const,
};

/** Cases by bucket, assignee, order number and promise state (open cases by default). */
export function useCollectionCases(filter: CaseListFilter) {
  return useQuery({
    queryKey: collectionKeys.list(filter),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.collectionCases, filter, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One case's page: schedule, payments, contacts, promises, dunning, next action. */
export function useCollectionCase(caseId: number) {
  return useQuery({
    queryKey: collectionKeys.detail(caseId),
    queryFn: ({ signal }) => callAdmin(adminEndpoints.collectionCase, { caseId }, { signal }),
    retry: false,
  });
}

/** Every change reloads the collections' lists and pages (and the audit trail that recorded it). */
function useInvalidateCollections() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: collectionKeys.all }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]);
}

/** A contact through the governor: a refusal is an answer (`refusal`), not a failure. */
export function useLogContact() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.collectionContact>) => callAdmin(adminEndpoints.collectionContact, input),
    onSettled: invalidate,
  });
}

export function useRecordPromise() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.collectionPromise>) => callAdmin(adminEndpoints.collectionPromise, input),
    onSettled: invalidate,
  });
}

export function useAssignCase() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.collectionAssign>) => callAdmin(adminEndpoints.collectionAssign, input),
    onSettled: invalidate,
  });
}

/** An offer's new schedule, cost, APR, caps and the rules it breaks (decision 117); moves nothing. */
export function useRestructurePreview() {
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.restructurePreview>) => callAdmin(adminEndpoints.restructurePreview, input),
  });
}

/** Proposes the offer: a `loan.restructure` proposal another operator approves. */
export function useProposeRestructure() {
  const invalidate = useInvalidateCollections();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof adminEndpoints.restructurePropose>) => callAdmin(adminEndpoints.restructurePropose, input),
    onSettled: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: ['admin', 'proposals'] })]),
  });
}

/** Borrowers' requests for help waiting for an offer (decision 117), oldest first. */
export function useHardshipRequests() {
  return useQuery({
    queryKey: ['admin', 'collections', 'hardship'] as const,
    queryFn: ({ signal }) => callAdmin(adminEndpoints.hardshipRequests, { state: 'open' }, { signal }),
    retry: false,
  });
}
