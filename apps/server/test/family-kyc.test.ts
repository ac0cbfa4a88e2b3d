import { API_PATHS, type KycConfig, type KycInfo, type LivenessSession, type LoginSession } from '@sen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FamilyClient } from './helpers/family-clients.ts';
import { sampleJpeg } from './helpers/images.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * The family's clients through the KYC calls (API-FAMILY.md §5.2-5.5), requests built as VT, KMP
 * and the H5 build them (helpers/family-clients.ts): multipart with `image` + `imgType` (VH2 adds
 * `cardType`), `faceFile` + `imageId` (+ `livenessDataFile`), JSON default bodies, `{bizNo}`.
 */
const APP_CODE = 'gaanpuhunan';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, appCode: APP_CODE }) });
});
afterAll(async () => t?.close());

async function signedIn(name: 'VT' | 'KMP' | 'H5'): Promise<FamilyClient> {
  const client = new FamilyClient(name, { app: t.app, appCode: APP_CODE, now: () => t.clock.now().getTime() });
  await client.fetchSecret();
  const phone = randomPhone();
  expect((await client.post(API_PATHS.loginSms, { phone })).envelope.code).toBe(200);
  const login = await client.post<LoginSession>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1, regClient: name === 'VT' ? 'Android' : 'IOS', coordinate: '0.0,0.0', phoneMark: 'a1b2c3d4' });
  expect(login.envelope.code, JSON.stringify(login.envelope)).toBe(200);
  client.token = login.envelope.data.token;
  return client;
}

describe.each(['VT', 'KMP', 'H5'] as const)('%s', (name) => {
  it('reads kyc/config with its upper-case fields and FACE 3', async () => {
    const client = await signedIn(name);
    const { envelope } = await client.post<KycConfig>(API_PATHS.kycConfig);
    expect(envelope).toEqual({ code: 200, message: 'success', data: { KYC_FRONT: 1, KYC_BACK: 1, FACE: 3, FACE_COMPARE: 1 } });
  });

  it('uploads the ID sides and the selfie as it builds them, opens H5 liveness and reads kyc/info', async () => {
    const client = await signedIn(name);
    const front = await client.postMultipart(API_PATHS.kycSave, { imgType: 'IDCARD_CARD_FRONT', ...(name === 'VT' ? { cardType: 'CCCD' } : {}) }, { image: await sampleJpeg() });
    expect(front.envelope, JSON.stringify(front.envelope)).toEqual({ code: 200, message: 'success', data: null });
    const back = await client.postMultipart(API_PATHS.kycSave, { imgType: 'IDCARD_CARD_BACK' }, { image: await sampleJpeg({ color: '#22c55e' }) });
    expect(back.envelope.code).toBe(200);
    const files: Record<string, Buffer> = { faceFile: await sampleJpeg({ color: '#eab308' }) };
    if (name === 'KMP') files.livenessDataFile = Buffer.from('encrypted-sdk-result-bytes');
    const face = await client.postMultipart(API_PATHS.kycFace, { imageId: '0b3c1a52-7d6e-4f11-9a2b-5c8d9e0f1a2b' }, files);
    expect(face.envelope.code, JSON.stringify(face.envelope)).toBe(200);

    const started = await client.post<LivenessSession>(API_PATHS.livenessStart);
    expect(started.envelope.data).toMatchObject({ verifyUrl: expect.stringMatching(/^https?:\/\//), bizNo: expect.any(String), expiredTime: expect.any(Number), faceUrl: null });
    const result = await client.post<LivenessSession>(API_PATHS.livenessResult, { bizNo: started.envelope.data.bizNo });
    expect(result.envelope.data).toMatchObject({ bizNo: started.envelope.data.bizNo, faceUrl: null, status: 'pending' });

    // VT calls face/compare on Next: without a passed liveness the step stays open, with a reason.
    expect((await client.post(API_PATHS.kycFaceCompare)).envelope.code).toBe(2410);

    const info = await client.post<KycInfo>(API_PATHS.kycInfo);
    expect(info.envelope.data).toMatchObject({
      id: expect.any(Number),
      userId: expect.any(Number),
      frontImageUrl: expect.stringContaining('/api/user/app/file/'),
      backImageUrl: expect.stringContaining('/api/user/app/file/'),
      liveImageUrl: expect.stringContaining('/api/user/app/file/'),
      idCardType: name === 'VT' ? 'CCCD' : null,
    });
    // The natives' image loaders fetch the link with none of our headers.
    const image = await t.app.inject({ method: 'GET', url: info.envelope.data.frontImageUrl! });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('gets the reason when it sends a PDF as the image', async () => {
    const client = await signedIn(name);
    const { response, envelope } = await client.postMultipart(API_PATHS.kycSave, { imgType: 'IDCARD_CARD_FRONT' }, { image: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(response.statusCode).toBe(415);
    expect(envelope.code).toBe(2403);
    expect(envelope.message).toMatch(name === 'VT' ? /^Upload failed/ : /^Tải lên thất bại/);
  });
});

