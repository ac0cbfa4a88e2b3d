import { PRIVACY_POLICY_VERSION } from '@sen/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IS_LOG_ADJUST_KEY, adClickPayload, adidForEvent, pollFor, startAttribution, uploadAdClickOnce } from './attribution.ts';
import { surveyRequest } from './client-log.ts';
import { CONSENT_STORAGE_KEY, readConsent, recordConsentChoice, recordLoginConsent, trackingAllowed } from './consent.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('ad attribution', () => {
  it('builds the upload: adId, refer without "?", data with adid, adgroup and media_source', () => {
    expect(adClickPayload({ adid: 'a1', adgroup: 'facebook (Summer)' }, '?utm_source=fb&x=1')).toEqual({
      adId: 'a1',
      refer: 'utm_source=fb&x=1',
      data: JSON.stringify({ adid: 'a1', adgroup: 'facebook (Summer)', media_source: 'facebook' }),
    });
  });

  it('uploads once (isLogAdjust), retrying until it succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const upload = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new Error('network');
      return null;
    });
    const done = uploadAdClickOnce({ adid: 'a1' }, '', upload);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe(true);
    expect(upload).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem(IS_LOG_ADJUST_KEY)).toBe('true');
    await uploadAdClickOnce({ adid: 'a1' }, '', upload);
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('polls every 30 ms and gives up after the total without blocking', async () => {
    vi.useFakeTimers();
    let value: string | null = null;
    const check = vi.fn(() => value);
    const found = pollFor(check, 30, 10_000);
    await vi.advanceTimersByTimeAsync(95);
    expect(check).toHaveBeenCalledTimes(4);
    value = 'ready';
    await vi.advanceTimersByTimeAsync(30);
    await expect(found).resolves.toBe('ready');
    const never = pollFor(() => null, 30, 300);
    await vi.advanceTimersByTimeAsync(330);
    await expect(never).resolves.toBeNull();
  });

  it('is off without an app token: nothing starts and events do not wait', async () => {
    await expect(startAttribution('')).resolves.toBeNull();
    const started = Date.now();
    await expect(adidForEvent()).resolves.toBe('');
    expect(Date.now() - started).toBeLessThan(50);
  });
});

describe('client logs (survey format)', () => {
  it('builds the survey body with its headers and no default params', () => {
    const { body, headers } = surveyRequest({ type: 'error', message: 'Lỗi' });
    expect(JSON.parse(body)).toEqual({ __topic__: 'survey', __logs__: [{ survey: JSON.stringify({ type: 'error', message: 'Lỗi' }) }] });
    expect(body).not.toContain('appCode');
    expect(headers['x-log-apiversion']).toBe('0.6.0');
    expect(headers['x-log-bodyrawsize']).toBe(String(new TextEncoder().encode(body).length));
    expect(Number(headers['x-log-bodyrawsize'])).toBeGreaterThan(body.length);
  });
});

describe('privacy choice', () => {
  it('nothing is allowed before a choice; Agree allows, Reject forbids', () => {
    expect(trackingAllowed()).toBe(false);
    recordConsentChoice(true);
    expect(trackingAllowed()).toBe(true);
    recordConsentChoice(false);
    expect(trackingAllowed()).toBe(false);
  });

  it('a sign-in counts as agreement only when no choice was made', () => {
    recordLoginConsent();
    expect(readConsent()).toMatchObject({ agreed: true, via: 'login' });
    localStorage.clear();
    recordConsentChoice(false);
    recordLoginConsent();
    expect(trackingAllowed()).toBe(false);
  });

  it('a choice on another policy version does not count', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: `${PRIVACY_POLICY_VERSION}-old`, agreed: true }));
    expect(trackingAllowed()).toBe(false);
  });
});
