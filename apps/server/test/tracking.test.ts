import { ADMIN_PATHS, API_PATHS, ERRORS, TRACKING_ACTS, TRACKING_LIMITS, type FunnelReport } from '@sen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adAttributions, clientLogs, trackingEvents, userAuthState, users } from '../src/db/schema.ts';
import { trackingRetentionSweep } from '../src/jobs/tracking-retention.sweep.ts';
import { funnelSvg, funnelTable } from '../src/modules/tracking/index.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, randomDeviceId, randomPhone, type TestApp } from './helpers/test-app.ts';

const EVENTS_PER_DEVICE_MINUTE = 250;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({
      ...config,
      // The funnel's certification steps follow the configured items; the seeded figures assume every item.
      authConfig: 'ID,WORK,BANK,KYC,TELECOM',
      tracking: { ...config.tracking, eventsPerDeviceMinute: EVENTS_PER_DEVICE_MINUTE },
    }),
  });
});
afterAll(async () => t?.close());

function event(deviceId: string, overrides: Record<string, unknown> = {}) {
  return {
    environment: 'staging',
    version: 1,
    timestamp: t.clock.now().getTime(),
    page: 'home_no_auth',
    previousPage: 'login',
    firstPage: 'home',
    previousAct: 'page_view',
    lastAct: 'page_view',
    deviceId,
    source: 'facebook',
    referer: 'https://example.com/',
    type: 'html',
    code: 'Android',
    act: 'page_view',
    result: 'success',
    counter: 1,
    ...overrides,
  };
}

/** The beacon's call: unsigned, no session, no default params required. */
function send(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: API_PATHS.trackingSend, headers: { 'content-type': 'application/json', lang: 'en_US', ...headers }, payload: JSON.stringify(payload) });
}

async function storedFor(deviceId: string) {
  return t.database.db.select().from(trackingEvents).where(eq(trackingEvents.deviceId, deviceId)).orderBy(trackingEvents.id);
}

describe('burying/event/send', () => {
  it('stores a batch with every field, without a sign or a session (sendBeacon)', async () => {
    const deviceId = randomDeviceId();
    const response = await send({ events: [event(deviceId, { act: TRACKING_ACTS.inApp, counter: 1 }), event(deviceId, { counter: 2 })] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { accepted: 2 } });
    const rows = await storedFor(deviceId);
    expect(rows.map((row) => [row.act, row.counter])).toEqual([
      [TRACKING_ACTS.inApp, 1],
      ['page_view', 2],
    ]);
    expect(rows[1]).toMatchObject({
      environment: 'staging',
      eventVersion: 1,
      page: 'home_no_auth',
      previousPage: 'login',
      firstPage: 'home',
      previousAct: 'page_view',
      lastAct: 'page_view',
      source: 'facebook',
      referer: 'https://example.com/',
      type: 'html',
      code: 'Android',
      result: 'success',
      userId: null,
    });
  });

  it('accepts one event at the top level with the default params (a single-event client), signed or not', async () => {
    const deviceId = randomDeviceId();
    const response = await t.post(API_PATHS.trackingSend, { payload: event(deviceId, { act: 'single' }) });
    expect(response.envelope).toMatchObject({ code: 200, data: { accepted: 1 } });
    const [row] = await storedFor(deviceId);
    // The app version of the default params (1.0.0) is not the event format's version.
    expect(row).toMatchObject({ act: 'single', eventVersion: 1 });
  });

  it('ignores unknown fields', async () => {
    const deviceId = randomDeviceId();
    const response = await send({ events: [event(deviceId, { contacts: ['x'], smsList: 'y', nested: { a: 1 } })], extra: true });
    expect(response.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
    expect(await storedFor(deviceId)).toHaveLength(1);
  });

  it('ties the event to the user whose phone it names, and never stores the phone', async () => {
    const session = await t.loginWithOtp();
    const deviceId = randomDeviceId();
    await send({ events: [event(deviceId, { phone: session.phone.slice(1) }), event(deviceId, { phone: '0999999999' })] });
    const rows = await storedFor(deviceId);
    expect(rows[0]!.userId).toBe(await t.internalUserId(session.id));
    expect(rows[1]!.userId).toBeNull();
    expect(JSON.stringify(rows)).not.toContain(session.phone);
  });

  it('stamps an event with the server time when the device clock is more than a day off', async () => {
    const deviceId = randomDeviceId();
    await send({ events: [event(deviceId, { timestamp: 1000 })] });
    const [row] = await storedFor(deviceId);
    expect(Math.abs(row!.occurredAt.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('refuses a batch over the limit with a clear envelope error and stores nothing', async () => {
    const deviceId = randomDeviceId();
    const events = Array.from({ length: TRACKING_LIMITS.maxEventsPerBatch + 1 }, () => event(deviceId));
    const response = await send({ events });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, message: 'Too many records in one batch (at most 100)' });
    expect(await storedFor(deviceId)).toHaveLength(0);
  });

  it('refuses malformed batches (missing act, events not a list, bad timestamp, empty list, bad JSON) without a 5xx', async () => {
    const deviceId = randomDeviceId();
    const { act: _act, ...withoutAct } = event(deviceId);
    for (const payload of [{ events: [withoutAct] }, { events: 'x' }, { events: [event(deviceId, { timestamp: 'soon' })] }, { events: [] }, { events: [event(deviceId, { pushMark: 3 })] }]) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code });
    }
    const broken = await t.app.inject({ method: 'POST', url: API_PATHS.trackingSend, headers: { 'content-type': 'application/json' }, payload: '{"events": [' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400 });
    expect(await storedFor(deviceId)).toHaveLength(0);
  });

  it('refuses an oversized body with an envelope (413)', async () => {
    const huge = await send({ events: [event(randomDeviceId(), { result: 'x'.repeat(t.config.bodyLimitBytes) })] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('code');
  });

  it('limits the events of one device per minute (429 with retryAfterSeconds), other devices unaffected', async () => {
    const deviceId = randomDeviceId();
    const batch = () => ({ events: Array.from({ length: 100 }, () => event(deviceId)) });
    expect((await send(batch())).statusCode).toBe(200);
    expect((await send(batch())).statusCode).toBe(200);
    const refused = await send(batch());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ERRORS.TOO_MANY_REQUESTS.code, data: { retryAfterSeconds: expect.any(Number) } });
    expect(await storedFor(deviceId)).toHaveLength(200);
    expect((await send({ events: [event(randomDeviceId())] })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send(batch())).statusCode).toBe(200);
  });
});

describe('adjust/ad/click/info/upload', () => {
  it('records the attribution once per device and adId, with media_source cut at the first " ("', async () => {
    const deviceId = randomDeviceId();
    const payload = { adId: 'adid-1', refer: 'utm_source=fb&x=1', data: JSON.stringify({ adid: 'adid-1', adgroup: 'facebook (Summer) (2)', media_source: 'facebook' }) };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.post(API_PATHS.adClickUpload, { payload, deviceId });
      expect(response.envelope).toMatchObject({ code: 200, data: null });
    }
    const rows = await t.database.db.select().from(adAttributions).where(eq(adAttributions.deviceId, deviceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adId: 'adid-1', adgroup: 'facebook (Summer) (2)', mediaSource: 'facebook', refer: 'utm_source=fb&x=1', userId: null });
  });

  it("accepts SPEC.md §7's {adId, refer, data} with no device id: Adjust's adid stands for the device, once", async () => {
    const adId = `adid-${randomDeviceId()}`;
    const payload = { adId, refer: 'utm_source=tiktok', data: JSON.stringify({ adid: adId, adgroup: 'tiktok (Launch)', media_source: 'tiktok' }) };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.post(API_PATHS.adClickUpload, { payload, deviceId: null });
      expect(response.envelope, response.body).toMatchObject({ code: 200, data: null });
    }
    const rows = await t.database.db.select().from(adAttributions).where(eq(adAttributions.adId, adId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deviceId: `adjust:${adId}`, adgroup: 'tiktok (Launch)', mediaSource: 'tiktok', refer: 'utm_source=tiktok' });
  });

  it('is signed like every app call and needs an adId', async () => {
    expect((await t.post(API_PATHS.adClickUpload, { payload: { adId: 'a' }, sign: false })).envelope.code).toBe(ERRORS.STALE_TIMESTAMP.code);
    expect((await t.post(API_PATHS.adClickUpload, { payload: { refer: '' } })).envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('client logs (survey format)', () => {
  const body = { __topic__: 'survey', __logs__: [{ survey: JSON.stringify({ page: 'login', act: 'error', message: 'boom' }) }] };
  const post = (payload: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: t.config.tracking.logPath,
      headers: { 'content-type': 'application/json', lang: 'en_US', 'x-log-apiversion': '0.6.0', 'x-log-bodyrawsize': String(Buffer.byteLength(text)), 'device-id': randomDeviceId(), ...headers },
      payload: text,
    });
  };

  it('stores each record at the configured path, unsigned and without default params', async () => {
    const before = await t.database.db.$count(clientLogs);
    const response = await post(body);
    expect(response.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
    expect(await t.database.db.$count(clientLogs)).toBe(before + 1);
    const [row] = await t.database.db.select().from(clientLogs).orderBy(sql`${clientLogs.id} desc`).limit(1);
    expect(row).toMatchObject({ topic: 'survey', record: JSON.stringify(body.__logs__[0]) });
  });

  it('refuses a wrong api version, a body size that does not match, and malformed bodies', async () => {
    expect((await post(body, { 'x-log-apiversion': '0.5.0' })).statusCode).toBe(400);
    expect((await post(body, { 'x-log-bodyrawsize': '3' })).statusCode).toBe(400);
    expect((await post(body, { 'x-log-bodyrawsize': '-1' })).statusCode).toBe(200);
    expect((await post({ __topic__: 'survey', __logs__: [{ survey: 1 }] })).json()).toMatchObject({ code: 400, message: 'Malformed tracking data' });
    expect((await post({ __topic__: 'survey', __logs__: Array.from({ length: 101 }, () => ({ survey: '{}' })) })).statusCode).toBe(400);
  });
});

describe('conversion funnel', () => {
  // A window far from the other tests' data: 2026-01-10 .. 2026-01-11, Vietnam time.
  const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+07:00`);

  beforeAll(async () => {
    const db = t.database.db;
    const inWindow = await db
      .insert(users)
      .values(Array.from({ length: 10 }, (_, index) => ({ phone: randomPhone(), createdAt: at(index < 5 ? '2026-01-10' : '2026-01-11') })))
      .returning({ id: users.id });
    // A user from the day before the window: never counted.
    const [outside] = await db.insert(users).values({ phone: randomPhone(), createdAt: at('2026-01-09', 23) }).returning({ id: users.id });
    const ids = inWindow.map((row) => row.id);
    // ID done for 8, ID+WORK for 6, +BANK 5, +KYC 4, +TELECOM 3; the outside user has everything.
    const done = (count: number, index: number) => (index < count ? '30' : '10');
    await db.insert(userAuthState).values([
      ...ids.map((userId, index) => ({
        userId,
        idState: done(8, index),
        workInfoState: done(6, index),
        bankCardState: done(5, index),
        kycState: done(4, index),
        telecomPermissionState: done(3, index),
      })),
      { userId: outside!.id, idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30' },
    ]);
    const row = (deviceId: string, act: string, occurredAt: Date, userId: string | null = null) => ({ deviceId, act, occurredAt, userId, page: 'home' });
    await db.insert(trackingEvents).values([
      // 40 browsers begin a session in the window (one of them twice), 3 outside it.
      ...Array.from({ length: 40 }, (_, index) => row(`funnel-${index}`, TRACKING_ACTS.inApp, at('2026-01-10', 8))),
      row('funnel-0', TRACKING_ACTS.inApp, at('2026-01-11', 9)),
      ...Array.from({ length: 3 }, (_, index) => row(`funnel-out-${index}`, TRACKING_ACTS.inApp, at('2026-01-12', 1))),
      // 2 cohort users apply (one twice), 1 is paid out, 1 repays; the outside user's apply is not counted.
      row('funnel-1', TRACKING_ACTS.loanApply, at('2026-01-11'), ids[0]!),
      row('funnel-1', TRACKING_ACTS.loanApply, at('2026-01-11', 11), ids[0]!),
      row('funnel-2', TRACKING_ACTS.loanApply, at('2026-01-11'), ids[1]!),
      row('funnel-1', TRACKING_ACTS.loanPayout, at('2026-01-11', 12), ids[0]!),
      row('funnel-1', TRACKING_ACTS.repaySuccess, at('2026-01-11', 13), ids[0]!),
      row('funnel-x', TRACKING_ACTS.loanApply, at('2026-01-11'), outside!.id),
    ]);
  });

  /** The back office's funnel (permission dashboards.read), as a signed-in viewer unless `signedIn` is false. */
  const funnel = async (query: string, signedIn = true) => {
    const browser = signedIn ? (await t.operatorSession('viewer')).browser : t.adminBrowser();
    return browser.get(ADMIN_PATHS.funnel, Object.fromEntries(new URLSearchParams(query)));
  };

  it('counts each step from its source over the window', async () => {
    const response = await funnel('from=2026-01-10&to=2026-01-11');
    expect(response.statusCode).toBe(200);
    const report = (response.json() as { data: FunnelReport }).data;
    expect(report.steps.map((step) => [step.key, step.source, step.count])).toEqual([
      ['first_visit', 'tracking', 40],
      ['login', 'server', 10],
      ['certified_id', 'server', 8],
      ['certified_work', 'server', 6],
      ['certified_bank', 'server', 5],
      ['certified_kyc', 'server', 4],
      ['certified_telecom', 'server', 3],
      ['application', 'tracking', 2],
      ['payout', 'tracking', 1],
      ['repayment', 'tracking', 1],
    ]);
    expect(report.steps[1]).toMatchObject({ fromPrevious: 0.25, fromFirst: 0.25 });
    expect(report.steps[7]).toMatchObject({ fromPrevious: 2 / 3 });
    const table = funnelTable(report);
    expect(table).toContain('Signed in (new users)');
    expect(table).toMatch(/Loan applied\s+tracking\s+2\s+66\.7%\s+5\.0%/);
    const svg = funnelSvg(report);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect x="250"/g)).toHaveLength(10);
  });

  it('a one-day window counts only that day', async () => {
    const report = ((await funnel('from=2026-01-10&to=2026-01-10')).json() as { data: FunnelReport }).data;
    expect(report.steps.slice(0, 3).map((step) => step.count)).toEqual([40, 5, 5]);
  });

  it('needs an operator session (401 without one, before the query is judged)', async () => {
    expect((await funnel('from=2026-01-10&to=2026-01-11', false)).statusCode).toBe(401);
    expect((await funnel('from=bad', false)).statusCode).toBe(401);
    expect((await funnel('from=bad&to=2026-01-11')).statusCode).toBe(400);
  });

  it('refuses a day that does not exist (2026-02-30) as bad input, not a server error', async () => {
    const response = await funnel('from=2026-02-01&to=2026-02-30');
    expect([response.statusCode, response.json().code]).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
  });
});

describe('tracking retention sweep', () => {
  it('deletes tracking rows older than the retention and keeps the rest', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 200 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(trackingEvents).values([
      { deviceId: 'retention-old', act: 'x', page: 'p', occurredAt: old },
      { deviceId: 'retention-new', act: 'x', page: 'p', occurredAt: now },
    ]);
    const result = await t.database.uow.transaction(() => trackingRetentionSweep(t.database.uow, 180).run({ period: '2026-11-22', now }));
    expect(result.trackingEvents).toBeGreaterThanOrEqual(1);
    expect(await storedFor('retention-old')).toHaveLength(0);
    expect(await storedFor('retention-new')).toHaveLength(1);
  });
});

describe('tracking configuration', () => {
  it('reads the tracking variables and the extra CSP origins the Adjust SDK needs', () => {
    const config = loadConfig({ TRACKING_RETENTION_DAYS: '30', TRACKING_LOG_PATH: '/api/logs', CSP_CONNECT_SOURCES: 'https://*.adjust.com, https://*.adjust.world' });
    expect(config.tracking).toEqual({ retentionDays: 30, eventsPerDeviceMinute: 300, logPath: '/api/logs' });
    expect(config.cspConnectSources).toEqual(['https://*.adjust.com', 'https://*.adjust.world']);
    expect(loadConfig({}).cspConnectSources).toEqual([]);
    expect(() => loadConfig({ CSP_CONNECT_SOURCES: 'http://insecure.example' })).toThrow(/https origin/);
  });
});

describe('a deployment with its own log path and CSP origins', () => {
  it('serves the survey ingest at TRACKING_LOG_PATH and adds the extra connect-src origins', async () => {
    const custom = await createTestApp({
      config: (config) => ({ ...config, tracking: { ...config.tracking, logPath: '/api/client/logs' }, cspConnectSources: ['https://*.adjust.com'] }),
    });
    try {
      const body = JSON.stringify({ __topic__: 'survey', __logs__: [{ survey: '{}' }] });
      const moved = await custom.app.inject({ method: 'POST', url: '/api/client/logs', headers: { 'content-type': 'application/json' }, payload: body });
      expect(moved.json()).toMatchObject({ code: 200, data: { accepted: 1 } });
      const old = await custom.app.inject({ method: 'POST', url: API_PATHS.surveyLog, headers: { 'content-type': 'application/json' }, payload: body });
      expect(old.statusCode).toBe(404);
      expect(String(moved.headers['content-security-policy'])).toContain("connect-src 'self' https://*.adjust.com");
    } finally {
      await custom.close();
    }
  });
});
