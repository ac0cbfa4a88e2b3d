import { API_PATHS, ERRORS, PROVINCES, translate, type PersonalInfo } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorChecks, personalData } from '../src/db/schema.ts';
import { DEMO_USER, seedDemo } from '../src/demo-seed.ts';
import { FamilyClient } from './helpers/family-clients.ts';
import { createTestApp, failEventsOf, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Personal data, supplementary information and the operator check (issue 9): every rule of every
 * endpoint, ownership, the age rule on Vietnam's date, the ID number unique across users, each step
 * saved whole, and the family's clients. Runs on PGlite and PostgreSQL like every server test.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (config) => ({ ...config, authConfig: 'KYC,ID,TELECOM,BANK' }) });
});
afterAll(async () => t?.close());

/** Keys set to undefined are left out (as JSON.stringify would, and before signing). */
const defined = (payload: Record<string, unknown>) => Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));

let idCounter = 100_000_000_000;
/** A fresh 12-digit ID number. */
const newIdNumber = () => String(++idCounter + Math.floor(Math.random() * 1_000_000) * 1_000);

function personal(overrides: Record<string, unknown> = {}) {
  return defined({
    userName: 'Nguyễn Văn An',
    cardNo: newIdNumber(),
    sex: 1,
    birthDate: '1995-04-12',
    education: 6,
    marryState: 1,
    loanPurpose: 1,
    province: 1,
    address: '12 Phố Huế, Hai Bà Trưng',
    salary: '12000000',
    email: 'an.nguyen@example.com',
    ...overrides,
  });
}

async function signIn() {
  const phone = randomPhone();
  const login = await t.loginWithOtp(phone);
  return { phone, token: login.token, userId: await t.internalUserId(login.id) };
}

const save = (token: string, payload: Record<string, unknown>, lang: 'en' | 'vn' | 'zh' = 'en') => t.post(API_PATHS.personalSave, { token, payload, lang });
const states = async (token: string) => (await t.post<Record<string, string>>(API_PATHS.authDetail, { token })).envelope.data;

describe('choice lists and provinces', () => {
  it('userBaseExt/getEnum answers every list with state, id and info in the request language', async () => {
    const { token } = await signIn();
    const vn = await t.post<Record<string, { state: number; info: string; id: number }[]>>(API_PATHS.personalEnum, { token });
    expect(vn.envelope.code).toBe(200);
    expect(Object.keys(vn.envelope.data).sort()).toEqual(['education', 'gender', 'idCardTypeV2', 'language', 'maritalStatus', 'purpose', 'salaryRange', 'workTime']);
    expect(vn.envelope.data.gender).toEqual([
      { state: 1, id: 1, info: 'Nam' },
      { state: 2, id: 2, info: 'Nữ' },
    ]);
    const zh = await t.get<Record<string, { info: string }[]>>(API_PATHS.personalEnum, { token, lang: 'zh' });
    expect(zh.envelope.data.gender?.[0]?.info).toBe('男');
    expect((await t.post(API_PATHS.personalEnum)).statusCode).toBe(401);
  });

  it('userWork/enum answers relatives, otherRelatives, salaryRange, jobnature, staffSize, industry', async () => {
    const { token } = await signIn();
    const response = await t.post<Record<string, { state: number; info: string }[]>>(API_PATHS.workEnum, { token, lang: 'en' });
    expect(Object.keys(response.envelope.data).sort()).toEqual(['industry', 'jobnature', 'otherRelatives', 'relatives', 'salaryRange', 'staffSize']);
    expect(response.envelope.data.industry?.find((item) => item.state === 19)?.info).toBe('Not working or other');
    expect(response.envelope.data.relatives?.map((item) => item.state)).toEqual([1]);
    expect(response.envelope.data.otherRelatives?.map((item) => item.state)).toEqual([2]);
  });

  it('address/list gives the 34 provinces and cities, and nothing below a province', async () => {
    const { token } = await signIn();
    for (const parentId of [undefined, null, 'null', '', 0, '0']) {
      const list = await t.post<{ id: number; name: string; parentId: number; countryId: number }[]>(API_PATHS.addressList, {
        token,
        payload: parentId === undefined ? {} : { parentId },
      });
      expect(list.envelope.data, String(parentId)).toHaveLength(34);
    }
    const list = await t.post<{ id: number; name: string; otherName: string }[]>(API_PATHS.addressList, { token, lang: 'en' });
    expect(list.envelope.data.find((item) => item.id === 79)).toMatchObject({ name: 'TP. Hồ Chí Minh', otherName: 'Ho Chi Minh City', parentId: 0, type: 1, countryId: 84 });
    expect(new Set(list.envelope.data.map((item) => item.id)).size).toBe(34);
    expect((await t.post(API_PATHS.addressList, { token, payload: { parentId: '79' } })).envelope.data).toEqual([]);
    expect((await t.post(API_PATHS.addressList, { token, payload: { parentId: 'abc' } })).envelope.code).toBe(400);
  });
});

describe('userBaseExt/save/v2', () => {
  it('saves the step whole, marks ID done, keeps the ID number only encrypted and gives it back to its owner', async () => {
    const { token, userId } = await signIn();
    const before = await t.post<PersonalInfo>(API_PATHS.personalInfo, { token });
    expect(before.envelope.data).toMatchObject({ id: null, cardNo: null, userName: null, telecom: null });
    const cardNo = newIdNumber();
    const saved = await save(token, personal({ cardNo }));
    expect(saved.envelope).toEqual({ code: 200, message: 'success', data: null });
    expect((await states(token)).idState).toBe('30');
    const info = (await t.post<PersonalInfo>(API_PATHS.personalInfo, { token, lang: 'en' })).envelope.data;
    expect(info).toMatchObject({
      userName: 'Nguyễn Văn An',
      cardNo,
      sex: 1,
      sexStr: 'Male',
      birthDate: '1995-04-12',
      birthDateStr: '12-04-1995',
      province: 1,
      provinceStr: 'Ha Noi',
      address: '12 Phố Huế, Hai Bà Trưng',
      currentAddress: '12 Phố Huế, Hai Bà Trưng',
      salary: 12_000_000,
      salaryRange: 3,
      purpose: 1,
      email: 'an.nguyen@example.com',
    });
    const [row] = await t.database.db.select().from(personalData).where(eq(personalData.userId, userId));
    expect(row?.idNumberCipher).not.toContain(cardNo);
    expect(row?.idNumberIndex).toBe(t.infra.secrets.fieldCipher.blindIndex('id-number', cardNo));
    expect(t.infra.secrets.fieldCipher.decrypt(row!.idNumberCipher)).toBe(cardNo);
  });

  it('accepts both name forms and enum states as numbers or strings; "null" ids count as absent', async () => {
    const { token } = await signIn();
    const split = personal({ userName: undefined, firstName: 'An', lastName: 'Nguyễn Văn', sex: '2', education: '3', marryState: '2', province: '48', city: 'null', region: '' });
    expect((await save(token, split)).envelope.code).toBe(200);
    const info = (await t.post<PersonalInfo>(API_PATHS.personalInfo, { token })).envelope.data;
    expect(info).toMatchObject({ userName: 'Nguyễn Văn An', firstName: 'An', lastName: 'Nguyễn Văn', sex: 2, province: 48, city: null });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no name at all', { userName: undefined }, 'Please input'],
    ['a whitespace-only name', { userName: '   ' }, 'Please input'],
    ['a name of the wrong type', { userName: { a: 1 } }, 'Request failed'],
    ['no ID number', { cardNo: undefined }, 'Please input'],
    ['a whitespace-only ID number', { cardNo: '  ' }, 'Please input'],
    ['a 10-digit ID number', { cardNo: '0123456789' }, 'ID number must be 9 or 12 digits'],
    ['an ID number with letters', { cardNo: '01234567890A' }, 'ID number must be 9 or 12 digits'],
    ['an ID number as a number with 13 digits', { cardNo: 1234567890123 }, 'ID number must be 9 or 12 digits'],
    ['no gender', { sex: undefined }, 'Please select'],
    ['an unknown gender', { sex: 3 }, 'Please select'],
    ['a gender of the wrong type', { sex: [1] }, 'Please select'],
    ['no birth date', { birthDate: undefined }, 'Please input'],
    ['a whitespace-only birth date', { birthDate: ' ' }, 'Please input'],
    ['an impossible birth date', { birthDate: '1995-02-30' }, 'Please enter a valid date'],
    ['a birth date in another format', { birthDate: '1995/04/12' }, 'Please enter a valid date'],
    ['a birth date in the future', { birthDate: '2090-01-01' }, 'We refuse to lend money to under 18!'],
    ['no education', { education: undefined }, 'Please select'],
    ['an unknown education', { education: 99 }, 'Please select'],
    ['no marital status', { marryState: '' }, 'Please select'],
    ['an unknown loan purpose', { loanPurpose: 42 }, 'Please select'],
    ['no province', { province: 'null' }, 'Please select'],
    ['a province that no longer exists (Bình Dương, merged)', { province: 74 }, 'Please select'],
    ['a ward below a province (none shipped)', { city: 7901 }, 'Please select'],
    ['no address', { address: '  ' }, 'Please input'],
    ['no salary', { salary: undefined }, 'Please input'],
    ['a salary with letters', { salary: '12tr' }, 'Only numbers are allowed'],
    ['a salary with separators', { salary: '12.000.000' }, 'Only numbers are allowed'],
    ['a bad e-mail', { email: 'an@' }, 'Please enter the correct email format'],
    ['control characters in the address', { address: 'Phố\u0000Huế' }, 'Please remove unsupported characters'],
    ['an oversized address', { address: 'x'.repeat(201) }, 'Request failed'],
  ];
  it.each(cases)('refuses %s with the rule’s message and saves nothing', async (_name, change, message) => {
    const { token, userId } = await signIn();
    const response = await save(token, personal(change));
    expect(response.statusCode).toBe(400);
    expect(response.envelope).toMatchObject({ code: 400, message, data: null });
    expect(await t.database.db.select().from(personalData).where(eq(personalData.userId, userId))).toEqual([]);
    expect((await states(token)).idState).toBe('10');
  });

  it('answers the messages in Vietnamese and Chinese', async () => {
    const { token } = await signIn();
    expect((await save(token, personal({ cardNo: '123' }), 'vn')).envelope.message).toBe(translate('vn', 'validation.idNumber.format'));
    expect((await save(token, personal({ birthDate: '2015-01-01' }), 'zh')).envelope.message).toBe(translate('zh', 'validation.birthDate.underage'));
  });

  it('needs a session', async () => {
    expect((await t.post(API_PATHS.personalSave, { payload: personal() })).statusCode).toBe(401);
  });

  it('refuses an ID number another user holds, with a clear message, and keeps the first owner', async () => {
    const first = await signIn();
    const second = await signIn();
    const cardNo = newIdNumber();
    expect((await save(first.token, personal({ cardNo }))).envelope.code).toBe(200);
    const duplicate = await save(second.token, personal({ cardNo }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.envelope).toEqual({ code: ERRORS.ID_NUMBER_TAKEN.code, message: 'This ID number is already registered to another account', data: null });
    expect((await states(second.token)).idState).toBe('10');
    // A 9-digit number is a different number from a 12-digit one that ends the same.
    expect((await save(second.token, personal({ cardNo: cardNo.slice(-9) }))).envelope.code).toBe(200);
  });

  it('lets two users race for one ID number: exactly one wins', async () => {
    const users = await Promise.all([signIn(), signIn(), signIn()]);
    const cardNo = newIdNumber();
    const results = await Promise.all(users.map((user) => save(user.token, personal({ cardNo }))));
    expect(results.map((result) => result.envelope.code).sort()).toEqual([200, ERRORS.ID_NUMBER_TAKEN.code, ERRORS.ID_NUMBER_TAKEN.code]);
  });

  it('lets the borrower correct the data but not the ID number', async () => {
    const { token } = await signIn();
    const cardNo = newIdNumber();
    await save(token, personal({ cardNo }));
    const corrected = await save(token, personal({ cardNo, address: '5 Lê Lợi, Huế', province: 46, salary: '31000000' }));
    expect(corrected.envelope.code).toBe(200);
    expect((await t.post<PersonalInfo>(API_PATHS.personalInfo, { token })).envelope.data).toMatchObject({ address: '5 Lê Lợi, Huế', province: 46, salaryRange: 6 });
    const changed = await save(token, personal({ cardNo: newIdNumber() }));
    expect(changed.envelope).toMatchObject({ code: ERRORS.ID_NUMBER_LOCKED.code });
  });

  it('counts the age on Vietnam’s calendar date: 18 from the first minute of the birthday in Vietnam', async () => {
    // Move the clock to the next 17:30 UTC at least an hour ahead: 00:30 of the next day in Vietnam.
    const now = t.clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 17, 30));
    while (target.getTime() < now.getTime() + 60 * 60 * 1000) target.setUTCDate(target.getUTCDate() + 1);
    t.clock.advance(target.getTime() - now.getTime());
    const [year, month, day] = vietnamDate(t.clock.now()).split('-').map(Number) as [number, number, number];
    const vn = { year, month, day };
    expect(vn.day).not.toBe(t.clock.now().getUTCDate());
    const iso = (year: number, month: number, day: number) => {
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.toISOString().slice(0, 10);
    };
    const { token } = await signIn();
    const dayAfter = new Date(Date.UTC(vn.year - 18, vn.month - 1, vn.day + 1));
    const tooYoung = await save(token, personal({ birthDate: iso(dayAfter.getUTCFullYear(), dayAfter.getUTCMonth() + 1, dayAfter.getUTCDate()) }));
    expect(tooYoung.envelope).toMatchObject({ code: 400, message: 'We refuse to lend money to under 18!' });
    // Born on this Vietnamese date 18 years ago: 18 today in Vietnam, though still 17 on the UTC date.
    if (!(vn.month === 2 && vn.day === 29)) {
      const ok = await save(token, personal({ birthDate: iso(vn.year - 18, vn.month, vn.day) }));
      expect(ok.envelope.code, ok.body).toBe(200);
    }
  });
});

describe('userBaseExt/save/work/v2 and userWork/info', () => {
  const work = (overrides: Record<string, unknown> = {}) => defined({
    email: 'an@congty.vn',
    industry: '7',
    companyName: 'Công ty TNHH Sen',
    companyTel: '02438253535',
    companyAddress: '1 Tràng Tiền, Hà Nội',
    facebookUid: '100012345678901',
    purpose: '2',
    ...overrides,
  });

  it('saves the supplementary information whole and marks WORK done', async () => {
    const { token } = await signIn();
    expect((await t.post(API_PATHS.workSave, { token, payload: work() })).envelope.code).toBe(200);
    expect((await states(token)).workInfoState).toBe('30');
    const info = await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token, lang: 'en' });
    expect(info.envelope.data).toMatchObject({ companyName: 'Công ty TNHH Sen', companyTel: '02438253535', industry: 7, industryStr: 'Information technology', email: 'an@congty.vn', facebookUid: '100012345678901', relatives: null });
  });

  it('does not need the e-mail again: the personal data\'s is prefilled and kept (SPEC.md §3: e-mail is personal information)', async () => {
    const { token } = await signIn();
    expect((await save(token, personal())).envelope.code).toBe(200);
    const before = await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token, lang: 'en' });
    expect(before.envelope.data).toMatchObject({ id: null, email: 'an.nguyen@example.com' });
    const saved = await t.post(API_PATHS.workSave, { token, payload: work({ email: undefined }), lang: 'en' });
    expect(saved.envelope.code, saved.body).toBe(200);
    expect((await states(token)).workInfoState).toBe('30');
    const info = await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token, lang: 'en' });
    expect(info.envelope.data).toMatchObject({ email: 'an.nguyen@example.com', companyName: 'Công ty TNHH Sen' });
  });

  it('takes Facebook UID as optional (SPEC.md §3 \'Other\'); a family client sending it keeps it', async () => {
    const { token } = await signIn();
    const without = await t.post(API_PATHS.workSave, { token, payload: work({ facebookUid: '' }), lang: 'en' });
    expect(without.envelope.code, without.body).toBe(200);
    expect((await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token })).envelope.data).toMatchObject({ facebookUid: null, email: 'an@congty.vn' });
    expect((await t.post(API_PATHS.workSave, { token, payload: work() })).envelope.code).toBe(200);
    expect((await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token })).envelope.data).toMatchObject({ facebookUid: '100012345678901' });
  });

  it('skips the company for industry 19', async () => {
    const { token } = await signIn();
    const response = await t.post(API_PATHS.workSave, { token, payload: work({ industry: 19, companyName: 'null', companyTel: '', companyAddress: undefined }) });
    expect(response.envelope.code).toBe(200);
  });

  it.each([
    ['no e-mail, none stored with the personal data', { email: ' ' }, 'Please input'],
    ['a bad e-mail', { email: 'an.congty.vn' }, 'Please enter the correct email format'],
    ['no industry', { industry: undefined }, 'Please select'],
    ['an unknown industry', { industry: 20 }, 'Please select'],
    ['no company name', { companyName: '  ' }, 'Please input'],
    ['a company phone with letters', { companyTel: '024-3825' }, 'Only numbers are allowed'],
    ['no company address', { companyAddress: undefined }, 'Please input'],
  ] as [string, Record<string, unknown>, string][])('refuses %s and saves nothing', async (_name, change, message) => {
    const { token } = await signIn();
    const response = await t.post(API_PATHS.workSave, { token, payload: work(change), lang: 'en' });
    expect(response.envelope).toMatchObject({ code: 400, message });
    expect((await states(token)).workInfoState).toBe('10');
  });
});

describe('operator check (vietnam/telecom/otp/one|two|three)', () => {
  const one = (token: string, payload: Record<string, unknown>) => t.post<{ next: string; codeLength: number }>(API_PATHS.telecomOtpOne, { token, payload: defined(payload), lang: 'en' });
  const two = (token: string, payload: Record<string, unknown>) => t.post<{ next: string; codeLength: number }>(API_PATHS.telecomOtpTwo, { token, payload: defined(payload), lang: 'en' });
  const three = (token: string, payload: Record<string, unknown>) => t.post<{ next: string }>(API_PATHS.telecomOtpThree, { token, payload: defined(payload), lang: 'en' });
  const operatorCode = (phone: string) => {
    const message = t.sms.messages(phone).find((entry) => entry.text.includes('nha mang'));
    if (!message) throw new Error('no operator code sent');
    return message.code;
  };

  it('Viettel: a 4-digit code, then a 6-digit code; TELECOM done and the operator shown', async () => {
    const { token, phone } = await signIn();
    const first = await one(token, { phone, company: 'viet' });
    expect(first.envelope.data).toEqual({ next: 'two', codeLength: 4, resendAfterSeconds: 60 });
    const code1 = operatorCode(phone);
    expect(code1).toMatch(/^\d{4}$/);
    // The login code is untouched by the operator's codes (their own key).
    t.clock.advance(61_000);
    const second = await two(token, { phone, company: 'viet', otp: code1 });
    expect(second.envelope.data).toEqual({ next: 'three', codeLength: 6, resendAfterSeconds: 60 });
    const code2 = operatorCode(phone);
    expect(code2).toMatch(/^\d{6}$/);
    expect((await three(token, { phone, company: 'viet', otp: code1 })).envelope.code).toBe(ERRORS.OTP_INCORRECT.code);
    const done = await three(token, { phone, company: 'viet', otp: code2 });
    expect(done.envelope.data).toEqual({ next: 'done', codeLength: 0, resendAfterSeconds: 0 });
    expect((await states(token)).telecomPermissionState).toBe('30');
    expect((await t.post<PersonalInfo>(API_PATHS.personalInfo, { token })).envelope.data).toMatchObject({ telecom: 'Viettel', telecomPhone: phone, telecomCompany: 'viet' });
  });

  it('Vietnamobile skips step two', async () => {
    const { token, phone } = await signIn();
    expect((await one(token, { phone: phone, company: 'vietnamobile' })).envelope.data).toMatchObject({ next: 'three', codeLength: 4 });
    expect((await two(token, { company: 'vietnamobile', otp: operatorCode(phone) })).envelope.code).toBe(ERRORS.OPERATOR_STEP.code);
    expect((await three(token, { company: 'vietnamobile', otp: operatorCode(phone) })).envelope.code).toBe(200);
    expect((await t.post<PersonalInfo>(API_PATHS.personalInfo, { token })).envelope.data.telecom).toBe('Vietnamobile');
  });

  it('refuses steps out of order, for another operator, or for another phone', async () => {
    const { token, phone } = await signIn();
    expect((await two(token, { company: 'mobi', otp: '1234' })).envelope.code).toBe(ERRORS.OPERATOR_STEP.code);
    expect((await three(token, { company: 'mobi', otp: '123456' })).envelope.code).toBe(ERRORS.OPERATOR_STEP.code);
    await one(token, { company: 'mobi' });
    expect((await two(token, { company: 'vina', otp: operatorCode(phone) })).envelope.code).toBe(ERRORS.OPERATOR_STEP.code);
    expect((await three(token, { company: 'mobi', otp: operatorCode(phone) })).envelope.code).toBe(ERRORS.OPERATOR_STEP.code);
    const other = await one(token, { phone: randomPhone(), company: 'mobi' });
    expect(other.statusCode).toBe(403);
    expect(other.envelope.code).toBe(ERRORS.OPERATOR_PHONE_MISMATCH.code);
    expect((await states(token)).telecomPermissionState).toBe('10');
  });

  it.each([
    ['no operator', { company: undefined }, 'Please select'],
    ['an unknown operator', { company: 'gmobile' }, 'Please select'],
    ['a bad phone', { company: 'viet', phone: '12345' }, 'Invalid phone number format'],
  ] as [string, Record<string, unknown>, string][])('otp/one refuses %s', async (_name, payload, message) => {
    const { token } = await signIn();
    expect((await one(token, payload)).envelope).toMatchObject({ code: 400, message });
  });

  it.each([
    ['no code', undefined, 'Please check OTP'],
    ['a whitespace code', '   ', 'Please check OTP'],
    ['a 5-digit code', '12345', 'Invalid OTP format'],
    ['letters', 'abcd', 'Invalid OTP format'],
  ] as [string, string | undefined, string][])('otp/three refuses %s', async (_name, otp, message) => {
    const { token } = await signIn();
    expect((await three(token, { company: 'viet', otp })).envelope).toMatchObject({ code: 400, message });
  });

  it('shares the login code’s resend wait and hourly limits', async () => {
    const { token, phone } = await signIn();
    expect((await one(token, { company: 'saymee' })).envelope.code).toBe(200);
    const tooSoon = await one(token, { company: 'saymee' });
    expect(tooSoon.envelope.code).toBe(ERRORS.OTP_TOO_SOON.code);
    // Wrong codes lock the code after five tries, as the login code.
    for (let i = 0; i < 5; i++) await two(token, { company: 'saymee', otp: '0000' === operatorCode(phone) ? '1111' : '0000' });
    expect((await two(token, { company: 'saymee', otp: operatorCode(phone) })).envelope.code).toBe(ERRORS.OTP_LOCKED.code);
    let limited = false;
    for (let i = 0; i < 10 && !limited; i++) {
      t.clock.advance(61_000);
      limited = (await one(token, { company: 'saymee' })).envelope.code === ERRORS.OTP_SEND_LIMIT.code;
    }
    expect(limited).toBe(true);
    const [row] = await t.database.db.select().from(operatorChecks).where(eq(operatorChecks.userId, (await signIn()).userId));
    expect(row).toBeUndefined();
  });

  it('a correction to another operator keeps TELECOM done until the new one passes', async () => {
    const { token, phone } = await signIn();
    await one(token, { company: 'vietnamobile' });
    await three(token, { company: 'vietnamobile', otp: operatorCode(phone) });
    t.clock.advance(61_000);
    await one(token, { company: 'viet' });
    expect((await states(token)).telecomPermissionState).toBe('30');
    expect((await t.post<PersonalInfo>(API_PATHS.personalInfo, { token })).envelope.data.telecom).toBe('Vietnamobile');
  });
});

describe('hasAuth and credit facts', () => {
  it('hasAuth follows the configured items for several item sets; BANK never counts', async () => {
    const { userId } = await signIn();
    const certification = t.services.certification;
    const sets: [string, string[], boolean][] = [
      ['KYC,ID,TELECOM,BANK', ['KYC', 'ID', 'TELECOM'], true],
      ['ID', ['ID'], true],
      ['ID,WORK,BANK', ['ID'], false],
      ['BANK', ['BANK'], false],
    ];
    for (const [config, done, expected] of sets) {
      const { CertificationService } = await import('../src/modules/certification/certification.service.ts');
      const { CertificationRepository } = await import('../src/modules/certification/certification.repository.ts');
      const { userId: fresh } = await signIn();
      const service = new CertificationService(new CertificationRepository(t.database.uow), config, t.services.events);
      for (const item of done) await service.markItem(fresh, item as 'ID');
      expect(await service.hasAuth(fresh), config).toBe(expected);
    }
    expect(await certification.hasAuth(userId)).toBe(false);
  });

  it('markItem: the overall state becomes 30 with the last required item and stays once reached; BANK does not count', async () => {
    const { CertificationService } = await import('../src/modules/certification/certification.service.ts');
    const { CertificationRepository } = await import('../src/modules/certification/certification.repository.ts');
    const service = new CertificationService(new CertificationRepository(t.database.uow), 'ID,TELECOM,BANK', t.services.events);
    const { userId, token } = await signIn();
    await service.markItem(userId, 'BANK');
    expect((await states(token)).userAuthState).toBe('10');
    await service.markItem(userId, 'ID');
    expect((await states(token)).userAuthState).toBe('10');
    await service.markItem(userId, 'TELECOM');
    expect(await states(token)).toMatchObject({ idState: '30', telecomPermissionState: '30', bankCardState: '30', userAuthState: '30' });
    await service.markItem(userId, 'ID', '20');
    expect(await states(token)).toMatchObject({ idState: '20', userAuthState: '30' });
    expect(await service.hasAuth(userId)).toBe(true);
  });

  it('creditFacts: phone, birth date, ID index, salary band, operator and items', async () => {
    const { token, userId, phone } = await signIn();
    const empty = await t.services.certification.creditFacts(userId);
    expect(empty).toEqual({ userId, phone, birthDate: null, idNumberIndex: null, monthlySalaryBand: null, operatorVerified: false, itemsRequired: ['KYC', 'ID', 'TELECOM'], itemsDone: [] });
    const cardNo = newIdNumber();
    await save(token, personal({ cardNo, salary: '7500000', birthDate: '2000-01-31' }));
    await t.post(API_PATHS.telecomOtpOne, { token, payload: { company: 'vietnamobile' } });
    const code = t.sms.messages(phone).find((entry) => entry.text.includes('nha mang'))!.code;
    await t.post(API_PATHS.telecomOtpThree, { token, payload: { company: 'vietnamobile', otp: code } });
    expect(await t.services.certification.creditFacts(userId)).toEqual({
      userId,
      phone,
      birthDate: '2000-01-31',
      idNumberIndex: t.infra.secrets.fieldCipher.blindIndex('id-number', cardNo),
      monthlySalaryBand: '2',
      operatorVerified: true,
      itemsRequired: ['KYC', 'ID', 'TELECOM'],
      itemsDone: ['ID', 'TELECOM'],
    });
    await t.services.certification.markItem(userId, 'KYC');
    expect(await t.services.certification.hasAuth(userId)).toBe(true);
    expect((await states(token)).userAuthState).toBe('30');
  });
});

describe('each step saved whole or not at all', () => {
  it('a failure after the data is written (a listener of the item) leaves neither the data nor the item', async () => {
    const { token, userId } = await signIn();
    const events: { item: string; hasAuth: boolean }[] = [];
    failEventsOf(t, (payload, type) => {
      if (type !== 'certification.itemChanged' || payload.userId !== userId) return false;
      const event = payload as { item: string; hasAuth: boolean };
      events.push({ item: event.item, hasAuth: event.hasAuth });
      return events.length === 1;
    }, 'listener failed');
    const failed = await save(token, personal());
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(personalData).where(eq(personalData.userId, userId))).toEqual([]);
    expect((await states(token)).idState).toBe('10');
    // The same request again goes through, and the listener hears of it inside the transaction.
    expect((await save(token, personal())).envelope.code).toBe(200);
    expect(events).toEqual([
      { item: 'ID', hasAuth: false },
      { item: 'ID', hasAuth: false },
    ]);
  });
});

describe('ownership', () => {
  it('a user reads only their own data and cannot touch another’s', async () => {
    const a = await signIn();
    const b = await signIn();
    const cardNo = newIdNumber();
    await save(a.token, personal({ cardNo, userName: 'Trần Thị A' }));
    const bInfo = (await t.post<PersonalInfo>(API_PATHS.personalInfo, { token: b.token })).envelope.data;
    expect(bInfo.userName).toBeNull();
    // Extra keys naming another user are dropped by the schema.
    await save(b.token, personal({ userId: a.userId, userName: 'Lê Văn B' }));
    expect((await t.post<PersonalInfo>(API_PATHS.personalInfo, { token: a.token })).envelope.data.userName).toBe('Trần Thị A');
  });
});

describe('family clients', () => {
  const clientFor = async (name: 'VT' | 'KMP' | 'H5') => {
    const phone = randomPhone();
    const login = await t.loginWithOtp(phone, { deviceId: null });
    const client = new FamilyClient(name, { app: t.app, appCode: t.config.appCode, now: () => t.clock.now().getTime() });
    await client.fetchSecret();
    client.token = login.token;
    return { client, phone };
  };

  it('VT: split name, every value a string, then the operator with its own codes', async () => {
    const { client, phone } = await clientFor('VT');
    const body = {
      lastName: 'Phạm',
      firstName: 'Minh Đức',
      cardNo: newIdNumber(),
      sex: '1',
      birthDate: '1990-12-01',
      education: '5',
      marryState: '2',
      loanPurpose: '6',
      province: String(PROVINCES[3]!.id),
      city: 'null',
      region: 'null',
      address: 'Số 3 đường 30/4, Ninh Kiều',
      salary: '25000000',
      jobNature: '1',
      industry: '4',
      workTime: '3',
    };
    const saved = await client.post(API_PATHS.personalSave, body);
    expect(saved.envelope, JSON.stringify(saved.envelope)).toMatchObject({ code: 200 });
    const info = await client.post<PersonalInfo>(API_PATHS.personalInfo);
    expect(info.envelope.data).toMatchObject({ firstName: 'Minh Đức', lastName: 'Phạm', birthDateStr: '01-12-1990', jobNature: 'Full-time employee', industry: 'Wholesale and retail', workTime: '1 to 3 years' });
    expect((await client.post(API_PATHS.telecomOtpOne, { phone, company: 'mobi' })).envelope.code).toBe(200);
  });

  it('KMP: userName and Zalo on the personal page, pretty JSON; supplementary page with Facebook', async () => {
    const { client } = await clientFor('KMP');
    const body = { userName: 'Hoàng Thu Trang', cardNo: newIdNumber().slice(-9), sex: '2', birthDate: '1998-07-20', education: '6', marryState: '1', province: '1', city: 'null', region: 'null', address: 'Ngõ 5 Láng Hạ', salary: '9000000', zaloAccount: '0912000111' };
    expect((await client.post(API_PATHS.personalSave, body)).envelope.code).toBe(200);
    const supple = { purpose: '1', email: 'trang@example.vn', companyName: 'Cửa hàng Thu Trang', companyTel: '0912000111', companyAddress: 'Hà Nội', industry: '18', facebookUid: 'thutrang98' };
    expect((await client.post(API_PATHS.workSave, supple)).envelope.code).toBe(200);
    const states = await client.post<Record<string, string>>(API_PATHS.authDetail);
    expect(states.envelope.data).toMatchObject({ idState: '30', workInfoState: '30' });
    const enums = await client.post<{ gender: { state: number; info: string }[] }>(API_PATHS.personalEnum);
    expect(typeof enums.envelope.data.gender[0]!.state).toBe('number');
  });

  it('H5: address/list and getEnum by GET with the query signed', async () => {
    const { client } = await clientFor('H5');
    expect((await client.get<unknown[]>(API_PATHS.addressList)).envelope.data).toHaveLength(34);
  });
});

describe('demo data', () => {
  it('gives the demo user personal data and operator done, once', async () => {
    await seedDemo(t);
    await seedDemo(t);
    const user = await t.services.users.findByPhone(DEMO_USER.phone);
    const facts = await t.services.certification.creditFacts(user!.id);
    expect(facts).toMatchObject({ phone: '0912345678', birthDate: '1995-03-15', monthlySalaryBand: '4', operatorVerified: true, itemsDone: ['ID', 'KYC', 'TELECOM'] });
    // userWork/info carries the emergency contacts of the receiving-account step (bank module).
    const login = await t.loginWithOtp(DEMO_USER.phone);
    const work = await t.post<Record<string, unknown>>(API_PATHS.workInfo, { token: login.token, lang: 'en' });
    expect(work.envelope.data).toMatchObject({ relatives: 1, relativesStr: 'Family member', relativesName: 'Nguyễn Thị Bình', relativesMobile: '0987654321', otherRelatives: 2, otherRelativesStr: 'Friend or colleague', otherMobile: '0905123456' });
  });
});
