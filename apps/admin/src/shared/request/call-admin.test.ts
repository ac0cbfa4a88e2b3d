import { adminEndpoints, ERRORS } from '@sen/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { isAdminRequestError } from './admin-request-error.ts';
import { callAdmin, queryString, setSessionExpiredHandler } from './call-admin.ts';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const operator = {
  id: 1,
  email: 'admin@sen.local',
  name: 'Demo admin',
  role: 'admin',
  status: 'active',
  permissions: ['operators.manage'],
  totpEnrolled: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAdminRequestError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(null);
  return changeLanguage('vn');
});

describe('callAdmin', () => {
  it('sends the CSRF header, the language and the same-origin cookie; answers the typed data', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValueOnce(envelope(200, { code: 200, message: 'ok', data: { operator } }));
    const data = await callAdmin(adminEndpoints.me, {});
    expect(data.operator.email).toBe('admin@sen.local');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/me');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'x-sen-admin': '1', lang: 'en_US' });
  });

  it('POSTs JSON and puts a GET input in the query, leaving empty values out', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { code: 200, message: 'ok', data: { step: 'totp', pendingToken: 'p'.repeat(30) } }));
    await callAdmin(adminEndpoints.signInPassword, { email: 'a@b.vn', password: 'x' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@b.vn', password: 'x' });
    expect(queryString({ action: 'operator.', actor: 3, from: '', to: undefined })).toBe('?action=operator.&actor=3');
  });

  it("rejects with the server's localised message and code", async () => {
    fetchMock.mockResolvedValueOnce(envelope(403, { code: ERRORS.PROPOSAL_OWN.code, message: 'Bạn không thể tự duyệt đề xuất của mình', data: null }));
    const error = await rejection(callAdmin(adminEndpoints.proposalApprove, { proposalId: 1 }));
    expect(error.message).toBe('Bạn không thể tự duyệt đề xuất của mình');
    expect(error.code).toBe(ERRORS.PROPOSAL_OWN.code);
  });

  it('a 401 calls the session-expired handler, unless the caller handles it', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(envelope(401, { code: 401, message: 'Session expired', data: null }));
    await rejection(callAdmin(adminEndpoints.operators, {}));
    expect(expired).toHaveBeenCalledTimes(1);
    const error = await rejection(callAdmin(adminEndpoints.me, {}, { ignoreSessionExpiry: true }));
    expect(error.isSessionExpired).toBe(true);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a network failure and an answer off the contract are "request failed" kinds, not crashes', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(callAdmin(adminEndpoints.operators, {}))).kind).toBe('network');
    fetchMock.mockResolvedValueOnce(envelope(200, { code: 200, message: 'ok', data: { items: [{ id: 'not a number' }] } }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await rejection(callAdmin(adminEndpoints.operators, {}))).kind).toBe('contract');
  });
});
