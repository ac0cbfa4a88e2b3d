import { createHmac } from 'node:crypto';
import { API_PATHS, type AuthDetail, type KycConfig, type LivenessSession } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FptEkycProvider } from '../src/providers/ekyc/fpt-ekyc-provider.ts';
import { startFakeFptEkyc, type FakeFptEkyc } from './helpers/fake-fpt-ekyc.ts';
import { sampleJpeg } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The FPT.AI-style eKYC adapter (decision 041) inside the app, against a local fake of the vendor
 * (helpers/fake-fpt-ekyc.ts): ID reading for the personal-data prefill, face match, the liveness
 * session and the vendor's signed callback.
 */
const API_KEY = 'fake-fpt-api-key';
const CALLBACK_SECRET = 'callback-secret-0123456789abcdef';

let t: TestApp;
let fake: FakeFptEkyc;

beforeAll(async () => {
  fake = await startFakeFptEkyc(API_KEY);
  const provider = new FptEkycProvider({ baseUrl: fake.url, apiKey: API_KEY, callbackSecret: CALLBACK_SECRET, timeoutMs: 3000, faceMatchThreshold: 80 });
  t = await createTestApp({ ekycProvider: provider });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function callback(body: Record<string, unknown>, secret = CALLBACK_SECRET) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.ekycCallback,
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw).digest('hex'), lang: 'en_US' },
    payload: raw,
  });
}

async function uploadAll(token: string) {
  for (const imgType of ['IDCARD_CARD_FRONT', 'IDCARD_CARD_BACK']) {
    const saved = await postMultipart(t, API_PATHS.kycSave, { token, fields: { imgType }, files: { image: { data: await sampleJpeg() } } });
    expect(saved.envelope.code, saved.body).toBe(200);
  }
  expect((await postMultipart(t, API_PATHS.kycFace, { token, files: { faceFile: { data: await sampleJpeg({ color: '#f97316' }) } } })).envelope.code).toBe(200);
}

async function passLiveness(token: string) {
  const started = await t.post<LivenessSession>(API_PATHS.livenessStart, { token });
  expect(started.envelope.code, started.body).toBe(200);
  const { bizNo } = started.envelope.data;
  const face = (await sampleJpeg({ color: '#fb923c', exif: false })).toString('base64');
  const answered = await callback({ request_id: bizNo, session_id: 'fpt-x', status: 'PASSED', face_image: face });
  expect(answered.json()).toEqual({ code: 200, message: 'success', data: null });
  return bizNo;
}

describe('FPT.AI-style eKYC against the local fake', () => {
  it('reads the ID card at upload: kyc/config says upload + reading, app.kyc.idCardReading prefills', async () => {
    const user = await t.loginWithOtp();
    expect((await t.post<KycConfig>(API_PATHS.kycConfig, { token: user.token })).envelope.data).toEqual({ KYC_FRONT: 2, KYC_BACK: 2, FACE: 3, FACE_COMPARE: 1 });
    await uploadAll(user.token);
    const reader = fake.calls.filter((call) => call.path === '/vision/idr/vnm');
    expect(reader.at(-1)).toMatchObject({ apiKey: API_KEY, parts: ['image:jpeg'] });
    expect(await t.services.kyc.idCardReading(await t.internalUserId(user.id))).toEqual({
      name: 'NGUYỄN VĂN AN',
      idNumber: '001099012345',
      birthday: '1995-08-15',
      gender: 'male',
      address: 'Số 1 Tràng Tiền, Hoàn Kiếm, Hà Nội',
    });
  });

  it('starts the vendor session with our callback, settles it by the signed callback, matches the face and marks KYC', async () => {
    const user = await t.loginWithOtp();
    await uploadAll(user.token);
    const started = await t.post<LivenessSession>(API_PATHS.livenessStart, { token: user.token });
    const { bizNo, verifyUrl } = started.envelope.data;
    expect(verifyUrl).toBe(`https://ekyc.vendor.test/verify/${bizNo}`);
    expect(fake.calls.at(-1)?.json).toMatchObject({ request_id: bizNo, callback_url: expect.stringMatching(/\/api\/ekyc\/callback$/) });

    // Not the vendor: wrong secret, no signature, altered body.
    expect((await callback({ request_id: bizNo, status: 'PASSED' }, 'not-the-secret-0123456789')).json()).toMatchObject({ code: 2411 });
    const unsigned = await t.app.inject({ method: 'POST', url: API_PATHS.ekycCallback, headers: { 'content-type': 'application/json' }, payload: { request_id: bizNo, status: 'PASSED' } });
    expect(unsigned.json()).toMatchObject({ code: 2411 });
    expect((await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo } })).envelope.data.status).toBe('pending');

    const face = (await sampleJpeg({ color: '#fb923c', exif: false })).toString('base64');
    expect((await callback({ request_id: bizNo, session_id: 'fpt-x', status: 'PASSED', face_image: face })).json()).toMatchObject({ code: 200 });
    const result = await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo } });
    expect(result.envelope.data).toMatchObject({ status: 'passed', faceUrl: expect.stringContaining('/api/user/app/file/') });
    // A late FAILED callback cannot undo a settled session.
    await callback({ request_id: bizNo, status: 'FAILED' });
    expect((await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo } })).envelope.data.status).toBe('passed');

    const finished = await t.post(API_PATHS.kycFaceCompare, { token: user.token });
    expect(finished.envelope.code, finished.body).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/dmp/checkface/v1', parts: ['file[]:jpeg', 'file[]:jpeg'] });
    expect((await t.post<AuthDetail>(API_PATHS.authDetail, { token: user.token })).envelope.data.kycState).toBe('30');
  });

  it('refuses a face that does not match the ID photo, below the threshold too, and keeps KYC open', async () => {
    const user = await t.loginWithOtp();
    await uploadAll(user.token);
    await passLiveness(user.token);
    fake.faceMatch = { isMatch: false, similarity: 21 };
    const refused = await t.post(API_PATHS.kycFaceCompare, { token: user.token, lang: 'en' });
    expect(refused.envelope).toEqual({ code: 2415, message: 'Your face does not match the photo on your ID card, please try again', data: null });
    fake.faceMatch = { isMatch: true, similarity: 61 };
    expect((await t.post(API_PATHS.kycFaceCompare, { token: user.token })).envelope.code).toBe(2415);
    expect((await t.post<AuthDetail>(API_PATHS.authDetail, { token: user.token })).envelope.data.kycState).toBe('10');
    fake.faceMatch = { isMatch: true, similarity: 93.4 };
    expect((await t.post(API_PATHS.kycFaceCompare, { token: user.token })).envelope.code).toBe(200);
  });

  it('stores the upload without a reading when the reader finds no card, and answers 503 when the vendor is down', async () => {
    const user = await t.loginWithOtp();
    fake.idCard = { errorCode: 3, data: [] };
    const saved = await postMultipart(t, API_PATHS.kycSave, { token: user.token, fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data: await sampleJpeg() } } });
    expect(saved.envelope.code).toBe(200);
    expect(await t.services.kyc.idCardReading(await t.internalUserId(user.id))).toBeNull();

    fake.failWith = 502;
    const down = await postMultipart(t, API_PATHS.kycSave, { token: user.token, lang: 'en', fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data: await sampleJpeg() } } });
    expect([down.statusCode, down.envelope.code, down.envelope.message]).toEqual([503, 2413, 'Identity verification is unavailable right now, please try again later']);
    expect((await t.post(API_PATHS.livenessStart, { token: user.token })).envelope.code).toBe(2413);
    fake.failWith = null;
  });

  it('answers EKYC_UNAVAILABLE when our API key is refused', async () => {
    const wrongKey = new FptEkycProvider({ baseUrl: fake.url, apiKey: 'wrong', callbackSecret: CALLBACK_SECRET, timeoutMs: 3000, faceMatchThreshold: 80 });
    await expect(wrongKey.readIdCard(await sampleJpeg())).rejects.toThrow(/HTTP 401/);
    const closed = new FptEkycProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, callbackSecret: CALLBACK_SECRET, timeoutMs: 1000, faceMatchThreshold: 80 });
    await expect(closed.matchFace(Buffer.from([1]), Buffer.from([2]))).rejects.toThrow(/eKYC/);
  });
});
