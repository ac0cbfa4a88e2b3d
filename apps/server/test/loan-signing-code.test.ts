import { API_PATHS, ERRORS, type BatchCommitResult, type CommittedOrder, type OrderSignCode } from '@sen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { contractAcceptances } from '../src/db/schema.ts';
import { DEMO_PRODUCTS, type ProductRow } from '../src/modules/product/index.ts';
import { createBorrower, demoProducts, type TestBorrower } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Signing a loan with a code sent by SMS (issue 25 item 7; decision 112), on PGlite and PostgreSQL:
 * a product whose signingCode is 'required' refuses a commit without the code; the code is the
 * application's own (not a login code, not another application's), tried at most 5 times, dies
 * after its lifetime and signs once; the acceptance rows keep the evidence (never the code); a
 * product whose signingCode is 'optional' still takes the family's commit without a code.
 */
let t: TestApp;
let signed: ProductRow;
let optional: ProductRow;

beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, payout: { ...config.payout, devDelayMs: 0 } }) });
  optional = (await demoProducts(t)).get('sen-nhanh')!;
  // A new product: its signing code is required unless an operator says otherwise.
  const { signingCode: _demoSetting, ...input } = DEMO_PRODUCTS[0]!;
  await t.services.product.upsert({ ...input, code: 'sen-ky-ma', name: 'Sen Ký Mã', dailyQuota: null });
  signed = (await t.services.product.activeProducts()).find((product) => product.code === 'sen-ky-ma')!;
});
afterAll(async () => t?.close());

const commit = (b: TestBorrower, fields: Record<string, string>) =>
  postMultipart<CommittedOrder>(t, API_PATHS.orderCommit, {
    token: b.token,
    fields: { payWay: 'CARD', ip: '', imei: 'device-1', coordinate: '0.0,0.0', planNums: '1', bankInfoId: String(b.accountId), ...fields },
    headers: { 'user-agent': 'SenTest/1.0 (signing)' },
  });
const sendCode = (b: TestBorrower, payload: Record<string, string | number>) => t.post<OrderSignCode>(API_PATHS.orderSignCode, { token: b.token, payload });
/** The code the development SMS provider last "sent" to the borrower. */
const lastCode = (b: TestBorrower) => t.sms.messages(b.phone)[0]!.code;
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const acceptancesOf = (orderId: number) => t.database.db.select().from(contractAcceptances).where(eq(contractAcceptances.orderId, orderId)).orderBy(contractAcceptances.document);
/** Moves the clock past the resend wait of 60 s. */
const pastResendWait = () => t.clock.advance(61_000);

describe('a product whose signing code is required (decision 112)', () => {
  it('is the default for a new product; the demo products and those already lending are optional', () => {
    expect(signed.signingCode).toBe('required');
    expect(optional.signingCode).toBe('optional');
  });

  it('refuses a commit without a code, a wrong code, another application’s code and a login code; signs with its own code once', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const application = { productId: String(signed.id), amount: '2000000', loanTermId: String(signed.id) };
    expect((await commit(b, { ...application, auditKey: 'no-code' })).envelope.code).toBe(ERRORS.SIGNING_CODE_REQUIRED.code);

    // Another application's code (another amount) is not this one's.
    const other = await sendCode(b, { productIds: String(signed.id), amount: 3_000_000, planNums: 1 });
    expect(other.envelope.code, other.body).toBe(200);
    const otherCode = lastCode(b);
    expect((await commit(b, { ...application, auditKey: 'other-app', signCode: otherCode })).envelope.code).toBe(ERRORS.OTP_INCORRECT.code);

    // A login code, live and unused, does not sign a loan.
    pastResendWait();
    expect((await t.sendCode({ payload: { phone: b.phone } })).envelope.code).toBe(200);
    const loginCode = lastCode(b);
    const byLoginCode = await commit(b, { ...application, auditKey: 'login-code', signCode: loginCode });
    expect(byLoginCode.envelope.code).toBe(ERRORS.OTP_INCORRECT.code);

    const sent = await sendCode(b, { productIds: String(signed.id), amount: 2_000_000, planNums: 1 });
    expect(sent.envelope.code, sent.body).toBe(200);
    expect(sent.envelope.data).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 300, phoneMasked: `${b.phone.slice(0, 3)}****${b.phone.slice(-3)}` });
    const message = t.sms.messages(b.phone)[0]!;
    expect(message.text).toContain('KY hop dong');
    expect(message.text).toContain('2.000.000');
    const code = message.code;
    expect(code).toMatch(/^\d{4}$/);

    const refused = await commit(b, { ...application, auditKey: 'wrong', signCode: wrong(code) });
    expect(refused.envelope.code).toBe(ERRORS.OTP_INCORRECT.code);
    // The wrong try is counted even though the commit was refused (its transaction kept it).
    const [tries] = await executeRows<{ failed_attempts: number }>(t.database.db, sql`select failed_attempts from otp_codes where phone like ${`sign-%:${b.phone}`} order by created_at desc limit 1`);
    expect(tries!.failed_attempts).toBe(1);

    const ok = await commit(b, { ...application, auditKey: 'signed-1', signCode: code });
    expect(ok.envelope.code, ok.body).toBe(200);
    const orderId = ok.envelope.data.orderId;

    // The evidence: what was signed, when (UTC and Vietnam time), from where, the phone, the code's hash (never the code).
    const rows = await acceptancesOf(orderId);
    expect(rows.map((row) => row.document)).toEqual(['lease', 'pawn']);
    for (const row of rows) {
      expect(row).toMatchObject({ signedWith: 'code', codePhone: b.phone, userAgent: 'SenTest/1.0 (signing)' });
      expect(row.version).toMatch(/^(lease|pawn)-/);
      expect(row.textHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.codeHash).not.toContain(code);
      expect(row.otpCodeId).not.toBeNull();
      expect(row.ip).not.toBe('');
      expect(row.deviceId).not.toBe('');
      const vietnam = new Date(row.acceptedAt.getTime() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(row.acceptedAtVietnam).toBe(`${vietnam} +07:00`);
    }

    // The same commit retried with the same code: the same order (idempotent), nothing new.
    const retried = await commit(b, { ...application, auditKey: 'signed-1', signCode: code });
    expect(retried.envelope.code, retried.body).toBe(200);
    expect(retried.envelope.data.orderId).toBe(orderId);

    // The code signed once: another commit (a new key) with it is refused.
    const replay = await commit(b, { ...application, auditKey: 'signed-2', signCode: code });
    expect(replay.envelope.code).toBe(ERRORS.OTP_EXPIRED.code);
    const orders = await executeRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from loan_orders where user_id = ${b.userId}`);
    expect(orders[0]!.n).toBe(1);
  });

  it('a signing code does not sign in', async () => {
    const b = await createBorrower(t, 10_000_000n);
    pastResendWait();
    expect((await sendCode(b, { productIds: String(signed.id), amount: 2_000_000, planNums: 1 })).envelope.code).toBe(200);
    const login = await t.post(API_PATHS.login, { payload: { phone: b.phone, smsCode: lastCode(b) } });
    expect(login.envelope.code).not.toBe(200);
    expect([ERRORS.OTP_INCORRECT.code, ERRORS.OTP_EXPIRED.code]).toContain(login.envelope.code);
  });

  it('locks the code after 5 wrong tries, and refuses an expired code', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const application = { productId: String(signed.id), amount: '2000000', loanTermId: String(signed.id) };
    await sendCode(b, { productIds: String(signed.id), amount: 2_000_000, planNums: 1 });
    const code = lastCode(b);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push((await commit(b, { ...application, auditKey: `guess-${attempt}`, signCode: wrong(code) })).envelope.code);
    expect(answers).toEqual([...Array(4).fill(ERRORS.OTP_INCORRECT.code), ERRORS.OTP_LOCKED.code]);
    expect((await commit(b, { ...application, auditKey: 'right-too-late', signCode: code })).envelope.code).toBe(ERRORS.OTP_LOCKED.code);

    // A new code (another amount: its own), left past its 5 minutes.
    await sendCode(b, { productIds: String(signed.id), amount: 2_500_000, planNums: 1 });
    const late = lastCode(b);
    t.clock.advance(301_000);
    expect((await commit(b, { ...application, amount: '2500000', auditKey: 'expired', signCode: late })).envelope.code).toBe(ERRORS.OTP_EXPIRED.code);
  });

  it('gives the code back when the commit is refused after the code was tried (the same transaction)', async () => {
    const b = await createBorrower(t, 2_000_000n);
    await t.database.db.execute(sql`update credit_accounts set used_amount = credit_limit where user_id = ${b.userId}`);
    const application = { productId: String(signed.id), amount: '2000000', loanTermId: String(signed.id) };
    await sendCode(b, { productIds: String(signed.id), amount: 2_000_000, planNums: 1 });
    const code = lastCode(b);
    expect((await commit(b, { ...application, auditKey: 'no-credit', signCode: code })).envelope.code).toBe(ERRORS.CREDIT_LIMIT_EXCEEDED.code);
    await t.database.db.execute(sql`update credit_accounts set used_amount = 0 where user_id = ${b.userId}`);
    const ok = await commit(b, { ...application, auditKey: 'credit-back', signCode: code });
    expect(ok.envelope.code, ok.body).toBe(200);
  });
});

describe('a product whose signing code is optional (the family’s native clients)', () => {
  it('takes a commit without a code (signed with the tick), and records a code when one is sent', async () => {
    const b = await createBorrower(t, 10_000_000n);
    const plain = await commit(b, { productId: String(optional.id), amount: '1000000', loanTermId: String(optional.id), auditKey: 'family-1' });
    expect(plain.envelope.code, plain.body).toBe(200);
    const ticked = await acceptancesOf(plain.envelope.data.orderId);
    expect(ticked.map((row) => [row.signedWith, row.codeHash, row.codePhone])).toEqual([
      ['tick', null, null],
      ['tick', null, null],
    ]);
    expect(ticked[0]!.acceptedAtVietnam).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+07:00$/);

    await sendCode(b, { productIds: String(optional.id), amount: 1_500_000, planNums: 1 });
    const withCode = await commit(b, { productId: String(optional.id), amount: '1500000', loanTermId: String(optional.id), auditKey: 'web-1', signCode: lastCode(b) });
    expect(withCode.envelope.code, withCode.body).toBe(200);
    expect((await acceptancesOf(withCode.envelope.data.orderId)).map((row) => row.signedWith)).toEqual(['code', 'code']);
  });

  it('signs a batch with one code for all its products', async () => {
    const b = await createBorrower(t, 3_000_000n);
    const page = await t.post<{ showProducts: { productId: number; loanAmount: number }[] }>(API_PATHS.loanPage, { token: b.token });
    const products = page.envelope.data.showProducts;
    const ids = products.map((product) => product.productId).join(',');
    const total = products.reduce((sum, product) => sum + product.loanAmount, 0);
    expect((await sendCode(b, { productIds: ids, amount: total })).envelope.code).toBe(200);
    const code = lastCode(b);
    const fields = { payWay: 'CARD', bankInfoId: String(b.accountId), productIds: ids, amount: String(total), auditKey: 'batch-1', signCode: code };
    const batch = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields });
    expect(batch.envelope.code, batch.body).toBe(200);
    const made = batch.envelope.data.filter((result) => result.pushStatus === 200);
    expect(made.length).toBeGreaterThan(0);
    for (const result of made) expect((await acceptancesOf(result.orderId!)).every((row) => row.signedWith === 'code')).toBe(true);
    // The batch repeated answers its orders; the same code for a new batch is refused.
    const again = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields });
    expect(again.envelope.data.map((result) => result.orderId)).toEqual(batch.envelope.data.map((result) => result.orderId));
    const replay = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { ...fields, auditKey: 'batch-2' } });
    expect(replay.envelope.code).toBe(ERRORS.OTP_EXPIRED.code);
  });

  it('a batch’s code signs its plans too: the same batch with another plan is refused, with the plan signed it is made', async () => {
    const b = await createBorrower(t, 10_000_000n);
    // A batch of the product that offers one payment or three instalments.
    const flexible = (await demoProducts(t)).get('sen-linh-hoat')!;
    const ids = String(flexible.id);
    const total = 3_000_000;
    const plans = (plan: number) => JSON.stringify({ [flexible.id]: plan });
    expect((await sendCode(b, { productIds: ids, amount: total, productInstallmentMap: plans(3) })).envelope.code).toBe(200);
    const code = lastCode(b);
    const fields = { payWay: 'CARD', bankInfoId: String(b.accountId), productIds: ids, amount: String(total), signCode: code };
    const otherPlan = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { ...fields, auditKey: 'plan-1', productInstallmentMap: plans(1) } });
    expect(otherPlan.envelope.code, otherPlan.body).toBe(ERRORS.OTP_INCORRECT.code);
    const signedPlan = await postMultipart<BatchCommitResult[]>(t, API_PATHS.orderCommitAll, { token: b.token, fields: { ...fields, auditKey: 'plan-3', productInstallmentMap: plans(3) } });
    expect(signedPlan.envelope.code, signedPlan.body).toBe(200);
    const flexibleOrder = signedPlan.envelope.data.find((result) => result.productId === flexible.id)!;
    expect(flexibleOrder.pushStatus).toBe(200);
    const [row] = await executeRows<{ plan_nums: number }>(t.database.db, sql`select plan_nums from loan_orders where id = ${flexibleOrder.orderId}`);
    expect(Number(row!.plan_nums)).toBe(3);
  });
});
