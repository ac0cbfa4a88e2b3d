import { API_PATHS, type ChallengeResponse } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // From the second send, so each case needs few sends (the default is the third).
  t = await createTestApp({ config: (config) => ({ ...config, botCheck: { ...config.botCheck, fromSend: 2 } }) });
});
afterAll(async () => t?.close());

const send = (phone: string, extra: Record<string, unknown> = {}, ip = randomIp()) =>
  t.post(API_PATHS.loginSms, { payload: { phone, ...extra }, remoteAddress: ip, lang: 'en' });

describe('bot check before sending codes (ALTCHA proof of work)', () => {
  it('serves a signed ALTCHA challenge', async () => {
    const response = await t.get<ChallengeResponse>(API_PATHS.challenge);
    expect(response.statusCode).toBe(200);
    expect(response.envelope.data.kind).toBe('altcha');
    expect(response.envelope.data.altcha).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(response.envelope.data.altcha!.salt).toMatch(/expires=\d+/);
  });

  it('asks nothing on the first send, then needs a solved challenge from the second send of a phone', async () => {
    const phone = randomPhone();
    expect((await send(phone)).envelope.code).toBe(200);
    t.clock.advance(61_000);
    const second = await send(phone);
    expect(second.statusCode).toBe(400);
    expect(second.envelope).toEqual({
      code: 2007,
      message: 'A security check is needed before another OTP can be sent, please try again later',
      data: null,
    });
    const vn = await t.post(API_PATHS.loginSms, { payload: { phone }, lang: 'vn' });
    expect(vn.envelope.message).toBe('Cần xác minh bảo mật trước khi gửi thêm mã OTP, vui lòng thử lại sau');
    expect((await send(phone, { altcha: await t.solvedChallenge() })).envelope.code).toBe(200);
  });

  it('needs it from the second send of an IP, for other phones too', async () => {
    const ip = randomIp();
    expect((await send(randomPhone(), {}, ip)).envelope.code).toBe(200);
    expect((await send(randomPhone(), {}, ip)).envelope.code).toBe(2007);
  });

  it('refuses a wrong, forged, reused or expired solution', async () => {
    const phone = randomPhone();
    await send(phone);
    t.clock.advance(61_000);
    const solution = await t.solvedChallenge();
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString()) as Record<string, unknown>;
    const wrongNumber = Buffer.from(JSON.stringify({ ...payload, number: (payload.number as number) + 1 })).toString('base64');
    expect((await send(phone, { altcha: wrongNumber })).envelope.code).toBe(2008);
    expect((await send(phone, { altcha: 'bm90IGpzb24=' })).envelope.code).toBe(2008);
    expect((await send(phone, { altcha: 'not base64 at all' })).envelope.code).toBe(400);
    expect((await send(phone, { altcha: solution })).envelope.code).toBe(200);
    t.clock.advance(61_000);
    const reused = await send(phone, { altcha: solution });
    expect(reused.envelope).toEqual({ code: 2008, message: 'Security check failed, please try again', data: null });

    const late = await t.solvedChallenge();
    t.clock.advance(301_000);
    expect((await send(phone, { altcha: late })).envelope.code).toBe(2008);
  });

  it('cannot be skipped by a burst: parallel first sends from one IP get one code through', async () => {
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: 6 }, () => send(randomPhone(), {}, ip)));
    const codes = responses.map((response) => response.envelope.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 2007)).toHaveLength(5);
  });

  it('asks nothing with BOT_CHECK=off', async () => {
    const off = await createTestApp({ config: (config) => ({ ...config, botCheck: { ...config.botCheck, kind: 'off' } }) });
    try {
      const ip = randomIp();
      for (let call = 0; call < 3; call += 1) {
        expect((await off.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, remoteAddress: ip })).envelope.code).toBe(200);
      }
      expect((await off.get<ChallengeResponse>(API_PATHS.challenge)).envelope.data).toEqual({ kind: 'off', altcha: null });
    } finally {
      await off.close();
    }
  });
});
