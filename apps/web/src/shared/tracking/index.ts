import { API_PATHS, TRACKING_ACTS, detectRegClient, type TrackingEvent } from '@sen/contract';
import { getDeviceId } from '../device/device-id.ts';
import { currentUserAgent } from '../device/user-agent.ts';
import { defaultParams } from '../request/default-params.ts';
import { useSessionStore } from '../session/session-store.ts';
import { localStore } from '../storage/local-store.ts';
import { adidForEvent, startAttribution } from './attribution.ts';
import { postClientLog } from './client-log.ts';
import { onConsentChange, recordConsentChoice, recordLoginConsent, trackingAllowed } from './consent.ts';
import { Tracker, type KeyValueStore, type TrackOptions } from './tracker.ts';

/*
 * The tracking API every feature uses (SPEC.md §1, §3, §7; decisions 065, 066): page views come
 * from the router, features call `track(act, result)`, sign-in calls `noteLogin()`, the privacy
 * page calls `setPrivacyChoice()`. Nothing here throws or waits on the network in a caller's path.
 */

const sessionStore: KeyValueStore = {
  get: (key) => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // no session storage: every load is a first visit
    }
  },
  remove: (key) => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

function body(events: TrackingEvent[]): string {
  return JSON.stringify({ ...defaultParams(), events });
}

async function send(events: TrackingEvent[]): Promise<boolean> {
  try {
    const response = await fetch(API_PATHS.trackingSend, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(events), keepalive: true });
    if (!response.ok) return response.status >= 400 && response.status < 500 && response.status !== 429;
    return true;
  } catch {
    return false;
  }
}

function beacon(events: TrackingEvent[]): boolean {
  try {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(API_PATHS.trackingSend, new Blob([body(events)], { type: 'application/json' }));
  } catch {
    return false;
  }
}

let tracker: Tracker | null = null;

function instance(): Tracker {
  tracker ??= new Tracker({
    session: sessionStore,
    local: localStore,
    now: () => Date.now(),
    deviceId: getDeviceId,
    phone: () => useSessionStore.getState().user?.phone ?? null,
    environment: import.meta.env.PROD ? 'prod' : 'staging',
    platform: () => detectRegClient(currentUserAgent()),
    location: () => ({ pathname: window.location.pathname, search: window.location.search, referrer: document.referrer }),
    allowed: trackingAllowed,
    send,
    beacon,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return tracker;
}

/** The landing query, kept for the ad-click upload's `refer` (the router may change the URL). */
let landingSearch = '';
let installed = false;

function startWhenAllowed(): void {
  if (!trackingAllowed()) return;
  instance().pageView(window.location.pathname);
  void startAttribution(landingSearch);
}

/** Installs the page-hide flush, the error logs and the consent listener; starts tracking if agreed. */
export function startTracking(): void {
  if (installed) return;
  installed = true;
  landingSearch = window.location.search;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') tracker?.flushWithBeacon();
  });
  window.addEventListener('pagehide', () => tracker?.flushWithBeacon());
  window.addEventListener('error', (event) => logClient({ type: 'error', message: String(event.message).slice(0, 500) }));
  window.addEventListener('unhandledrejection', (event) => logClient({ type: 'unhandledrejection', message: String(event.reason).slice(0, 500) }));
  onConsentChange(() => {
    if (trackingAllowed()) startWhenAllowed();
    else tracker?.discard();
  });
  startWhenAllowed();
}

/** A page view (the router calls it on every location change). */
export function trackPageView(pathname: string): void {
  if (trackingAllowed()) instance().pageView(pathname);
}

/** An act on the current page, with its result (an object becomes JSON; absent = 'success'). */
export function track(act: string, result?: unknown): void {
  if (trackingAllowed()) instance().track(act, { result });
}

/** An ad-attribution event (pushMark 2), with the Adjust id when attribution answers within 300 ms. */
export async function trackAdEvent(eventType: string, result?: unknown): Promise<void> {
  if (!trackingAllowed()) return;
  const adjustId = await adidForEvent();
  const options: TrackOptions = { result, ad: { eventType, adjustId } };
  instance().track(TRACKING_ACTS.adEvent, options);
}

/** Agree or Reject on the privacy policy: Agree starts tracking, Reject stops it and drops what waits. */
export function setPrivacyChoice(agreed: boolean): void {
  recordConsentChoice(agreed);
}

/** A successful sign-in: counts as agreement unless the user rejected, then records it. */
export function noteLogin(): void {
  recordLoginConsent();
  track(TRACKING_ACTS.loginSuccess);
  void trackAdEvent('login');
}

/** A client log in the survey format to the configured log endpoint (after agreement only). */
export function logClient(survey: Record<string, unknown>): void {
  if (!trackingAllowed()) return;
  void postClientLog({ ...survey, page: window.location.pathname, deviceId: getDeviceId(), timestamp: Date.now() });
}

export { TRACKING_ACTS } from '@sen/contract';
