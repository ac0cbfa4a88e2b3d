import type { OperatorView, Permission } from '@sen/contract';

/**
 * What the signed-in operator may do, read from their `permissions` (the contract's role table,
 * answered by /api/admin/me). The app only hides what a role cannot do; the server checks every call.
 */
export function can(operator: Pick<OperatorView, 'permissions'> | null | undefined, permission: Permission | null): boolean {
  if (!operator) return false;
  return permission === null || operator.permissions.includes(permission);
}
