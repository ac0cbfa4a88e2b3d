import { AD_PUSH_MARK, TRACKING_ACTS, TRACKING_LIMITS, trackingPageName, type TrackingEvent } from '@sen/contract';

/** Key of the session flag and the session's tracking state in session storage (SPEC.md §4). */
export const SESSION_STORAGE_KEY = 'tracking-session';
/** Key of the unsent events in local storage (SPEC.md §3: the tracking cache). */
export const CACHE_STORAGE_KEY = 'tracking-cache';
/** Events are sent in batches of this many (or sooner, see FLUSH_DELAY_MS). */
export const FLUSH_BATCH = 20;
/** An event waits at most this long before its batch is sent. */
export const FLUSH_DELAY_MS = 5_000;
/** Unsent events kept at most (oldest dropped): a dead endpoint must not fill the phone's storage. */
export const MAX_QUEUED = 200;

/** The session's navigation state, kept in session storage: its presence is the session flag. */
export interface SessionState {
  counter: number;
  firstPage: string | null;
  page: string | null;
  previousPage: string | null;
  /** The last act on the previous page. */
  previousAct: string | null;
  /** The last act on the current page. */
  lastAct: string | null;
  source: string;
  referer: string;
}

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface TrackerDeps {
  /** Session storage (the session flag and state). */
  session: KeyValueStore;
  /** Local storage (the unsent-event cache). */
  local: KeyValueStore;
  now: () => number;
  deviceId: () => string;
  phone: () => string | null;
  /** 'prod' for a production build, else 'staging'. */
  environment: 'prod' | 'staging';
  /** Device platform (regClient: Android, IOS, PC, UNKNOWN). */
  platform: () => string;
  /** The current location's path, query and the document's referrer. */
  location: () => { pathname: string; search: string; referrer: string };
  allowed: () => boolean;
  /** Sends a batch while the page lives (fetch); resolves true when the server took it. Never throws. */
  send: (events: TrackingEvent[]) => Promise<boolean>;
  /** Sends a batch as the page goes away (sendBeacon); true when the browser queued it. Never throws. */
  beacon: (events: TrackingEvent[]) => boolean;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface TrackOptions {
  /** An object becomes its JSON text; absent means 'success'. */
  result?: unknown;
  /** Ad-attribution fields (SPEC.md §3). */
  ad?: { eventType: string; adjustId: string };
  /** When it happened (default now): the tracker may load after the act it records. */
  at?: number;
}

/** The landing query's `utm_source`, else `source`, else ''. */
export function sourceOf(search: string): string {
  const params = new URLSearchParams(search);
  return params.get('utm_source') ?? params.get('source') ?? '';
}

function resultText(result: unknown): string {
  if (result === undefined || result === null) return 'success';
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return text.slice(0, TRACKING_LIMITS.maxResultChars);
}

/**
 * Behaviour tracking (SPEC.md §3, §4): events with every field of §3, a session flag in session
 * storage (the first visit of a session resets the counter and sends an in-app event), a counter
 * rising with each event, page names of §2. Events wait in a queue (persisted, so a reload loses
 * nothing) and go in batches; when the page is hidden the queue goes by sendBeacon. Nothing is
 * recorded unless `allowed()` (the privacy-policy choice, decision 066). Every failure is silent.
 */
export class Tracker {
  private queue: TrackingEvent[];
  private timer: unknown = null;
  private sending = false;

  constructor(private readonly deps: TrackerDeps) {
    this.queue = this.readCache();
  }

  /** The session state, starting the session (in-app event, counter reset) on its first visit. */
  private session(at?: number, startPath?: string): SessionState {
    const stored = this.readSession();
    if (stored) return stored;
    const { search, referrer, pathname } = this.deps.location();
    const fresh: SessionState = {
      counter: 0,
      firstPage: null,
      page: null,
      previousPage: null,
      previousAct: null,
      lastAct: null,
      source: sourceOf(search),
      referer: referrer,
    };
    this.writeSession(fresh);
    this.emit(fresh, TRACKING_ACTS.inApp, { at }, trackingPageName(startPath ?? pathname));
    return fresh;
  }

  /** A page view, from the router; the same page again (a re-render or a replace) is not one. */
  pageView(pathname: string, at?: number): void {
    if (!this.deps.allowed()) return;
    const state = this.session(at, pathname);
    const name = trackingPageName(pathname);
    if (state.page === name) return;
    // The session's first page keeps its in-app event as its last act; later pages start afresh.
    if (state.page !== null) {
      state.previousPage = state.page;
      state.previousAct = state.lastAct;
      state.lastAct = null;
    }
    state.page = name;
    state.firstPage ??= name;
    this.emit(state, TRACKING_ACTS.pageView, { at });
  }

  /** An act on the current page (a tap, a result). */
  track(act: string, options: TrackOptions = {}): void {
    if (!this.deps.allowed()) return;
    const state = this.session(options.at);
    if (state.page === null) {
      const page = trackingPageName(this.deps.location().pathname);
      state.page = page;
      state.firstPage ??= page;
    }
    this.emit(state, act, options);
  }

  private emit(state: SessionState, act: string, options: TrackOptions, pageOverride?: string): void {
    state.counter += 1;
    const page = pageOverride ?? state.page ?? trackingPageName(this.deps.location().pathname);
    const event: TrackingEvent = {
      environment: this.deps.environment,
      version: 1,
      timestamp: options.at ?? this.deps.now(),
      phone: this.deps.phone() ?? '',
      page,
      previousPage: state.previousPage ?? '',
      firstPage: state.firstPage ?? page,
      previousAct: state.previousAct ?? '',
      lastAct: state.lastAct ?? '',
      deviceId: this.deps.deviceId(),
      source: state.source,
      referer: state.referer,
      type: 'html',
      code: this.deps.platform(),
      act,
      result: resultText(options.result),
      counter: state.counter,
      ...(options.ad ? { eventType: options.ad.eventType, adjustId: options.ad.adjustId, pushMark: AD_PUSH_MARK } : {}),
    };
    state.lastAct = act;
    this.writeSession(state);
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    this.writeCache();
    this.schedule();
  }

  private schedule(): void {
    if (this.queue.length >= FLUSH_BATCH) {
      this.deps.clearTimer(this.timer);
      this.timer = this.deps.setTimer(() => void this.flush(), 0);
    } else if (this.timer === null) {
      this.timer = this.deps.setTimer(() => void this.flush(), FLUSH_DELAY_MS);
    }
  }

  /** Sends what is queued (batches of at most FLUSH_BATCH); a failed batch goes back to the queue for later. */
  async flush(): Promise<void> {
    this.deps.clearTimer(this.timer);
    this.timer = null;
    if (this.sending || this.queue.length === 0) return;
    if (!this.deps.allowed()) return this.discard();
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, FLUSH_BATCH);
        this.writeCache();
        if (!(await this.deps.send(batch))) {
          this.queue.unshift(...batch);
          this.writeCache();
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** The page is being hidden: hand everything queued to sendBeacon. */
  flushWithBeacon(): void {
    this.deps.clearTimer(this.timer);
    this.timer = null;
    if (!this.deps.allowed()) return this.discard();
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, FLUSH_BATCH);
      if (!this.deps.beacon(batch)) break;
      this.queue.splice(0, batch.length);
    }
    this.writeCache();
  }

  /** Forgets every unsent event (after Reject). */
  discard(): void {
    this.deps.clearTimer(this.timer);
    this.timer = null;
    this.queue = [];
    this.deps.local.remove(CACHE_STORAGE_KEY);
  }

  /** Events waiting to be sent (tests, diagnostics). */
  pending(): readonly TrackingEvent[] {
    return this.queue;
  }

  private readSession(): SessionState | null {
    const text = this.deps.session.get(SESSION_STORAGE_KEY);
    if (!text) return null;
    try {
      const parsed = JSON.parse(text) as SessionState;
      return typeof parsed.counter === 'number' ? parsed : null;
    } catch {
      return null;
    }
  }

  private writeSession(state: SessionState): void {
    this.deps.session.set(SESSION_STORAGE_KEY, JSON.stringify(state));
  }

  private readCache(): TrackingEvent[] {
    const text = this.deps.local.get(CACHE_STORAGE_KEY);
    if (!text) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed.slice(-MAX_QUEUED) as TrackingEvent[]) : [];
    } catch {
      return [];
    }
  }

  private writeCache(): void {
    if (this.queue.length === 0) this.deps.local.remove(CACHE_STORAGE_KEY);
    else this.deps.local.set(CACHE_STORAGE_KEY, JSON.stringify(this.queue));
  }
}
