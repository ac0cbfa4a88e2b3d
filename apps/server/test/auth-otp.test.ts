import { API_PATHS, type LoginSession } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSendError, type SmsProvider } from '../src/providers/sms/sms-provider.ts';
import { createTestApp, randomDeviceId, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';

/** Lets a test make the SMS provider fail; otherwise hands messages to the dev outbox. */
class SwitchableSms implements SmsProvider {
  readonly name = 'switchable';
  failing = false;
  constructor(private readonly inner: SmsProvider) {}
  async send(phone: string, text: string) {
    if (this.failing) throw new SmsSendError('provider down');
    await this.inner.send(phone, text);
  }
}

let t: TestApp;
let switchable: SwitchableSms;

beforeAll(async () => {
  let holder: SwitchableSms | null = null;
  const lazy: SmsProvider = { name: 'lazy', send: (phone, text) => (holder as SwitchableSms).send(phone, text) };
  t = await createTestApp({ smsProvider: lazy });
  switchable = new SwitchableSms(t.sms);
  holder = switchable;
});
afterAll(async () => t?.close());

const MINUTE = 60_000;

describe('OTP send and login', () => {
  it('sends a 4-digit code and logs in with it, creating the user', async () => {
    const phone = randomPhone();
    const sent = await t.sendCode<boolean>({ payload: { phone } });
    expect(sent.statusCode).toBe(200);
    expect(sent.envelope).toEqual({ code: 200, message: 'success', data: true });
    const code = t.lastOtp(phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(t.sms.messages(phone)[0]?.text).toContain(code);

    const login = await t.post<LoginSession>(API_PATHS.login, { payload: { phone, smsCode: code, regClient: 'Android', coordinate: '0,0' } });
    expect(login.statusCode).toBe(200);
    expect(login.envelope.data).toMatchObject({ phone, passwdSign: 0 });
    expect(login.envelope.data.token.length).toBeGreaterThan(30);

    const info = await t.get(API_PATHS.userInfo, { token: login.envelope.data.token });
    expect(info.envelope.data).toEqual({ id: login.envelope.data.id, phone, passwdSign: 0 });

    // A code works once.
    const again = await t.post(API_PATHS.login, { payload: { phone, smsCode: code } });
    expect(again.envelope.code).toBe(2002);
  });

  it('normalises a 9-digit phone to the same user', async () => {
    const phone = randomPhone();
    const first = await t.loginWithOtp(phone);
    t.clock.advance(MINUTE + 1_000);
    await t.sendCode({ payload: { phone: phone.slice(1) } });
    const second = await t.post<LoginSession>(API_PATHS.login, { payload: { phone: phone.slice(1), smsCode: t.lastOtp(phone) } });
    expect(second.envelope.data.id).toBe(first.id);
    expect(second.envelope.data.phone).toBe(phone);
  });

  it('refuses a resend within 60 s with 2004 and retryAfterSeconds', async () => {
    const phone = randomPhone();
    await t.sendCode({ payload: { phone } });
    t.clock.advance(15_000);
    const early = await t.sendCode({ payload: { phone }, lang: 'en' });
    expect(early.statusCode).toBe(429);
    expect(early.envelope).toEqual({ code: 2004, message: 'Please wait 45s before getting a new OTP', data: { retryAfterSeconds: 45 } });
    t.clock.advance(45_000);
    const later = await t.sendCode({ payload: { phone } });
    expect(later.envelope.code).toBe(200);
  });

  it('lets a new code supersede the old one', async () => {
    const phone = randomPhone();
    await t.sendCode({ payload: { phone } });
    const oldCode = t.lastOtp(phone);
    t.clock.advance(MINUTE);
    await t.sendCode({ payload: { phone } });
    const newCode = t.lastOtp(phone);
    if (oldCode !== newCode) {
      expect((await t.post(API_PATHS.login, { payload: { phone, smsCode: oldCode } })).envelope.code).toBe(2001);
    }
    expect((await t.post(API_PATHS.login, { payload: { phone, smsCode: newCode } })).envelope.code).toBe(200);
  });

  it('expires a code after OTP_TTL_SECONDS', async () => {
    const phone = randomPhone();
    await t.sendCode({ payload: { phone } });
    t.clock.advance(300_000);
    const late = await t.post(API_PATHS.login, { payload: { phone, smsCode: t.lastOtp(phone) }, lang: 'en' });
    expect(late.statusCode).toBe(400);
    expect(late.envelope).toEqual({ code: 2002, message: 'OTP has expired, please get a new one', data: null });
  });

  it('answers 2001 when no code was ever sent', async () => {
    const response = await t.post(API_PATHS.login, { payload: { phone: randomPhone(), smsCode: '1234' } });
    expect(response.envelope.code).toBe(2001);
  });

  it('kills a code after 5 wrong tries: 2003 on the 5th and even for the right code', async () => {
    const phone = randomPhone();
    await t.sendCode({ payload: { phone } });
    const right = t.lastOtp(phone);
    const wrong = right === '0000' ? '1111' : '0000';
    const codes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push((await t.post(API_PATHS.login, { payload: { phone, smsCode: wrong } })).envelope.code);
    }
    expect(codes).toEqual([2001, 2001, 2001, 2001, 2003]);
    const rightAfter = await t.post(API_PATHS.login, { payload: { phone, smsCode: right }, lang: 'en' });
    expect(rightAfter.envelope).toEqual({ code: 2003, message: 'Too many wrong attempts, please get a new OTP', data: null });
    // A new code works again.
    t.clock.advance(MINUTE);
    await t.sendCode({ payload: { phone } });
    expect((await t.post(API_PATHS.login, { payload: { phone, smsCode: t.lastOtp(phone) } })).envelope.code).toBe(200);
  });

  it('answers 2006 when the provider fails and does not start the resend wait', async () => {
    const phone = randomPhone();
    switchable.failing = true;
    try {
      const failed = await t.sendCode({ payload: { phone }, lang: 'en' });
      expect(failed.statusCode).toBe(503);
      expect(failed.envelope).toEqual({ code: 2006, message: 'Unable to send SMS right now, please try again later', data: null });
    } finally {
      switchable.failing = false;
    }
    const retry = await t.sendCode({ payload: { phone } });
    expect(retry.envelope.code).toBe(200);
  });
});

describe('concurrent sends', () => {
  it('sends one code when the same phone asks several times at once', async () => {
    const phone = randomPhone();
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.sendCode({ payload: { phone } })));
    expect(responses.map((response) => response.envelope.code).sort()).toEqual([200, 2004, 2004, 2004, 2004]);
    expect(t.sms.messages(phone)).toHaveLength(1);
  });

  it('accepts a code once when two logins race', async () => {
    const phone = randomPhone();
    await t.sendCode({ payload: { phone } });
    const code = t.lastOtp(phone);
    const responses = await Promise.all([0, 1].map(() => t.post(API_PATHS.login, { payload: { phone, smsCode: code } })));
    expect(responses.map((response) => response.envelope.code).sort()).toEqual([200, 2002]);
  });
});

describe('OTP flooding limits (per rolling hour)', () => {
  it('limits sends per phone to 5', async () => {
    const phone = randomPhone();
    for (let send = 0; send < 5; send += 1) {
      expect((await t.sendCode({ payload: { phone } })).envelope.code).toBe(200);
      t.clock.advance(MINUTE);
    }
    const sixth = await t.sendCode({ payload: { phone }, lang: 'en' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.envelope).toEqual({ code: 2005, message: 'Too many OTP requests, please try again later', data: null });
    t.clock.advance(56 * MINUTE);
    expect((await t.sendCode({ payload: { phone } })).envelope.code).toBe(200);
  });

  it('limits sends per IP to 20', async () => {
    const ip = randomIp();
    for (let send = 0; send < 20; send += 1) {
      expect((await t.sendCode({ payload: { phone: randomPhone() }, remoteAddress: ip, solveFirst: true })).envelope.code).toBe(200);
    }
    expect((await t.sendCode({ payload: { phone: randomPhone() }, remoteAddress: ip, solveFirst: true })).envelope.code).toBe(2005);
    expect((await t.sendCode({ payload: { phone: randomPhone() } })).envelope.code).toBe(200);
  });

  it('holds the IP and device limits when many phones ask at once', async () => {
    const ip = randomIp();
    const byIp = await Promise.all(
      Array.from({ length: 30 }, () => t.sendCode({ payload: { phone: randomPhone() }, remoteAddress: ip, solveFirst: true })),
    );
    expect(byIp.filter((response) => response.envelope.code === 200)).toHaveLength(20);
    expect(byIp.filter((response) => response.envelope.code === 2005)).toHaveLength(10);

    const deviceId = randomDeviceId();
    const byDevice = await Promise.all(
      Array.from({ length: 20 }, () => t.sendCode({ payload: { phone: randomPhone() }, deviceId })),
    );
    expect(byDevice.filter((response) => response.envelope.code === 200)).toHaveLength(10);
  });

  it('limits sends per device to 10', async () => {
    const deviceId = randomDeviceId();
    for (let send = 0; send < 10; send += 1) {
      expect((await t.sendCode({ payload: { phone: randomPhone() }, deviceId })).envelope.code).toBe(200);
    }
    expect((await t.sendCode({ payload: { phone: randomPhone() }, deviceId })).envelope.code).toBe(2005);
  });
});
