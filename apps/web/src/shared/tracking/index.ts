import { TRACKING_ACTS } from '@sen/contract';
import { onConsentChange, recordConsentChoice, recordLoginConsent, trackingAllowed } from './consent.ts';
import type * as RuntimeModule from './runtime.ts';

/*
 * The tracking API every feature uses (SPEC.md §1, §3, §7; decisions 065, 066): page views come
 * from the router, features call `track(act, result)`, sign-in calls `noteLogin()`, the privacy
 * page calls `setPrivacyChoice()`. This façade is all the first route carries: the runtime
 * (tracker, sending, attribution, client logs) is its own chunk, fetched only once tracking is
 * allowed. Calls made before it arrives keep their time and order. Nothing here throws or waits.
 */

type Runtime = typeof RuntimeModule;
let runtime: Promise<Runtime> | null = null;
let loaded: Runtime | null = null;

function withRuntime(work: (module: Runtime) => void): void {
  if (!trackingAllowed()) return;
  // Where and when tracking began (the page the choice was made on), not where the app is once the chunk arrives.
  const startPath = window.location.pathname;
  const startAt = Date.now();
  runtime ??= import('./runtime.ts').then((module) => {
    loaded = module;
    module.begin(landingSearch, startPath, startAt);
    return module;
  });
  runtime.then(work).catch(() => {
    // A chunk that failed to load costs the events, never the page.
  });
}

/** The landing query (its utm_source, and the ad-click upload's refer): the router may change the URL. */
let landingSearch = '';
let installed = false;

/** Installs the page-hide flush, the error logs and the consent listener; starts tracking if agreed. */
export function startTracking(): void {
  if (installed) return;
  installed = true;
  landingSearch = window.location.search;
  const hide = () => loaded?.flushWithBeacon();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hide();
  });
  window.addEventListener('pagehide', hide);
  window.addEventListener('error', (event) => logClient({ type: 'error', message: String(event.message).slice(0, 500) }));
  window.addEventListener('unhandledrejection', (event) => logClient({ type: 'unhandledrejection', message: String(event.reason).slice(0, 500) }));
  onConsentChange(() => {
    if (trackingAllowed()) withRuntime(() => undefined);
    else loaded?.discard();
  });
  withRuntime(() => undefined);
}

/** A page view (the router calls it on every location change). */
export function trackPageView(pathname: string): void {
  const at = Date.now();
  withRuntime((module) => module.pageView(pathname, at));
}

/** An act on the current page, with its result (an object becomes JSON; absent = 'success'). */
export function track(act: string, result?: unknown): void {
  const at = Date.now();
  withRuntime((module) => module.trackAct(act, result, at));
}

/** An ad-attribution event (pushMark 2), with the Adjust id when attribution answers within 300 ms. */
export function trackAdEvent(eventType: string, result?: unknown): void {
  const at = Date.now();
  withRuntime((module) => void module.trackAd(eventType, result, at));
}

/** Agree or Reject on the privacy policy: Agree starts tracking, Reject stops it and drops what waits. */
export function setPrivacyChoice(agreed: boolean): void {
  recordConsentChoice(agreed);
}

/** A successful sign-in: counts as agreement unless the user rejected, then records it. */
export function noteLogin(): void {
  recordLoginConsent();
  track(TRACKING_ACTS.loginSuccess);
  trackAdEvent('login');
}

/** A client log in the survey format to the configured log endpoint (after agreement only). */
export function logClient(survey: Record<string, unknown>): void {
  withRuntime((module) => module.logClient(survey));
}

export { TRACKING_ACTS } from '@sen/contract';
