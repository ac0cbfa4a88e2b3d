import { describe, expect, it } from 'vitest';
import { ADMIN_PATH_PREFIX, OPERATOR_ROLES, PERMISSIONS, ROLE_PERMISSIONS, roleHasPermission } from '../../admin/roles.ts';
import { endpoints } from '../endpoints.ts';
import { allAdminEndpoints } from './endpoints.ts';

describe('back-office endpoints', () => {
  it('all live under /api/admin/ and none under the borrower list', () => {
    for (const endpoint of allAdminEndpoints) expect(endpoint.path.startsWith(ADMIN_PATH_PREFIX), endpoint.id).toBe(true);
    for (const endpoint of Object.values(endpoints)) expect(endpoint.path.startsWith(ADMIN_PATH_PREFIX), endpoint.id).toBe(false);
  });

  it('are unsigned, and either sign-in steps or operator calls that declare a permission', () => {
    for (const endpoint of allAdminEndpoints) {
      expect(endpoint.signed, endpoint.id).toBe(false);
      if (endpoint.session === 'operator') expect(endpoint.permission, endpoint.id).not.toBeUndefined();
      else expect([endpoint.session, endpoint.path.startsWith('/api/admin/auth/')], endpoint.id).toEqual(['none', true]);
    }
  });

  it('declare an audit action for every change an operator makes (POST with a session)', () => {
    for (const endpoint of allAdminEndpoints) {
      if (endpoint.session === 'operator' && endpoint.method === 'POST') expect(endpoint.audited, endpoint.id).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    }
  });

  it('have unique ids and paths', () => {
    expect(new Set(allAdminEndpoints.map((endpoint) => endpoint.id)).size).toBe(allAdminEndpoints.length);
    expect(new Set(allAdminEndpoints.map((endpoint) => endpoint.path)).size).toBe(allAdminEndpoints.length);
  });
});

describe('roles', () => {
  it('hold only known permissions, and admin holds them all', () => {
    for (const role of OPERATOR_ROLES) for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    for (const permission of PERMISSIONS) expect(roleHasPermission('admin', permission)).toBe(true);
  });

  it('keep money and people apart from reading: a viewer proposes, approves and manages nothing', () => {
    for (const permission of ['products.propose', 'proposals.approve', 'operators.manage', 'borrowers.reveal', 'receipts.review', 'collections.work', 'collections.assign', 'collections.rules'] as const) {
      expect(roleHasPermission('viewer', permission), permission).toBe(false);
    }
  });

  it('give every permission an operator endpoint uses to at least one role besides admin, or admin only on purpose', () => {
    // The breach register: the data protection officer's work, an admin's (decision 116).
    // What borrowers are told about a debt (decision 122): an admin proposes it, another approves.
    const adminOnly = new Set(['operators.manage', 'audit.read', 'collections.assign', 'privacy.breaches', 'collections.rules']);
    for (const endpoint of allAdminEndpoints) {
      if (!endpoint.permission) continue;
      const holders = OPERATOR_ROLES.filter((role) => roleHasPermission(role, endpoint.permission!));
      expect(holders.length > 1 || adminOnly.has(endpoint.permission), endpoint.id).toBe(true);
    }
  });
});
