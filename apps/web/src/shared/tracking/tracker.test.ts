import { AD_PUSH_MARK, TRACKING_ACTS, mediaSourceOf, trackingPageName, type TrackingEvent } from '@sen/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_STORAGE_KEY, FLUSH_BATCH, FLUSH_DELAY_MS, MAX_QUEUED, SESSION_STORAGE_KEY, Tracker, sourceOf, type KeyValueStore, type TrackerDeps } from './tracker.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value), remove: (key) => void data.delete(key) };
}

function setup(overrides: Partial<TrackerDeps> = {}) {
  const sent: TrackingEvent[][] = [];
  const beaconed: TrackingEvent[][] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  let allowed = true;
  let now = 1_700_000_000_000;
  const location = { pathname: '/home/no-auth', search: '?utm_source=facebook&x=1', referrer: 'https://news.example/' };
  const deps: TrackerDeps = {
    session: memoryStore(),
    local: memoryStore(),
    now: () => now,
    deviceId: () => 'device-1',
    phone: () => '0912345678',
    environment: 'staging',
    platform: () => 'Android',
    location: () => location,
    allowed: () => allowed,
    send: async (events) => {
      sent.push(events);
      return true;
    },
    beacon: (events) => {
      beaconed.push(events);
      return true;
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      if (handle) (handle as { cleared: boolean }).cleared = true;
    },
    ...overrides,
  };
  return {
    tracker: new Tracker(deps),
    deps,
    sent,
    beaconed,
    timers,
    location,
    setAllowed: (value: boolean) => (allowed = value),
    tick: (ms: number) => (now += ms),
  };
}

describe('tracking events', () => {
  it('a first visit sends the in-app event first, then page views, with every field of SPEC §3', () => {
    const { tracker } = setup();
    tracker.pageView('/home/no-auth');
    const [inApp, view] = tracker.pending();
    expect(inApp).toEqual({
      environment: 'staging',
      version: 1,
      timestamp: 1_700_000_000_000,
      phone: '0912345678',
      page: 'home_no_auth',
      previousPage: '',
      firstPage: 'home_no_auth',
      previousAct: '',
      lastAct: '',
      deviceId: 'device-1',
      source: 'facebook',
      referer: 'https://news.example/',
      type: 'html',
      code: 'Android',
      act: TRACKING_ACTS.inApp,
      result: 'success',
      counter: 1,
    });
    expect(view).toMatchObject({ act: TRACKING_ACTS.pageView, page: 'home_no_auth', firstPage: 'home_no_auth', lastAct: TRACKING_ACTS.inApp, counter: 2 });
  });

  it('keeps previous page, first page, previous act and last act as the user moves', () => {
    const { tracker } = setup();
    tracker.pageView('/home/no-auth');
    tracker.track('apply_click', { result: { from: 'card' } });
    tracker.pageView('/login');
    tracker.track('send_code');
    tracker.track('login_submit', { result: 'fail' });
    const events = tracker.pending();
    expect(events.map((event) => [event.act, event.page, event.previousPage, event.previousAct, event.lastAct, event.firstPage, event.counter])).toEqual([
      [TRACKING_ACTS.inApp, 'home_no_auth', '', '', '', 'home_no_auth', 1],
      [TRACKING_ACTS.pageView, 'home_no_auth', '', '', TRACKING_ACTS.inApp, 'home_no_auth', 2],
      ['apply_click', 'home_no_auth', '', '', TRACKING_ACTS.pageView, 'home_no_auth', 3],
      [TRACKING_ACTS.pageView, 'login', 'home_no_auth', 'apply_click', '', 'home_no_auth', 4],
      ['send_code', 'login', 'home_no_auth', 'apply_click', TRACKING_ACTS.pageView, 'home_no_auth', 5],
      ['login_submit', 'login', 'home_no_auth', 'apply_click', 'send_code', 'home_no_auth', 6],
    ]);
    expect(events[2]!.result).toBe('{"from":"card"}');
    expect(events[5]!.result).toBe('fail');
  });

  it('the same page again is not a new page view', () => {
    const { tracker } = setup();
    tracker.pageView('/login');
    tracker.pageView('/login/');
    tracker.pageView('/login');
    expect(tracker.pending().map((event) => event.act)).toEqual([TRACKING_ACTS.inApp, TRACKING_ACTS.pageView]);
  });

  it('the session flag: a later load in the same session continues the counter; a new session resets it with a new in-app event', () => {
    const first = setup();
    first.tracker.pageView('/login');
    first.tracker.track('a');
    expect(JSON.parse(first.deps.session.get(SESSION_STORAGE_KEY)!)).toMatchObject({ counter: 3, page: 'login' });

    // A reload: same session storage, a new tracker.
    const reload = new Tracker({ ...first.deps, local: { get: () => null, set: () => {}, remove: () => {} } });
    reload.track('b');
    expect(reload.pending().map((event) => [event.act, event.counter])).toEqual([['b', 4]]);

    // A new session: empty session storage.
    const next = new Tracker({ ...first.deps, session: memoryStore(), local: { get: () => null, set: () => {}, remove: () => {} } });
    next.pageView('/mine');
    expect(next.pending().map((event) => [event.act, event.counter])).toEqual([
      [TRACKING_ACTS.inApp, 1],
      [TRACKING_ACTS.pageView, 2],
    ]);
  });

  it('ad-attribution events carry eventType, adjustId and pushMark 2', () => {
    const { tracker } = setup();
    tracker.track(TRACKING_ACTS.adEvent, { ad: { eventType: 'login', adjustId: 'adid-9' } });
    expect(tracker.pending().at(-1)).toMatchObject({ act: TRACKING_ACTS.adEvent, eventType: 'login', adjustId: 'adid-9', pushMark: AD_PUSH_MARK });
    expect(tracker.pending()[0]).not.toHaveProperty('pushMark');
  });

  it('records nothing at all before the privacy choice allows it', () => {
    const { tracker, deps, setAllowed, timers } = setup();
    setAllowed(false);
    tracker.pageView('/home/no-auth');
    tracker.track('x');
    expect(tracker.pending()).toHaveLength(0);
    expect(deps.session.get(SESSION_STORAGE_KEY)).toBeNull();
    expect(deps.local.get(CACHE_STORAGE_KEY)).toBeNull();
    expect(timers).toHaveLength(0);
  });
});

describe('page names (SPEC §2)', () => {
  it('names the listed paths and tracks the others as they are', () => {
    expect(trackingPageName('/')).toBe('home');
    expect(trackingPageName('/home')).toBe('home');
    expect(trackingPageName('/login')).toBe('login');
    expect(trackingPageName('/login/create-password')).toBe('create_password');
    expect(trackingPageName('/home/has-auth')).toBe('home_has_auth');
    expect(trackingPageName('/authentication/batch/kyc')).toBe('kyc');
    expect(trackingPageName('/authentication/info/personal-data')).toBe('personal_data');
    expect(trackingPageName('/authentication/batch/operator-information')).toBe('operator_information');
    expect(trackingPageName('/authentication/info/account-and-contacts')).toBe('account_and_contacts');
    expect(trackingPageName('/authentication/additional-information')).toBe('additional_information');
    expect(trackingPageName('/product/info')).toBe('product_info');
    expect(trackingPageName('/mine/settings')).toBe('/mine/settings');
    expect(trackingPageName('/message/info/42')).toBe('/message/info/42');
  });

  it('reads the source from utm_source, else source', () => {
    expect(sourceOf('?utm_source=tiktok&source=x')).toBe('tiktok');
    expect(sourceOf('?source=zalo')).toBe('zalo');
    expect(sourceOf('')).toBe('');
  });

  it('media_source is the adgroup before the first " ("', () => {
    expect(mediaSourceOf('facebook (Summer) (2)')).toBe('facebook');
    expect(mediaSourceOf('google')).toBe('google');
    expect(mediaSourceOf('tiktok(ads)')).toBe('tiktok(ads)');
    expect(mediaSourceOf('')).toBe('');
    expect(mediaSourceOf(undefined)).toBe('');
  });
});

describe('batching and flushing', () => {
  let context: ReturnType<typeof setup>;
  beforeEach(() => {
    context = setup();
  });

  it('waits FLUSH_DELAY_MS, then sends the queue in one batch and empties the cache', async () => {
    context.tracker.pageView('/login');
    expect(context.timers[0]!.ms).toBe(FLUSH_DELAY_MS);
    expect(context.deps.local.get(CACHE_STORAGE_KEY)).not.toBeNull();
    await context.tracker.flush();
    expect(context.sent).toHaveLength(1);
    expect(context.sent[0]!.map((event) => event.act)).toEqual([TRACKING_ACTS.inApp, TRACKING_ACTS.pageView]);
    expect(context.tracker.pending()).toHaveLength(0);
    expect(context.deps.local.get(CACHE_STORAGE_KEY)).toBeNull();
  });

  it('sends at once when a batch is full', () => {
    for (let index = 0; index < FLUSH_BATCH; index += 1) context.tracker.track(`a${index}`);
    expect(context.timers.at(-1)!.ms).toBe(0);
  });

  it('keeps a batch the server did not take, silently, and sends it next time; the queue is bounded', async () => {
    let up = false;
    const sent: TrackingEvent[][] = [];
    const { tracker } = setup({ send: async (events) => (up ? (sent.push(events), true) : false) });
    tracker.track('a');
    await expect(tracker.flush()).resolves.toBeUndefined();
    expect(tracker.pending()).toHaveLength(2);
    up = true;
    await tracker.flush();
    expect(sent.flat().map((event) => event.act)).toEqual([TRACKING_ACTS.inApp, 'a']);
    for (let index = 0; index < MAX_QUEUED + 50; index += 1) tracker.track(`b${index}`);
    expect(tracker.pending()).toHaveLength(MAX_QUEUED);
    expect(tracker.pending().at(-1)!.act).toBe(`b${MAX_QUEUED + 49}`);
  });

  it('hands the queue to sendBeacon when the page is hidden, in batches', () => {
    for (let index = 0; index < FLUSH_BATCH + 5; index += 1) context.tracker.track(`a${index}`);
    context.tracker.flushWithBeacon();
    expect(context.beaconed.map((batch) => batch.length)).toEqual([FLUSH_BATCH, 6]);
    expect(context.tracker.pending()).toHaveLength(0);
  });

  it('keeps what the browser would not queue for a beacon', () => {
    const { tracker } = setup({ beacon: () => false });
    tracker.track('a');
    tracker.flushWithBeacon();
    expect(tracker.pending()).toHaveLength(2);
  });

  it('unsent events survive a reload (the tracking cache)', () => {
    context.tracker.track('a');
    const reloaded = new Tracker(context.deps);
    expect(reloaded.pending().map((event) => event.act)).toEqual([TRACKING_ACTS.inApp, 'a']);
  });

  it('discards everything queued when tracking is no longer allowed (Reject)', async () => {
    context.tracker.track('a');
    context.setAllowed(false);
    await context.tracker.flush();
    expect(context.sent).toHaveLength(0);
    expect(context.tracker.pending()).toHaveLength(0);
    expect(context.deps.local.get(CACHE_STORAGE_KEY)).toBeNull();
  });

});
