import { ROLE_PERMISSIONS, type OperatorRef, type OperatorView } from '@sen/contract';
import type { OperatorRow } from './operator.repository.ts';

/** An operator as the back office shows them (never the hashes or the TOTP secret). */
export function toOperatorView(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    permissions: [...ROLE_PERMISSIONS[row.role]],
    totpEnrolled: row.totpEnrolledAt !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOperatorRef(row: Pick<OperatorRow, 'id' | 'email' | 'name'>): OperatorRef {
  return { id: row.id, email: row.email, name: row.name };
}
