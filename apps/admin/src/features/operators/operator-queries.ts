import { adminEndpoints, type OperatorRole } from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/request/call-admin.ts';

export const operatorListKey = ['admin', 'operators'] as const;

/** Every operator; `enabled` false for a role that may not list them (the audit's actor filter). */
export function useOperatorList(enabled = true) {
  return useQuery({ queryKey: operatorListKey, queryFn: ({ signal }) => callAdmin(adminEndpoints.operators, {}, { signal }), enabled });
}

/** Each change refetches the list (and the audit trail, which records it). */
function useOperatorMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: operatorListKey }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}

export function useInviteOperator() {
  return useOperatorMutation((input: { email: string; name: string; role: OperatorRole }) => callAdmin(adminEndpoints.operatorInvite, input));
}

export function useChangeRole() {
  return useOperatorMutation((input: { operatorId: number; role: OperatorRole; reason?: string }) => callAdmin(adminEndpoints.operatorRole, input));
}

export function useDeactivateOperator() {
  return useOperatorMutation((input: { operatorId: number; reason?: string }) => callAdmin(adminEndpoints.operatorDeactivate, input));
}
