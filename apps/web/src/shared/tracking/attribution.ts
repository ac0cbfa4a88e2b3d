import { AD_CLICK_UPLOAD_RETRY_MS, ATTRIBUTION_EVENT_WAIT_MS, ATTRIBUTION_POLL_MS, ATTRIBUTION_WAIT_MS, mediaSourceOf } from '@sen/contract';
import { callEndpoint } from '../request/call-endpoint.ts';
import { localStore } from '../storage/local-store.ts';
import { endpoints } from '../request/endpoints.ts';

/** The Adjust app token of this build (VITE_ADJUST_APP_TOKEN); empty: attribution is off and nothing waits for it. */
export const ADJUST_APP_TOKEN: string = import.meta.env.VITE_ADJUST_APP_TOKEN || '';
/** Set to 'true' once the ad-click upload succeeded (SPEC.md §4: isLogAdjust): it happens once. */
export const IS_LOG_ADJUST_KEY = 'isLogAdjust';

export interface AttributionData {
  adid: string;
  adgroup?: string | undefined;
}

let attribution: AttributionData | null = null;
let started: Promise<AttributionData | null> | null = null;

/**
 * Polls `check` every `intervalMs` until it gives a value or `totalMs` pass (then null); it never
 * blocks: callers that do not await it go on at once.
 */
export function pollFor<T>(check: () => T | null | undefined, intervalMs: number, totalMs: number): Promise<T | null> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const tick = () => {
      const value = check();
      if (value !== null && value !== undefined) return resolve(value);
      if (Date.now() - startedAt >= totalMs) return resolve(null);
      setTimeout(tick, intervalMs);
    };
    tick();
  });
}

/** The body of the ad-click upload (SPEC.md §7): adId, refer (query without '?'), data (attribution JSON). */
export function adClickPayload(data: AttributionData, search: string) {
  const adgroup = data.adgroup ?? '';
  return {
    adId: data.adid,
    refer: search.replace(/^\?/, ''),
    data: JSON.stringify({ adid: data.adid, adgroup, media_source: mediaSourceOf(adgroup) }),
  };
}

/**
 * Uploads the attribution once (isLogAdjust), retrying with a growing pause until it succeeds or
 * AD_CLICK_UPLOAD_RETRY_MS have passed. Errors are silent.
 */
export async function uploadAdClickOnce(data: AttributionData, search: string, upload = (payload: ReturnType<typeof adClickPayload>) => callEndpoint(endpoints.adClickUpload, payload, { skipErrorHandler: true })): Promise<boolean> {
  if (localStore.get(IS_LOG_ADJUST_KEY) === 'true') return true;
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await upload(adClickPayload(data, search));
      localStore.set(IS_LOG_ADJUST_KEY, 'true');
      return true;
    } catch {
      const pause = Math.min(60_000, 1_000 * 2 ** attempt);
      if (Date.now() - startedAt + pause > AD_CLICK_UPLOAD_RETRY_MS) return false;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Starts the Adjust web SDK (production, warning-level logs) when a token is configured: the SDK
 * is fetched on demand (its own chunk, never on the first route), then the start-up wait polls
 * every 30 ms up to 10 s for the attribution, without anyone waiting on it, and uploads it once.
 */
export function startAttribution(search: string): Promise<AttributionData | null> {
  if (!ADJUST_APP_TOKEN) return Promise.resolve(null);
  started ??= (async () => {
    try {
      const { default: Adjust } = await import('@adjustcom/adjust-web-sdk');
      Adjust.initSdk({
        appToken: ADJUST_APP_TOKEN,
        environment: 'production',
        logLevel: 'warning',
        attributionCallback: (_event, value) => {
          attribution = { adid: value.adid, adgroup: value.adgroup };
        },
      });
      void Adjust.waitForAttribution().then((value) => {
        attribution = { adid: value.adid, adgroup: value.adgroup };
      });
      const found = await pollFor(() => attribution, ATTRIBUTION_POLL_MS, ATTRIBUTION_WAIT_MS);
      if (found) void uploadAdClickOnce(found, search);
      return found;
    } catch {
      return null;
    }
  })();
  return started;
}

/** The attribution's adid for an ad event, waiting at most 300 ms; '' when off or not there yet. */
export async function adidForEvent(): Promise<string> {
  if (!ADJUST_APP_TOKEN || !started) return '';
  if (attribution) return attribution.adid;
  const found = await pollFor(() => attribution, ATTRIBUTION_POLL_MS, ATTRIBUTION_EVENT_WAIT_MS);
  return found?.adid ?? '';
}
