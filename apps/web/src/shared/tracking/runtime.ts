import { TRACKING_ACTS, detectRegClient, type TrackingEvent } from '@sen/contract';
import { endpoints } from '../request/endpoints.ts';
import { getDeviceId } from '../device/device-id.ts';
import { currentUserAgent } from '../device/user-agent.ts';
import { defaultParams } from '../request/default-params.ts';
import { useSessionStore } from '../session/session-store.ts';
import { localStore } from '../storage/local-store.ts';
import { adidForEvent, startAttribution } from './attribution.ts';
import { postClientLog } from './client-log.ts';
import { trackingAllowed } from './consent.ts';
import { Tracker, type KeyValueStore } from './tracker.ts';

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
    const response = await fetch(endpoints.trackingSend.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(events), keepalive: true });
    if (!response.ok) return response.status >= 400 && response.status < 500 && response.status !== 429;
    return true;
  } catch {
    return false;
  }
}

function beacon(events: TrackingEvent[]): boolean {
  try {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoints.trackingSend.path, new Blob([body(events)], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/*
 * The tracking runtime, loaded on demand by the façade (index.ts) only once tracking is allowed:
 * visitors who have not chosen, or rejected, never download it (decision 066).
 */

let tracker: Tracker | null = null;
/** The landing URL's query (source, refer), handed over by the façade. */
let landingSearch = '';

function instance(): Tracker {
  tracker ??= new Tracker({
    session: sessionStore,
    local: localStore,
    now: () => Date.now(),
    deviceId: getDeviceId,
    phone: () => useSessionStore.getState().user?.phone ?? null,
    environment: import.meta.env.PROD ? 'prod' : 'staging',
    platform: () => detectRegClient(currentUserAgent()),
    location: () => ({ pathname: window.location.pathname, search: landingSearch, referrer: document.referrer }),
    allowed: trackingAllowed,
    send,
    beacon,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return tracker;
}

export function begin(search: string, pathname: string, at: number): void {
  landingSearch = search;
  instance().pageView(pathname, at);
  void startAttribution(landingSearch);
}

export function pageView(pathname: string, at: number): void {
  instance().pageView(pathname, at);
}

export function trackAct(act: string, result: unknown, at: number): void {
  instance().track(act, { result, at });
}

export async function trackAd(eventType: string, result: unknown, at: number): Promise<void> {
  const adjustId = await adidForEvent();
  instance().track(TRACKING_ACTS.adEvent, { result, at, ad: { eventType, adjustId } });
}

export function flushWithBeacon(): void {
  tracker?.flushWithBeacon();
}

export function discard(): void {
  tracker?.discard();
}

export function logClient(survey: Record<string, unknown>): void {
  void postClientLog({ ...survey, page: window.location.pathname, deviceId: getDeviceId(), timestamp: Date.now() });
}
