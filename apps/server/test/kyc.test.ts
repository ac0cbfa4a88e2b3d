import { API_PATHS, type AuthDetail, type KycConfig, type KycInfo, type LivenessSession } from '@sen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oversizedJpegLike, sampleJpeg, samplePdf, truncatedJpeg } from './helpers/images.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * KYC with the development eKYC provider (issue 9; decisions 040, 041): ID sides, selfie, the
 * liveness page's signed result, the end of the step, and who may see what.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Three different camera frames (a live camera), or three copies of one (a still picture). */
async function frames(live: boolean) {
  const colors = live ? ['#334155', '#475569', '#64748b'] : ['#334155', '#334155', '#334155'];
  const list = await Promise.all(colors.map((color, index) => sampleJpeg({ width: 640, height: 480, color: live ? color : '#334155', exif: false }).then((data) => ({ data, index }))));
  return Object.fromEntries(list.map(({ data, index }) => [`frame${index + 1}`, { data }]));
}

function pageQuery(verifyUrl: string) {
  const url = new URL(verifyUrl);
  return { bizNo: url.searchParams.get('bizNo')!, pt: url.searchParams.get('pt')!, path: `${url.pathname}${url.search}` };
}

async function uploadDocuments(token: string) {
  for (const [imgType, color] of [['IDCARD_CARD_FRONT', '#0ea5e9'], ['IDCARD_CARD_BACK', '#a855f7']] as const) {
    const saved = await postMultipart(t, API_PATHS.kycSave, { token, fields: { imgType }, files: { image: { data: await sampleJpeg({ color }) } } });
    expect(saved.envelope, imgType).toEqual({ code: 200, message: 'success', data: null });
  }
  const face = await postMultipart(t, API_PATHS.kycFace, { token, fields: { imageId: '6f1c2d3e-0000-4000-8000-000000000001' }, files: { faceFile: { data: await sampleJpeg({ color: '#f59e0b' }) } } });
  expect(face.envelope.code).toBe(200);
}

/** Starts a session, runs the page's capture and answers the signed result. */
async function livenessResult(token: string, live = true) {
  const started = await t.post<LivenessSession>(API_PATHS.livenessStart, { token });
  expect(started.envelope.code).toBe(200);
  const { bizNo, pt } = pageQuery(started.envelope.data.verifyUrl!);
  const captured = await postMultipart<{ result: string; passed: boolean }>(t, API_PATHS.livenessDevCapture, { fields: { bizNo, pt }, files: await frames(live) });
  expect(captured.envelope.code, captured.body).toBe(200);
  return { bizNo, pt, ...captured.envelope.data };
}

describe('kyc/config', () => {
  it('says upload both sides (no reading with the development provider), H5 liveness and face compare', async () => {
    const user = await t.loginWithOtp();
    const config = await t.post<KycConfig>(API_PATHS.kycConfig, { token: user.token });
    expect(config.envelope.data).toEqual({ KYC_FRONT: 1, KYC_BACK: 1, FACE: 3, FACE_COMPARE: 1 });
    expect((await t.post(API_PATHS.kycConfig)).statusCode).toBe(401);
  });
});

describe('the whole KYC step', () => {
  it('front, back, selfie, liveness, face/compare: marks KYC done; kyc/info links the owner’s images', async () => {
    const user = await t.loginWithOtp();
    const before = await t.post<KycInfo>(API_PATHS.kycInfo, { token: user.token });
    expect(before.envelope.data).toEqual({ id: null, userId: user.id, frontImageUrl: null, backImageUrl: null, liveImageUrl: null, idCardType: null, livenessPassed: false, completed: false });

    await uploadDocuments(user.token);
    expect((await t.post(API_PATHS.kycFaceCompare, { token: user.token, lang: 'en' })).envelope).toEqual({
      code: 2410,
      message: 'Please upload the front and back of your ID card and complete the face check first',
      data: null,
    });

    const started = await t.post<LivenessSession>(API_PATHS.livenessStart, { token: user.token });
    expect(started.envelope.data).toMatchObject({ bizNo: expect.stringMatching(/^[0-9a-f]{32}$/), faceUrl: null, status: 'pending' });
    expect(started.envelope.data.verifyUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/ekyc\/dev\/liveness\?bizNo=/);
    expect(Math.abs(started.envelope.data.expiredTime - (t.clock.now().getTime() + 600_000))).toBeLessThan(5000);

    // The page: HTML with its own CSP (script by nonce), camera allowed, framed by us only.
    const { bizNo, pt, path } = pageQuery(started.envelope.data.verifyUrl!);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['permissions-policy']).toBe('camera=(self)');
    expect(page.body).toContain('getUserMedia');
    expect(page.body).toContain('postMessage(message, window.location.origin)');

    const captured = await postMultipart<{ result: string; passed: boolean }>(t, API_PATHS.livenessDevCapture, { fields: { bizNo, pt }, files: await frames(true) });
    expect(captured.envelope.data.passed).toBe(true);
    // Nothing is settled until the signed result comes back through the app.
    const pending = await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo } });
    expect(pending.envelope.data.status).toBe('pending');
    const settled = await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo, livenessResult: captured.envelope.data.result } });
    expect(settled.envelope.data).toMatchObject({ bizNo, status: 'passed', faceUrl: expect.stringContaining('/api/user/app/file/') });
    // A replay of the same result changes nothing and still answers passed.
    expect((await t.post<LivenessSession>(API_PATHS.livenessResult, { token: user.token, payload: { bizNo, livenessResult: captured.envelope.data.result } })).envelope.data.status).toBe('passed');

    expect((await t.post<AuthDetail>(API_PATHS.authDetail, { token: user.token })).envelope.data.kycState).toBe('10');
    const finished = await t.post(API_PATHS.kycFaceCompare, { token: user.token });
    expect(finished.envelope).toEqual({ code: 200, message: 'success', data: null });
    expect((await t.post<AuthDetail>(API_PATHS.authDetail, { token: user.token })).envelope.data.kycState).toBe('30');
    expect((await t.post(API_PATHS.kycFaceCompare, { token: user.token })).envelope.code).toBe(200);

    const info = await t.post<KycInfo>(API_PATHS.kycInfo, { token: user.token });
    expect(info.envelope.data).toMatchObject({ id: expect.any(Number), userId: user.id, livenessPassed: true, completed: true });
    for (const url of [info.envelope.data.frontImageUrl, info.envelope.data.backImageUrl, info.envelope.data.liveImageUrl]) {
      const image = await t.app.inject({ method: 'GET', url: url! });
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    }

    // Finished: the documents can no longer be replaced, nor a new liveness started.
    const again = await postMultipart(t, API_PATHS.kycSave, { token: user.token, lang: 'en', fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data: await sampleJpeg() } } });
    expect(again.envelope).toMatchObject({ code: 2414, message: 'Your identity documents are already verified' });
    expect((await t.post(API_PATHS.livenessStart, { token: user.token })).envelope.code).toBe(2414);
  });

  it('keeps cardType (VH2) and answers it in kyc/info', async () => {
    const user = await t.loginWithOtp();
    const saved = await postMultipart(t, API_PATHS.kycSave, { token: user.token, fields: { imgType: 'IDCARD_CARD_BACK', cardType: 'CCCD' }, files: { image: { data: await sampleJpeg() } } });
    expect(saved.envelope.code).toBe(200);
    const info = await t.post<KycInfo>(API_PATHS.kycInfo, { token: user.token });
    expect(info.envelope.data).toMatchObject({ idCardType: 'CCCD', frontImageUrl: null, backImageUrl: expect.any(String) });
  });
});

describe('bad uploads and bad input', () => {
  it('refuses a PDF renamed .jpg, a 20 MB file, a truncated JPEG and no file, saying why', async () => {
    const user = await t.loginWithOtp();
    const send = (data: Buffer, filename = 'front.jpg') => postMultipart(t, API_PATHS.kycSave, { token: user.token, lang: 'en', fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data, filename } } });
    const pdf = await send(samplePdf(), 'cccd.jpg');
    expect([pdf.statusCode, pdf.envelope.code, pdf.envelope.message]).toEqual([415, 2403, 'Upload failed: only JPEG, PNG or WebP images are accepted']);
    const huge = await send(oversizedJpegLike(20 * 1024 * 1024));
    expect([huge.statusCode, huge.envelope.code, huge.envelope.message]).toEqual([413, 2402, 'Upload failed: the image is larger than 8 MB']);
    const cut = await send(await truncatedJpeg());
    expect([cut.statusCode, cut.envelope.code]).toEqual([400, 2404]);
    const none = await postMultipart(t, API_PATHS.kycSave, { token: user.token, lang: 'vn', fields: { imgType: 'IDCARD_CARD_FRONT' } });
    expect(none.envelope).toEqual({ code: 2401, message: 'Tải lên thất bại: vui lòng chọn một ảnh', data: null });
    const noFace = await postMultipart(t, API_PATHS.kycFace, { token: user.token, fields: { imageId: 'x' }, files: { livenessDataFile: { data: Buffer.from('sdk') } } });
    expect(noFace.envelope.code).toBe(2401);
    // Nothing was stored for this user.
    expect((await t.post<KycInfo>(API_PATHS.kycInfo, { token: user.token })).envelope.data.frontImageUrl).toBeNull();
  });

  it('refuses a wrong or missing imgType, a bad cardType and wrong types with the select message', async () => {
    const user = await t.loginWithOtp();
    const cases: Record<string, string>[] = [{ imgType: 'PASSPORT' }, {}, { imgType: ' ' }, { imgType: 'IDCARD_CARD_FRONT', cardType: 'CC CD<script>' }];
    for (const fields of cases) {
      const response = await postMultipart(t, API_PATHS.kycSave, { token: user.token, lang: 'en', fields, files: { image: { data: await sampleJpeg() } } });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.envelope.code).toBe(400);
      expect(['Please select', 'Please input']).toContain(response.envelope.message);
    }
    // A JSON body instead of multipart: no image.
    const json = await t.post(API_PATHS.kycSave, { token: user.token, payload: { imgType: 'IDCARD_CARD_FRONT' } });
    expect(json.envelope.code).toBe(2401);
    const badBizNo = await t.post(API_PATHS.livenessResult, { token: user.token, payload: { bizNo: 12 } });
    expect(badBizNo.statusCode).toBe(400);
  });

  it('asks for a session on every user call', async () => {
    for (const path of [API_PATHS.kycInfo, API_PATHS.kycFaceCompare, API_PATHS.livenessStart]) expect((await t.post(path)).statusCode).toBe(401);
    const anonymous = await postMultipart(t, API_PATHS.kycSave, { fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data: await sampleJpeg() } } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the liveness result is checked by the server', () => {
  it('refuses a result with a bad signature, an altered claim, another session’s result and another user’s session', async () => {
    const alice = await t.loginWithOtp();
    const bob = await t.loginWithOtp();
    const aliceRun = await livenessResult(alice.token);
    const [body, signature] = aliceRun.result.split('.') as [string, string];

    const forged = `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...claim, passed: true, face: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    for (const livenessResult of [forged, altered, 'garbage', `${body}.`, `${body}.${signature}.x`]) {
      const refused = await t.post(API_PATHS.livenessResult, { token: alice.token, lang: 'en', payload: { bizNo: aliceRun.bizNo, livenessResult } });
      expect(refused.envelope, livenessResult).toEqual({ code: 2411, message: 'Face verification failed, please try again', data: null });
    }

    // Bob presents Alice's session and result: refused; his own session with Alice's result: refused.
    expect((await t.post(API_PATHS.livenessResult, { token: bob.token, payload: { bizNo: aliceRun.bizNo, livenessResult: aliceRun.result } })).envelope.code).toBe(2411);
    const bobStarted = await t.post<LivenessSession>(API_PATHS.livenessStart, { token: bob.token });
    expect((await t.post(API_PATHS.livenessResult, { token: bob.token, payload: { bizNo: bobStarted.envelope.data.bizNo, livenessResult: aliceRun.result } })).envelope.code).toBe(2411);
    expect((await t.post<LivenessSession>(API_PATHS.livenessResult, { token: bob.token, payload: { bizNo: bobStarted.envelope.data.bizNo } })).envelope.data.status).toBe('pending');

    // Alice's own, untouched result still works afterwards.
    const ok = await t.post<LivenessSession>(API_PATHS.livenessResult, { token: alice.token, payload: { bizNo: aliceRun.bizNo, livenessResult: aliceRun.result } });
    expect(ok.envelope.data.status).toBe('passed');
    expect((await t.post<KycInfo>(API_PATHS.kycInfo, { token: bob.token })).envelope.data.livenessPassed).toBe(false);
  });

  it('fails a still picture (three identical frames) and keeps the step open', async () => {
    const user = await t.loginWithOtp();
    const run = await livenessResult(user.token, false);
    expect(run.passed).toBe(false);
    const response = await t.post(API_PATHS.livenessResult, { token: user.token, payload: { bizNo: run.bizNo, livenessResult: run.result } });
    expect(response.envelope.code).toBe(2411);
    expect((await t.post<KycInfo>(API_PATHS.kycInfo, { token: user.token })).envelope.data.livenessPassed).toBe(false);
  });

  it('refuses the page and the capture with a wrong page token, an unknown session or an expired one', async () => {
    const user = await t.loginWithOtp();
    const started = await t.post<LivenessSession>(API_PATHS.livenessStart, { token: user.token });
    const { bizNo, pt } = pageQuery(started.envelope.data.verifyUrl!);
    const wrongPage = await t.app.inject({ method: 'GET', url: `${API_PATHS.livenessDevPage}?bizNo=${bizNo}&pt=${pt.slice(1)}x` });
    expect(wrongPage.statusCode).toBe(400);
    expect(wrongPage.json()).toMatchObject({ code: 2412 });
    const wrongCapture = await postMultipart(t, API_PATHS.livenessDevCapture, { fields: { bizNo, pt: `${pt.slice(1)}x` }, files: await frames(true) });
    expect(wrongCapture.envelope.code).toBe(2412);
    // The token is checked before any picture is decoded: junk frames with a wrong token get the same answer.
    const junk = await postMultipart(t, API_PATHS.livenessDevCapture, { fields: { bizNo, pt: 'x' }, files: { frame1: { data: samplePdf() }, frame2: { data: samplePdf() }, frame3: { data: samplePdf() } } });
    expect(junk.envelope.code).toBe(2412);
    const unknown = await t.post(API_PATHS.livenessResult, { token: user.token, payload: { bizNo: '0'.repeat(32) } });
    expect(unknown.envelope.code).toBe(2412);
    const captured = await postMultipart<{ result: string }>(t, API_PATHS.livenessDevCapture, { fields: { bizNo, pt }, files: await frames(true) });
    t.clock.advance(11 * 60 * 1000);
    const late = await t.post(API_PATHS.livenessResult, { token: user.token, payload: { bizNo, livenessResult: captured.envelope.data.result } });
    expect(late.envelope.code).toBe(2412);
    expect((await t.app.inject({ method: 'GET', url: `${API_PATHS.livenessDevPage}?bizNo=${bizNo}&pt=${pt}` })).statusCode).toBe(400);
  });
});

describe('ownership', () => {
  it('user A cannot read B’s images: not by B’s links with A’s session, not by file id, not in kyc/info', async () => {
    const alice = await t.loginWithOtp();
    const bob = await t.loginWithOtp();
    await uploadDocuments(bob.token);
    const bobInfo = (await t.post<KycInfo>(API_PATHS.kycInfo, { token: bob.token })).envelope.data;
    const bobFront = bobInfo.frontImageUrl!;
    const path = bobFront.split('?')[0]!;
    const aliceHeaders = { authorization: alice.token, 'device-id': t.deviceOfToken(alice.token)! };
    expect((await t.app.inject({ method: 'GET', url: path, headers: aliceHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bobFront, headers: aliceHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const aliceInfo = (await t.post<KycInfo>(API_PATHS.kycInfo, { token: alice.token })).envelope.data;
    expect(aliceInfo.frontImageUrl).toBeNull();
    // Alice's own upload gets a link that does not open Bob's file when the id is swapped.
    await postMultipart(t, API_PATHS.kycSave, { token: alice.token, fields: { imgType: 'IDCARD_CARD_FRONT' }, files: { image: { data: await sampleJpeg() } } });
    const aliceFront = (await t.post<KycInfo>(API_PATHS.kycInfo, { token: alice.token })).envelope.data.frontImageUrl!;
    const bobId = /file\/([0-9a-f-]+)/.exec(bobFront)![1]!;
    const aliceId = /file\/([0-9a-f-]+)/.exec(aliceFront)![1]!;
    expect((await t.app.inject({ method: 'GET', url: aliceFront.replace(aliceId, bobId) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: aliceFront })).statusCode).toBe(200);
  });

  it('exposes the ID-card reading to other modules only through app.kyc (none with the development provider)', async () => {
    const user = await t.loginWithOtp();
    await uploadDocuments(user.token);
    expect(await t.services.kyc.idCardReading(await t.internalUserId(user.id))).toBeNull();
  });
});

describe('demo data', () => {
  it('seeds the demo user with KYC done (images drawn at seed time), once', async () => {
    const { seedDemo, DEMO_USER } = await import('../src/demo-seed.ts');
    await seedDemo(t);
    await seedDemo(t);
    const demo = await t.services.users.findByPhone(DEMO_USER.phone);
    expect(demo).not.toBeNull();
    expect((await t.services.certification.states(demo!.id)).kycState).toBe('30');
    const info = await t.services.kyc.info(demo!.id);
    expect(info).toMatchObject({ completed: true, livenessPassed: true, idCardType: 'CCCD' });
    for (const url of [info.frontImageUrl, info.backImageUrl, info.liveImageUrl]) {
      const image = await t.app.inject({ method: 'GET', url: url! });
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).width).toBeGreaterThan(200);
    }
    expect((await t.services.kyc.idCardReading(demo!.id))?.name).toBe('NGUYỄN VĂN DEMO');
    const files = await t.database.db.query.storedFiles.findMany();
    expect(files.filter((file) => file.userId === demo!.id)).toHaveLength(3);
  });
});
