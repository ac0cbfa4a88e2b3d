import { ADMIN_PATHS, allAdminEndpoints, ERRORS, OPERATOR_ROLES, roleHasPermission, type AnyEndpoint, type OperatorRole } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The role × permission matrix (decision 090): every back-office endpoint that needs a permission
 * refuses every role without it (403, before its input is read), refuses a call without a session
 * (401) and a call without the CSRF header (403), whatever the role; the append-only audit table.
 */

let t: TestApp;
const sessions = new Map<OperatorRole, OperatorSession>();
beforeAll(async () => {
  t = await createTestApp();
  for (const role of OPERATOR_ROLES) sessions.set(role, await t.operatorSession(role));
});
afterAll(async () => t?.close());

const operatorEndpoints = allAdminEndpoints.filter((endpoint) => endpoint.session === 'operator');
const call = (session: OperatorSession | null, endpoint: AnyEndpoint, csrf = true) =>
  (session?.browser ?? t.adminBrowser()).call(endpoint.method, endpoint.path, {}, { csrf });

describe('the role × endpoint matrix', () => {
  it('covers every operator endpoint of the contract', () => {
    expect(operatorEndpoints.length).toBeGreaterThanOrEqual(17);
  });

  it.each(OPERATOR_ROLES)('%s: refused (403) by every endpoint whose permission the role lacks, let past the check by the others', async (role) => {
    const session = sessions.get(role)!;
    for (const endpoint of operatorEndpoints) {
      // Logout would end the session the rest of the walk uses: it needs no permission, checked below.
      if (endpoint.path === ADMIN_PATHS.logout) continue;
      const response = await call(session, endpoint);
      const allowed = !endpoint.permission || roleHasPermission(role, endpoint.permission);
      if (allowed) expect([response.statusCode, endpoint.id], response.body).not.toEqual([403, endpoint.id]);
      else expect([response.statusCode, response.envelope.code, endpoint.id]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code, endpoint.id]);
      expect(response.statusCode, `${role} ${endpoint.id}: ${response.body}`).toBeLessThan(500);
    }
  });

  it('refuses every operator endpoint without a session (401), and every back-office call without the CSRF header (403)', async () => {
    for (const endpoint of operatorEndpoints) {
      const anonymous = await call(null, endpoint);
      expect([anonymous.statusCode, anonymous.envelope.code, endpoint.id]).toEqual([401, ERRORS.SESSION_EXPIRED.code, endpoint.id]);
    }
    for (const endpoint of allAdminEndpoints) {
      const noHeader = await call(sessions.get('admin')!, endpoint, false);
      expect([noHeader.statusCode, noHeader.envelope.code, endpoint.id]).toEqual([403, ERRORS.ADMIN_HEADER_MISSING.code, endpoint.id]);
    }
  });

  it('refuses a percent-encoded back-office path without the CSRF header as it refuses the plain one', async () => {
    for (const path of [ADMIN_PATHS.me.replace('/api/', '/%61pi/'), ADMIN_PATHS.me.replace('/admin/', '/%61dmin/')]) {
      const response = await sessions.get('admin')!.browser.call('GET', path, {}, { csrf: false });
      expect([response.statusCode, response.envelope.code, path]).toEqual([403, ERRORS.ADMIN_HEADER_MISSING.code, path]);
    }
  });

  it('refuses a borrower session on the back office', async () => {
    const borrower = await t.loginWithOtp();
    const response = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.me, headers: { authorization: borrower.token, 'x-sen-admin': '1' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    await t.services.operatorAudit.record({ operator: null, ip: null, userAgent: null }, 'test.row', { targetType: 'test', targetId: 1 });
    // drizzle wraps the database's error: its cause carries the trigger's message.
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    expect(await refusal(sql`update operator_audit set action = 'changed'`)).toMatch(/operator_audit is append-only \(UPDATE refused\)/);
    expect(await refusal(sql`delete from operator_audit`)).toMatch(/append-only \(DELETE refused\)/);
    expect(await refusal(sql`truncate operator_audit`)).toMatch(/append-only \(TRUNCATE refused\)/);
  });
});
