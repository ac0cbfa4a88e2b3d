import { API_PATHS, type ChallengeResponse } from '@sen/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, randomIp, randomPhone, type TestApp } from './helpers/test-app.ts';

/** A stand-in for a hosted provider's siteverify endpoint (Cap standalone, Turnstile ...). */
let provider: FastifyInstance;
const seen: Array<Record<string, string>> = [];
let t: TestApp;

beforeAll(async () => {
  provider = Fastify();
  provider.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  provider.post('/siteverify', async (request) => {
    const form = request.body as Record<string, string>;
    seen.push(form);
    return { success: form.secret === 'provider-secret' && form.response === 'good-token' };
  });
  const address = await provider.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({
    config: (config) => ({ ...config, botCheck: { ...config.botCheck, fromSend: 2, kind: 'hosted', verifyUrl: `${address}/siteverify`, secret: 'provider-secret' } }),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('hosted bot check (siteverify adapter)', () => {
  it('says the check is hosted, asks from the second send and accepts a token the provider confirms, once', async () => {
    expect((await t.get<ChallengeResponse>(API_PATHS.challenge)).envelope.data).toEqual({ kind: 'hosted', altcha: null });
    const ip = randomIp();
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, remoteAddress: ip })).envelope.code).toBe(200);
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, remoteAddress: ip })).envelope.code).toBe(2007);
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone(), altcha: 'bad-token' }, remoteAddress: ip })).envelope.code).toBe(2008);
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone(), altcha: 'good-token' }, remoteAddress: ip })).envelope.code).toBe(200);
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone(), altcha: 'good-token' }, remoteAddress: ip })).envelope.code).toBe(2008);
    expect(seen.at(-1)).toEqual({ secret: 'provider-secret', response: 'good-token', remoteip: ip });
  });

  it('refuses (fails closed) when the provider is away', async () => {
    await provider.close();
    const ip = randomIp();
    await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone() }, remoteAddress: ip });
    expect((await t.post(API_PATHS.loginSms, { payload: { phone: randomPhone(), altcha: 'good-token' }, remoteAddress: ip })).envelope.code).toBe(2008);
  });
});
