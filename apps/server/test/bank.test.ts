import {
  API_PATHS,
  ERRORS,
  type AuthDetail,
  type BankAccount,
  type BankChannel,
  type EmergencyContactsResponse,
  type LoginSession,
  type Wallet,
} from '@sen/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyContacts, receivingAccounts } from '../src/db/schema.ts';
import { DEMO_BANK_ACCOUNT, DEMO_USER, seedDemo } from '../src/demo-seed.ts';
import { FamilyClient, type ClientName } from './helpers/family-clients.ts';
import { createTestApp, failEventsOf, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Receiving accounts and emergency contacts (issue 9): every rule of bank/bind/v2 and bank/addBank
 * with bad types and whitespace, ownership, the one-default rule under concurrency, the unbind
 * rules and guard, numbers encrypted at rest, the demo seed and the family's clients' shapes.
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const VCB = 970436;
const TCB = 970407;
const MOMO_WALLET = 1;

interface User {
  token: string;
  phone: string;
  id: string;
}

async function newUser(): Promise<User> {
  const phone = randomPhone();
  const session = await t.loginWithOtp(phone);
  return { token: session.token, phone, id: await t.internalUserId(session.id) };
}

/** Two contacts whose phones differ from each other and from every test borrower's (09… numbers). */
const contacts = () => [
  { relatives: 1, relativesName: 'Nguyễn Thị Bình', relativesMobile: '0387654321' },
  { relatives: 2, relativesName: 'Trần Văn Cường', relativesMobile: '0705123456' },
];

/** A valid card bind; an override of undefined leaves the field out. */
const cardBind = (overrides: Record<string, unknown> = {}) =>
  Object.fromEntries(
    Object.entries({
      payWay: 'CARD',
      bankId: String(VCB),
      accountUser: 'NGUYEN VAN AN',
      bankNo: '0011001234567',
      confirmBankNo: '0011001234567',
      relativesInfoVOList: contacts(),
      ...overrides,
    }).filter(([, value]) => value !== undefined),
  );

const post = <T = unknown>(user: User, path: string, payload: Record<string, unknown> = {}) => t.post<T>(path, { token: user.token, payload, lang: 'en' });

async function myCards(user: User) {
  const response = await post<BankAccount[]>(user, API_PATHS.bankMyCard);
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data;
}

async function myWallets(user: User) {
  const response = await post<Wallet[]>(user, API_PATHS.cashWalletListMy);
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data;
}

async function bankState(user: User) {
  return (await post<AuthDetail>(user, API_PATHS.authDetail)).envelope.data.bankCardState;
}

async function defaultsOf(userId: string) {
  return t.database.db.$count(receivingAccounts, and(eq(receivingAccounts.userId, userId), eq(receivingAccounts.isDefault, true), isNull(receivingAccounts.unboundAt)));
}

describe('bank/list and wallet/list', () => {
  it('lists Vietnamese banks with their NAPAS BIN and short names, ids stable (the BIN)', async () => {
    const response = await t.post<BankChannel[]>(API_PATHS.bankList);
    expect(response.envelope.code).toBe(200);
    const banks = response.envelope.data;
    expect(banks.length).toBeGreaterThan(40);
    expect(banks.find((bank) => bank.bankCode === 'VCB')).toEqual({
      id: VCB,
      status: 1,
      bankCode: 'VCB',
      bankName: 'Ngân hàng TMCP Ngoại Thương Việt Nam',
      longCode: 'Vietcombank',
      shortName: 'Vietcombank',
      bin: '970436',
      logoUrl: '',
      countryId: 84,
    });
    for (const bank of banks) expect(bank.bin).toMatch(/^\d{6}$/);
    expect(new Set(banks.map((bank) => bank.id)).size).toBe(banks.length);
    expect(banks.some((bank) => bank.bankCode === 'MOMO')).toBe(false);
  });

  it('lists e-wallets', async () => {
    const response = await t.post<Wallet[]>(API_PATHS.walletList);
    expect(response.envelope.data.map((wallet) => wallet.walletCode)).toEqual(['MOMO', 'ZALOPAY', 'VIETTELMONEY', 'VNPTMONEY', 'SHOPEEPAY']);
    expect(response.envelope.data[0]).toMatchObject({ id: MOMO_WALLET, walletName: 'MoMo', defaultSign: 0, accountCode: '' });
  });
});

describe('bank/bind/v2: the BANK step', () => {
  it('binds a card with two contacts: default, masked, BANK done, contacts readable by their owner', async () => {
    const user = await newUser();
    expect(await bankState(user)).not.toBe('30');
    const bound = await post(user, API_PATHS.bankBindV2, cardBind());
    expect(bound.envelope, bound.body).toEqual({ code: 200, message: 'success', data: null });

    const cards = await myCards(user);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ bankCode: 'VCB', bankName: 'Vietcombank', bankNo: '*********4567', accountUser: 'NGUYEN VAN AN', isDefault: 1, payWay: 'CARD', bin: '970436' });
    expect(cards[0]!.bindTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await bankState(user)).toBe('30');

    const info = await post<EmergencyContactsResponse>(user, API_PATHS.emergencyContacts);
    expect(info.envelope.data.contacts).toEqual(contacts());
  });

  it('binds an e-wallet with the contacts; sending the step again corrects the contacts and keeps one account', async () => {
    const user = await newUser();
    const wallet = { payWay: 'WALLET', walletId: MOMO_WALLET, accountCode: '0901234567', confirmAccountCode: '0901234567', accountUser: 'NGUYEN VAN AN', relativesInfoVOList: contacts() };
    expect((await post(user, API_PATHS.bankBindV2, wallet)).envelope.code).toBe(200);
    const corrected = [contacts()[0]!, { relatives: 2, relativesName: 'Lê Thị Dung', relativesMobile: '0356789012' }];
    expect((await post(user, API_PATHS.bankBindV2, { ...wallet, relativesInfoVOList: corrected })).envelope.code).toBe(200);
    const wallets = await myWallets(user);
    expect(wallets).toHaveLength(1);
    expect(wallets[0]).toMatchObject({ walletCode: 'MOMO', walletId: MOMO_WALLET, accountCode: '******4567', defaultSign: 1 });
    expect(await myCards(user)).toEqual([]);
    expect((await post<EmergencyContactsResponse>(user, API_PATHS.emergencyContacts)).envelope.data.contacts[1]).toEqual(corrected[1]);
  });

  const PHONE_9 = '387654321';
  const refusals: [string, Record<string, unknown>, string][] = [
    ['no bank', cardBind({ bankId: undefined }), 'Please select'],
    ['a bank id that is not a bank', cardBind({ bankId: 123 }), 'Please select'],
    ['a bank id of the wrong type', cardBind({ bankId: { id: 1 } }), 'Please select'],
    ['a whitespace-only holder name', cardBind({ accountUser: '   ' }), 'Please input'],
    ['no holder name', cardBind({ accountUser: null }), 'Please input'],
    ['a holder name that is a list', cardBind({ accountUser: ['A'] }), 'Request failed'],
    ['a whitespace-only number', cardBind({ bankNo: ' \t ', confirmBankNo: ' \t ' }), 'Please input'],
    ['a number with letters', cardBind({ bankNo: '0011ab34567', confirmBankNo: '0011ab34567' }), 'Only numbers are allowed'],
    ['a number with spaces inside', cardBind({ bankNo: '0011 0012', confirmBankNo: '0011 0012' }), 'Only numbers are allowed'],
    ['a number too short', cardBind({ bankNo: '12345', confirmBankNo: '12345' }), 'Account number must be 6 to 20 digits'],
    ['a number too long', cardBind({ bankNo: '1'.repeat(21), confirmBankNo: '1'.repeat(21) }), 'Account number must be 6 to 20 digits'],
    ['a number that is a boolean', cardBind({ bankNo: true }), 'Request failed'],
    ['a confirmation that differs', cardBind({ confirmBankNo: '0011001234568' }), 'BankNo does not match'],
    ['an unknown pay way', cardBind({ payWay: 'PAYPAL' }), 'Request failed'],
    ['no wallet', { ...cardBind(), payWay: 'WALLET' }, 'Please select'],
    ['a wallet account with letters', { payWay: 'WALLET', walletId: 1, accountCode: '09o1234567', relativesInfoVOList: contacts() }, 'Only numbers are allowed'],
    ['a wallet confirmation that differs', { payWay: 'WALLET', walletId: 1, accountCode: '0901234567', confirmAccountCode: '0901234568', relativesInfoVOList: contacts() }, 'Account does not match'],
    ['no contacts', cardBind({ relativesInfoVOList: undefined }), 'Please add two emergency contacts'],
    ['one contact', cardBind({ relativesInfoVOList: [contacts()[0]] }), 'Please add two emergency contacts'],
    ['contacts as a text', cardBind({ relativesInfoVOList: 'a,b' }), 'Please add two emergency contacts'],
    ['an unknown relationship', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relatives: 7 }, contacts()[1]] }), 'Please select'],
    ['a relationship that is a word', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relatives: 'mother' }, contacts()[1]] }), 'Please select'],
    ['no relationship', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relatives: null }, contacts()[1]] }), 'Please select'],
    ['a whitespace-only contact name', cardBind({ relativesInfoVOList: [contacts()[0], { ...contacts()[1], relativesName: '  ' }] }), 'Please input'],
    ['an empty contact phone', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relativesMobile: ' ' }, contacts()[1]] }), 'Please check Phone Number'],
    ['a contact phone too short', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relativesMobile: '038765432' }, contacts()[1]] }), 'Invalid phone number format'],
    ['a contact phone with letters', cardBind({ relativesInfoVOList: [{ ...contacts()[0], relativesMobile: '03876S4321' }, contacts()[1]] }), 'Invalid phone number format'],
    [
      'the same phone for both contacts (9- and 10-digit forms)',
      cardBind({ relativesInfoVOList: [{ ...contacts()[0], relativesMobile: PHONE_9 }, { ...contacts()[1], relativesMobile: `0${PHONE_9}` }] }),
      'The two emergency contacts must have different phone numbers',
    ],
  ];

  it.each(refusals)('refuses %s with its message, and saves nothing', async (_name, payload, message) => {
    const user = await newUser();
    const response = await post(user, API_PATHS.bankBindV2, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.envelope).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, message, data: null });
    expect(await myCards(user)).toEqual([]);
    expect(await myWallets(user)).toEqual([]);
    expect(await bankState(user)).not.toBe('30');
  });

  it("refuses a contact with the borrower's own phone (in either form)", async () => {
    const user = await newUser();
    for (const phone of [user.phone, user.phone.slice(1)]) {
      const response = await post(user, API_PATHS.bankBindV2, cardBind({ relativesInfoVOList: [contacts()[0], { ...contacts()[1], relativesMobile: phone }] }));
      expect(response.envelope).toMatchObject({ code: 400, message: 'An emergency contact cannot use your own phone number' });
    }
    expect(await myCards(user)).toEqual([]);
  });

  it('answers in Vietnamese for a vi_VN client', async () => {
    const user = await newUser();
    const response = await t.post(API_PATHS.bankBindV2, { token: user.token, lang: 'vn', payload: cardBind({ confirmBankNo: '1' }) });
    expect(response.envelope.message).toBe('Số tài khoản ngân hàng không khớp');
  });

  it('is saved whole or not at all: a failure after the account was written leaves nothing', async () => {
    const user = await newUser();
    let fail = true;
    failEventsOf(t, (payload) => fail && payload.userId === user.id, 'simulated failure after the account and contacts were written');
    const response = await post(user, API_PATHS.bankBindV2, cardBind());
    expect(response.statusCode).toBe(500);
    fail = false;
    expect(await t.database.db.$count(receivingAccounts, eq(receivingAccounts.userId, user.id))).toBe(0);
    expect(await t.database.db.$count(emergencyContacts, eq(emergencyContacts.userId, user.id))).toBe(0);
    expect(await bankState(user)).not.toBe('30');
  });

  it('needs a session', async () => {
    const response = await t.post(API_PATHS.bankBindV2, { payload: cardBind() });
    expect(response.envelope.code).toBe(401);
  });
});

describe('accounts: add, default, unbind', () => {
  it('adds a second card, refuses the same account twice, allows the same number at another bank', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    const second = { bankId: TCB, accountUser: 'NGUYEN VAN AN', bankNo: '19036677889900', confirmBankNo: '19036677889900', payWay: 'CARD' };
    expect((await post(user, API_PATHS.bankAdd, second)).envelope.code).toBe(200);
    const again = await post(user, API_PATHS.bankAdd, second);
    expect(again.envelope).toMatchObject({ code: ERRORS.BANK_ACCOUNT_DUPLICATE.code, message: 'This account is already bound' });
    const sameAsFirst = await post(user, API_PATHS.bankAdd, { bankId: VCB, accountUser: 'X Y', bankNo: '0011001234567' });
    expect(sameAsFirst.envelope.code).toBe(ERRORS.BANK_ACCOUNT_DUPLICATE.code);
    expect((await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'X Y', bankNo: '0011001234567' })).envelope.code).toBe(200);

    const cards = await myCards(user);
    expect(cards.map((card) => [card.bankCode, card.isDefault])).toEqual([
      ['VCB', 1],
      ['TCB', 0],
      ['TCB', 0],
    ]);
  });

  it('addBank refuses bad input like bind does', async () => {
    const user = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ bankId: VCB, accountUser: 'A', bankNo: '00110012', confirmBankNo: '00110013' }, 'BankNo does not match'],
      [{ bankId: VCB, accountUser: ' ', bankNo: '00110012' }, 'Please input'],
      [{ bankId: VCB, accountUser: 'A', bankNo: '0011-0012' }, 'Only numbers are allowed'],
      [{ accountUser: 'A', bankNo: '00110012' }, 'Please select'],
      [{ payWay: 'WALLET', walletId: 99, accountCode: '0901234567' }, 'Please select'],
      [{ bankId: VCB, accountUser: 'A', bankNo: '00110012', isDefault: 'maybe' }, 'Request failed'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(user, API_PATHS.bankAdd, payload);
      expect(response.envelope, JSON.stringify(payload)).toMatchObject({ code: 400, message });
    }
    expect(await myCards(user)).toEqual([]);
  });

  it('the first account added is the default; isDefault makes a new one the default; one default across cards and wallets', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankAdd, { payWay: 'WALLET', walletId: 2, accountCode: '0901234567' });
    expect((await myWallets(user))[0]!.defaultSign).toBe(1);
    await post(user, API_PATHS.bankAdd, { bankId: VCB, accountUser: 'A B', bankNo: '123456789', isDefault: true });
    expect((await myCards(user))[0]!.isDefault).toBe(1);
    expect((await myWallets(user))[0]!.defaultSign).toBe(0);
    expect(await defaultsOf(user.id)).toBe(1);

    const wallet = (await myWallets(user))[0]!;
    expect((await post(user, API_PATHS.cashWalletSetDefault, { id: wallet.id })).envelope.code).toBe(200);
    expect((await myWallets(user))[0]!.defaultSign).toBe(1);
    expect((await myCards(user))[0]!.isDefault).toBe(0);
    // A card's id is not a wallet account.
    const card = (await myCards(user))[0]!;
    expect((await post(user, API_PATHS.cashWalletSetDefault, { id: card.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    expect((await post(user, API_PATHS.bankSetDefault, { bankInfoId: String(card.id) })).envelope.code).toBe(200);
    expect((await myCards(user))[0]!.isDefault).toBe(1);
    expect(await defaultsOf(user.id)).toBe(1);
  });

  it('unbind: the only default is refused; a second account lets it go and becomes the default', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    const [first] = await myCards(user);
    const only = await post(user, API_PATHS.bankUnbind, { bankInfoId: String(first!.id), payWay: 'CARD' });
    expect(only.envelope).toMatchObject({ code: ERRORS.BANK_UNBIND_ONLY_ACCOUNT.code, message: expect.stringContaining('only receiving account') });

    await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo: '19036677889900' });
    const unbound = await post(user, API_PATHS.bankUnbind, { bankInfoId: first!.id });
    expect(unbound.envelope.code, unbound.body).toBe(200);
    const cards = await myCards(user);
    expect(cards.map((card) => [card.bankCode, card.isDefault])).toEqual([['TCB', 1]]);
    // Unbound: gone from the list, not found again, and the same account may be bound anew.
    expect((await post(user, API_PATHS.bankUnbind, { bankInfoId: first!.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    expect((await post(user, API_PATHS.bankAdd, { bankId: VCB, accountUser: 'A B', bankNo: '0011001234567' })).envelope.code).toBe(200);
  });

  it('unbinding a non-default account leaves the default alone', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo: '19036677889900' });
    const second = (await myCards(user)).find((card) => card.bankCode === 'TCB')!;
    expect((await post(user, API_PATHS.bankUnbind, { bankInfoId: second.id })).envelope.code).toBe(200);
    expect((await myCards(user)).map((card) => [card.bankCode, card.isDefault])).toEqual([['VCB', 1]]);
  });

  it('an unbind guard (the order module: a payout in progress) refuses the unbind', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo: '19036677889900' });
    const second = (await myCards(user)).find((card) => card.bankCode === 'TCB')!;
    const paying = new Set<number>([second.id]);
    const seen: { userId: string; accountId: number }[] = [];
    t.services.bank.addUnbindGuard(async (account) => {
      seen.push(account);
      return paying.has(account.accountId);
    });
    const refused = await post(user, API_PATHS.bankUnbind, { bankInfoId: second.id });
    expect(refused.envelope).toMatchObject({ code: ERRORS.BANK_UNBIND_PAYOUT.code, message: 'A loan is being paid out to this account, it cannot be unbound now' });
    expect(seen).toContainEqual({ userId: user.id, accountId: second.id });
    expect(await myCards(user)).toHaveLength(2);
    paying.clear();
    expect((await post(user, API_PATHS.bankUnbind, { bankInfoId: second.id })).envelope.code).toBe(200);
  });

  it('at most one default under parallel setDefault calls', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    for (const bankNo of ['1000000001', '1000000002', '1000000003', '1000000004']) {
      await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo });
    }
    const ids = (await myCards(user)).map((card) => card.id);
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([...ids, ...ids].map((id) => post(user, API_PATHS.bankSetDefault, { bankInfoId: id })));
      expect(results.map((result) => result.envelope.code)).toEqual(results.map(() => 200));
      expect(await defaultsOf(user.id)).toBe(1);
    }
    // Adds with isDefault racing setDefault and unbinds: still exactly one default.
    await Promise.all([
      post(user, API_PATHS.bankAdd, { bankId: VCB, accountUser: 'A B', bankNo: '2000000001', isDefault: true }),
      post(user, API_PATHS.bankAdd, { bankId: VCB, accountUser: 'A B', bankNo: '2000000002', isDefault: true }),
      post(user, API_PATHS.bankSetDefault, { bankInfoId: ids[1] }),
      post(user, API_PATHS.bankUnbind, { bankInfoId: ids[2] }),
      post(user, API_PATHS.bankUnbind, { bankInfoId: ids[3] }),
    ]);
    expect(await defaultsOf(user.id)).toBe(1);
  });

  it('the partial unique index refuses a second default even past the service', async () => {
    const user = await newUser();
    await post(user, API_PATHS.bankBindV2, cardBind());
    await post(user, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo: '19036677889900' });
    await expect(
      t.database.db.update(receivingAccounts).set({ isDefault: true }).where(eq(receivingAccounts.userId, user.id)),
    ).rejects.toThrow();
  });
});

describe('ownership', () => {
  it("user B can neither read nor change A's accounts", async () => {
    const a = await newUser();
    const b = await newUser();
    await post(a, API_PATHS.bankBindV2, cardBind());
    await post(a, API_PATHS.bankAdd, { bankId: TCB, accountUser: 'A B', bankNo: '19036677889900' });
    await post(a, API_PATHS.bankAdd, { payWay: 'WALLET', walletId: 1, accountCode: '0901234567' });
    await post(b, API_PATHS.bankBindV2, cardBind({ bankNo: '5555555555', confirmBankNo: '5555555555' }));
    const aCards = await myCards(a);
    const aWallet = (await myWallets(a))[0]!;
    const bCards = await myCards(b);
    expect(bCards).toHaveLength(1);
    expect(bCards.some((card) => aCards.some((mine) => mine.id === card.id))).toBe(false);
    expect(await myWallets(b)).toEqual([]);

    for (const card of aCards) {
      expect((await post(b, API_PATHS.bankSetDefault, { bankInfoId: card.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
      expect((await post(b, API_PATHS.bankUnbind, { bankInfoId: card.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    }
    expect((await post(b, API_PATHS.cashWalletSetDefault, { id: aWallet.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    expect((await post(b, API_PATHS.bankUnbind, { bankInfoId: aWallet.id })).envelope.code).toBe(ERRORS.BANK_ACCOUNT_NOT_FOUND.code);
    // A is untouched; B's contacts are B's.
    expect(await myCards(a)).toEqual(aCards);
    expect(await t.services.bank.accountOf(b.id, aCards[0]!.id)).toBeNull();
    expect(await t.services.bank.accountNumberForPayout(b.id, aCards[0]!.id)).toBeNull();
    const bContacts = await post<EmergencyContactsResponse>(b, API_PATHS.emergencyContacts);
    expect(bContacts.envelope.data.contacts).toHaveLength(2);
  });

  it('a bad id is refused without a 5xx', async () => {
    const user = await newUser();
    for (const bankInfoId of ['abc', -1, 0, '1e3', null, { id: 1 }, '99999999999999999999']) {
      const response = await post(user, API_PATHS.bankSetDefault, { bankInfoId });
      expect(response.statusCode, String(bankInfoId)).toBeLessThan(500);
      expect(response.envelope.code).not.toBe(200);
    }
  });
});

describe('storage and the public service', () => {
  it('stores account numbers encrypted, never in plain text', async () => {
    const user = await newUser();
    const number = '0011009876543';
    await post(user, API_PATHS.bankBindV2, cardBind({ bankNo: number, confirmBankNo: number }));
    const rows = (await t.database.db.execute(sql`select * from receiving_accounts where user_id = ${user.id}`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toHaveLength(1);
    const text = JSON.stringify(rows.rows);
    expect(text).not.toContain(number);
    expect(text).not.toContain(number.slice(0, 9));
    const row = rows.rows[0] as { number_cipher: string; number_masked: string };
    expect(row.number_cipher).toMatch(/^v1\./);
    expect(t.infra.secrets.fieldCipher.decrypt(row.number_cipher)).toBe(number);
    expect(row.number_masked).toBe('*********6543');
  });

  it('defaultAccount, accountOf and accountNumberForPayout for the borrow and payout modules', async () => {
    const user = await newUser();
    expect(await t.services.bank.defaultAccount(user.id)).toBeNull();
    await post(user, API_PATHS.bankBindV2, cardBind());
    const account = await t.services.bank.defaultAccount(user.id);
    expect(account).toEqual({ id: expect.any(Number), kind: 'CARD', bankCode: 'VCB', bankName: 'Vietcombank', bin: '970436', holderName: 'NGUYEN VAN AN', maskedNumber: '*********4567' });
    expect(await t.services.bank.accountOf(user.id, account!.id)).toEqual(account);
    expect(await t.services.bank.accountNumberForPayout(user.id, account!.id)).toBe('0011001234567');
    expect(await t.services.bank.accountOf(user.id, account!.id + 100000)).toBeNull();
  });

  it('the demo user has a default bank card and two emergency contacts (BANK done)', async () => {
    await seedDemo(t);
    await seedDemo(t);
    const demo = await t.services.users.findByPhone(DEMO_USER.phone);
    const account = await t.services.bank.defaultAccount(demo!.id);
    expect(account).toMatchObject({ kind: 'CARD', bankCode: DEMO_BANK_ACCOUNT.bankCode, holderName: DEMO_BANK_ACCOUNT.holderName });
    expect(await t.services.bank.accountNumberForPayout(demo!.id, account!.id)).toBe(DEMO_BANK_ACCOUNT.number);
    expect(await t.services.bank.emergencyContacts(demo!.id)).toHaveLength(2);
    expect((await t.services.certification.states(demo!.id)).bankCardState).toBe('30');
    expect(await t.database.db.$count(receivingAccounts, eq(receivingAccounts.userId, demo!.id))).toBe(1);
  });
});

describe.each(['VT', 'KMP', 'H5'] as const)('%s client: the bank calls as the family sends them', (name: ClientName) => {
  async function signIn(): Promise<FamilyClient> {
    const client = new FamilyClient(name, { app: t.app, appCode: t.config.appCode, now: () => t.clock.now().getTime() });
    await client.fetchSecret();
    const phone = randomPhone();
    await client.post(API_PATHS.loginSms, { phone });
    const login = await client.post<LoginSession>(API_PATHS.login, { phone, smsCode: t.lastOtp(phone), loginType: 1 });
    expect(login.envelope.code, JSON.stringify(login.envelope)).toBe(200);
    client.token = login.envelope.data.token;
    return client;
  }

  it('bank/list → bind/v2 → myCard → addBank → setDefault → unbind', async () => {
    const client = await signIn();
    const banks = await client.post<BankChannel[]>(API_PATHS.bankList);
    const vcb = banks.envelope.data.find((bank) => bank.bankCode === 'VCB')!;
    expect(typeof vcb.id).toBe('number');
    expect(typeof vcb.countryId).toBe('number');

    // VT: payWay, bankInfoId = countryId, a third contact; KMP: card only, no payWay; ids as strings.
    const bind: Record<string, unknown> = {
      bankId: String(vcb.id),
      bankInfoId: String(vcb.countryId),
      bankCode: vcb.bankCode,
      bankName: vcb.bankName,
      bankNo: '0123456789',
      accountUser: 'NGUYEN VAN A',
      relativesInfoVOList: [
        { relatives: 1, relativesName: 'Bố', relativesMobile: '0387654321' },
        { relatives: 2, relativesName: 'Bạn', relativesMobile: '0705123456' },
        ...(name === 'VT' ? [{ relatives: 2, relativesName: 'Đồng nghiệp', relativesMobile: '0356789012' }] : []),
      ],
    };
    if (name !== 'KMP') bind.payWay = 'CARD';
    const bound = await client.post(API_PATHS.bankBindV2, bind);
    expect(bound.envelope, JSON.stringify(bound.envelope)).toEqual({ code: 200, message: 'success', data: null });

    const detail = await client.post<AuthDetail>(API_PATHS.authDetail);
    expect(detail.envelope.data.bankCardState).toBe('30');

    const add = await client.post(API_PATHS.bankAdd, name === 'KMP' ? { bankId: String(TCB), accountUser: 'NGUYEN VAN A', bankNo: '19036677889900' } : { bankId: String(TCB), accountUser: 'NGUYEN VAN A', bankNo: '19036677889900', payWay: 'CARD' });
    expect(add.envelope.code, JSON.stringify(add.envelope)).toBe(200);
    if (name === 'VT') {
      // VT's wallet form: bankId null (omitted), accountUser "", bankNo "".
      const wallet = await client.post(API_PATHS.bankAdd, { accountUser: '', bankNo: '', payWay: 'WALLET', walletId: 3, accountCode: '0901234567' });
      expect(wallet.envelope.code, JSON.stringify(wallet.envelope)).toBe(200);
      const mine = await client.post<Wallet[]>(API_PATHS.cashWalletListMy);
      expect(mine.envelope.data).toHaveLength(1);
      expect(mine.envelope.data[0]).toMatchObject({ walletId: 3, walletCode: 'VIETTELMONEY', defaultSign: 0, accountCode: '******4567' });
    }

    const cards = await client.post<BankAccount[]>(API_PATHS.bankMyCard);
    expect(cards.envelope.data).toHaveLength(2);
    for (const card of cards.envelope.data) {
      // KMP declares these as non-null strings: never null on the wire.
      for (const field of ['bankCode', 'bankName', 'bankNo', 'cardNo', 'accountUser', 'bankPhone', 'bindTime', 'createTime', 'updateTime'] as const) {
        expect(typeof card[field], field).toBe('string');
      }
      expect(typeof card.id).toBe('number');
      expect([0, 1]).toContain(card.isDefault);
      expect(typeof card.payOutFailSign).toBe('boolean');
      expect(card.bankNo).toMatch(/^\*+\d{4}$/);
    }
    expect(cards.envelope.data[0]!.isDefault).toBe(1);
    const second = cards.envelope.data[1]!;

    const setDefault = await client.post(API_PATHS.bankSetDefault, { bankInfoId: String(second.id) });
    expect(setDefault.envelope.code).toBe(200);
    const after = await client.post<BankAccount[]>(API_PATHS.bankMyCard);
    expect(after.envelope.data[0]!.id).toBe(second.id);

    const first = after.envelope.data[1]!;
    const unbind = await client.post(API_PATHS.bankUnbind, name === 'KMP' ? { bankInfoId: String(first.id) } : { bankInfoId: String(first.id), payWay: 'CARD' });
    expect(unbind.envelope.code, JSON.stringify(unbind.envelope)).toBe(200);
    expect((await client.post<BankAccount[]>(API_PATHS.bankMyCard)).envelope.data.map((card) => card.id)).toEqual([second.id]);
  });
});
