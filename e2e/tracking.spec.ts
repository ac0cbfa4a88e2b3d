import { expect, test, type Page, type Request } from './fixtures.ts';
import { API_PATHS, PRIVACY_POLICY_VERSION, TRACKING_ACTS, type TrackingEvent } from '@sen/contract';
import { freshPhone, readOtp, useLanguage, waitForApp } from './support.ts';

/**
 * Every tracking batch and client log the page sends, in order: fetch bodies from the requests,
 * sendBeacon bodies (Blobs, which the request events do not carry) from a wrapper installed
 * before the app loads. The server's answers are kept too.
 */
async function recordTracking(page: Page) {
  await page.addInitScript(() => {
    const beacons: Blob[] = [];
    (window as unknown as { __beacons: Blob[] }).__beacons = beacons;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (data instanceof Blob) beacons.push(data);
      return original(url, data);
    };
  });
  const fetched: TrackingEvent[][] = [];
  const logs: unknown[] = [];
  const statuses: number[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === API_PATHS.trackingSend && request.postData()) fetched.push((request.postDataJSON() as { events: TrackingEvent[] }).events);
    if (url.pathname === API_PATHS.surveyLog) logs.push(request.postDataJSON());
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === API_PATHS.trackingSend) statuses.push(response.status());
  });
  const events = async (): Promise<TrackingEvent[]> => {
    const beaconed = await page.evaluate(() => Promise.all((window as unknown as { __beacons: Blob[] }).__beacons.map((blob) => blob.text())));
    return [...fetched.flat(), ...beaconed.flatMap((text) => (JSON.parse(text) as { events: TrackingEvent[] }).events)];
  };
  return { fetched, logs, statuses, events };
}

/** The page is being left: the tracker hands its queue to sendBeacon. */
async function hidePage(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

async function agreeBeforehand(page: Page) {
  await page.addInitScript(
    ([version]) => {
      if (!window.localStorage.getItem('privacy-consent')) {
        window.localStorage.setItem('privacy-consent', JSON.stringify({ version, agreed: true, via: 'choice', at: Date.now() }));
      }
    },
    [PRIVACY_POLICY_VERSION] as const,
  );
}

async function signInByCode(page: Page, request: Parameters<Parameters<typeof test>[2]>[0]['request'], phone: string) {
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('get-otp-button').click();
  await page.getByTestId('otp-input').fill(await readOtp(request, phone));
  await page.getByTestId('login-button').click();
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('nothing is tracked before the privacy-policy choice, nor after Reject', async ({ page }) => {
  const tracking = await recordTracking(page);
  await page.goto('/home/no-auth');
  await waitForApp(page);
  await page.goto('/login');
  await waitForApp(page);
  await hidePage(page);
  await page.waitForTimeout(5_500);
  expect(await tracking.events()).toHaveLength(0);
  expect(await page.evaluate(() => [window.localStorage.getItem('tracking-cache'), window.sessionStorage.getItem('tracking-session')])).toEqual([null, null]);

  await page.getByTestId('privacy-policy-link').click();
  await page.getByTestId('privacy-reject').click();
  await expect(page).toHaveURL(/\/(home\/no-auth)?$/);
  await page.goto('/login');
  await waitForApp(page);
  await hidePage(page);
  await page.waitForTimeout(5_500);
  expect(await tracking.events()).toHaveLength(0);
  expect(tracking.statuses).toHaveLength(0);
  expect(tracking.logs).toHaveLength(0);
});

test('a journey after Agree produces the expected ordered events', async ({ page, request }) => {
  const tracking = await recordTracking(page);
  const phone = freshPhone();
  await page.goto('/login?utm_source=e2e-campaign');
  await waitForApp(page);
  await page.getByTestId('privacy-policy-link').click();
  await page.getByTestId('privacy-agree').click();
  await expect(page).toHaveURL(/\/login\?utm_source=e2e-campaign$/);
  await signInByCode(page, request, phone);
  await expect(page).toHaveURL(/\/login\/create-password$/);
  await hidePage(page);

  // Events recorded after the first hide (the ad event waits for attribution) go with the next one.
  await expect
    .poll(async () => {
      await hidePage(page);
      return (await tracking.events()).map((event) => event.act);
    })
    .toHaveLength(6);
  const events = await tracking.events();
  expect(events.map((event) => [event.act, event.page])).toEqual([
    [TRACKING_ACTS.inApp, '/login/privacy-policy'],
    [TRACKING_ACTS.pageView, '/login/privacy-policy'],
    [TRACKING_ACTS.pageView, 'login'],
    [TRACKING_ACTS.loginSuccess, 'login'],
    [TRACKING_ACTS.adEvent, 'login'],
    [TRACKING_ACTS.pageView, 'create_password'],
  ]);
  expect(events.map((event) => event.counter)).toEqual([1, 2, 3, 4, 5, 6]);
  for (const event of events) {
    expect(event).toMatchObject({ environment: 'prod', version: 1, type: 'html', source: 'e2e-campaign', firstPage: '/login/privacy-policy', result: 'success' });
    expect(event.deviceId).toMatch(/^[0-9a-f-]{36}$/);
  }
  expect(events[2]).toMatchObject({ previousPage: '/login/privacy-policy', previousAct: TRACKING_ACTS.pageView });
  expect(events[3]).toMatchObject({ phone, lastAct: TRACKING_ACTS.pageView });
  expect(events[4]).toMatchObject({ eventType: 'login', pushMark: 2, adjustId: '' });
  expect(events[5]).toMatchObject({ previousPage: 'login', previousAct: TRACKING_ACTS.adEvent });
  // The server took every batch (the beacon's answer is seen too).
  await expect.poll(() => tracking.statuses.length).toBeGreaterThan(0);
  expect(tracking.statuses.every((status) => status === 200)).toBe(true);

  // A new browser session on the same device starts a new session: in-app again, counter from 1.
  const second = await page.context().newPage();
  const secondTracking = await recordTracking(second);
  await second.goto('/mine');
  await waitForApp(second);
  await hidePage(second);
  await expect.poll(async () => (await secondTracking.events()).length).toBeGreaterThanOrEqual(2);
  expect((await secondTracking.events()).slice(0, 2).map((event) => [event.act, event.counter])).toEqual([
    [TRACKING_ACTS.inApp, 1],
    [TRACKING_ACTS.pageView, 2],
  ]);
});

test('the app works with the tracking and log endpoints down', async ({ page, request }) => {
  await agreeBeforehand(page);
  let refused = 0;
  await page.route(`**${API_PATHS.trackingSend}`, async (route) => {
    refused += 1;
    await route.abort('connectionrefused');
  });
  await page.route(`**${API_PATHS.surveyLog}`, (route) => route.abort('connectionrefused'));
  const phone = freshPhone();
  await page.goto('/home/no-auth');
  await waitForApp(page);
  await page.goto('/login');
  await waitForApp(page);
  await signInByCode(page, request, phone);
  await expect(page).toHaveURL(/\/login\/create-password$/);
  await page.getByTestId('create-password-input').fill('sen2026');
  await page.getByTestId('create-password-confirm-input').fill('sen2026');
  await page.getByTestId('create-password-button').click();
  await expect(page).toHaveURL(/\/login\/create-password\/succeed$/);
  // No toast or error page came of it, and the events wait in the tracking cache for a later send.
  await expect(page.locator('.sen-toast')).toHaveCount(0);
  await page.waitForTimeout(5_500);
  expect(refused).toBeGreaterThan(0);
  const cached = await page.evaluate(() => JSON.parse(window.localStorage.getItem('tracking-cache') ?? '[]') as Array<{ act: string }>);
  expect(cached.map((event) => event.act)).toContain(TRACKING_ACTS.loginSuccess);
});
