import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { clearAuthStatus } from '../features/auth/auth-status.ts';
import { changeLanguage } from '../shared/i18n/i18n.ts';
import { setNavigator } from '../shared/navigation/navigation.ts';
import { useSignStore } from '../shared/request/sign-store.ts';
import { useSessionStore, type SessionUser } from '../shared/session/session-store.ts';

export type FetchMock = Mock<typeof fetch>;

/** A JSON response with the given HTTP status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An envelope response; a 200 success unless told otherwise. */
export function envelopeResponse(data: unknown, { code = 200, message = 'ok', status = 200 } = {}): Response {
  return jsonResponse({ code, message, data }, status);
}

/** The parsed JSON body of the first call to `path`, or undefined when there was none. */
export function requestBody(fetchMock: FetchMock, path: string): Record<string, unknown> | undefined {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === path || String(url).startsWith(`${path}?`));
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
}

export interface ApiTestOptions {
  /** The signing secret already in 'sign-storage' (default 's'). */
  signSecret?: string;
  /** The session each test starts with (default: a visitor). */
  token?: string | null;
  user?: SessionUser | null;
}

/**
 * For every test of the calling file: fetch replaced by a fresh mock, English texts, a known
 * signing secret, the given session and no auth status; afterwards the real fetch is back and no
 * navigator is registered. Returns the fetch mock.
 */
export function setupApiTest(options: ApiTestOptions = {}): FetchMock {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    await changeLanguage('en');
    useSignStore.setState({ signSecret: options.signSecret ?? 's', loading: false });
    useSessionStore.setState({ token: options.token ?? null, user: options.user ?? null });
    clearAuthStatus();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
  });
  return fetchMock;
}
