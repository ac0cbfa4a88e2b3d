import { afterEach, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n/i18n.ts';

/**
 * The back office's component tests against a stubbed `fetch`: what the server answers is queued
 * per test with `envelope(...)`.
 */

/** A server answer in the API's envelope; a refusal (code other than 200) comes with HTTP 409 unless told. */
export const envelope = (data: unknown, code = 200, message = 'ok', status = code === 200 ? 200 : 409) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'content-type': 'application/json' } });

/** A fresh stubbed `fetch` for each test of this file, with the interface in English; Vietnamese again after. */
export function stubServerInEnglish() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(async () => {
    await changeLanguage('en');
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('vn');
  });
  return fetchMock;
}
