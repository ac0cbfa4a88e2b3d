import { EMERGENCY_RELATIONSHIP, normalizePhone, transformPassword, type AuthItem } from '@sen/contract';
import type { Composition } from './compose.ts';
import { PasswordHasher } from './modules/auth/index.ts';
import { seedDemoActivities } from './modules/content/index.ts';
import { DEMO_ID_CARD, demoKycImages } from './modules/kyc/index.ts';
import { seedDemoProducts } from './modules/product/index.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/** The demo user's credit limit (approved at seed, so a newcomer can borrow at once). */
export const DEMO_CREDIT_LIMIT_VND = 10_000_000n;

/**
 * Demo data of a local run (SEED_DEMO): banners, loan products, the demo admin of the back
 * office, and the demo user with its password, certified and approved with a credit limit.
 */
export async function seedDemo(c: Composition): Promise<void> {
  await seedDemoActivities(c.infra.database.uow);
  await seedDemoProducts(c.services.product);
  // The demo admin of the back office (admin@sen.local; password and TOTP secret in the README).
  await c.services.operators.seedDemoAdmin();
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await c.services.users.findByPhone(phone);
  let user = existing;
  if (user?.passwordHash) {
    c.infra.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
  } else {
    user ??= await c.services.users.findOrCreate(phone);
    await c.services.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
    c.infra.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
  }
  // Each area's demo state, in journey order; every seeder is idempotent (it runs on every start).
  for (const seed of DEMO_USER_SEEDERS) await seed(c, user.id);
}

type DemoUserSeeder = (c: Composition, userId: string) => Promise<void>;

const DEMO_USER_SEEDERS: DemoUserSeeder[] = [seedDemoKyc, seedDemoPersonalData, seedDemoBankAccount, seedDemoCredit, seedDemoMessages];

/**
 * The demo user certified (every item done) and approved with DEMO_CREDIT_LIMIT_VND, unless the
 * demo user is approved already. The approval is a seed, not an engine decision.
 */
async function seedDemoCredit(c: Composition, userId: string): Promise<void> {
  // Completing certification above opened a review (status 0); the demo approval replaces it once.
  if ((await c.services.credit.account(userId))?.status === 1) return;
  await c.infra.database.uow.transaction(async () => {
    await c.services.credit.approveForDemo(userId, DEMO_CREDIT_LIMIT_VND);
    for (const item of c.services.certification.authConfig.split(',') as AuthItem[]) await c.services.certification.markItem(userId, item);
  });
}

/** KYC (issue 9): ID sides and face drawn at seed time, the step finished. */
async function seedDemoKyc(c: Composition, userId: string): Promise<void> {
  if (await c.services.kyc.seedCompleted(userId, await demoKycImages(), DEMO_ID_CARD)) c.infra.log.info('demo user KYC done (demo ID card images)');
}

/** Personal data (ID) and operator (TELECOM) done with realistic values (issue 9, profile). */
async function seedDemoPersonalData(c: Composition, userId: string): Promise<void> {
  await seedDemoProfile(c, userId, normalizePhone(DEMO_USER.phone));
}

/**
 * The demo user's approval message, made by messages.notify as a credit decision makes it (once:
 * the event key holds it back on every later start; the review's start messaged itself above).
 */
async function seedDemoMessages(c: Composition, userId: string): Promise<void> {
  const creditLimit = DEMO_CREDIT_LIMIT_VND;
  await c.services.messages.notify(userId, 'creditApproved', { creditLimit }, { eventKey: 'demo:credit-approved' });
}

/** The demo user's default bank account and two emergency contacts (the BANK step done). */
export const DEMO_BANK_ACCOUNT = { bankCode: 'VCB', holderName: 'NGUYEN VAN AN', number: '0011001234567' } as const;

async function seedDemoBankAccount(c: Composition, userId: string): Promise<void> {
  if (await c.services.bank.defaultAccount(userId)) return;
  const bank = c.services.bank.banks().find((candidate) => candidate.bankCode === DEMO_BANK_ACCOUNT.bankCode);
  if (!bank) throw new Error(`demo bank ${DEMO_BANK_ACCOUNT.bankCode} is not in the bank list`);
  await c.services.bank.bind(userId, {
    account: { kind: 'CARD', bankId: bank.id, holderName: DEMO_BANK_ACCOUNT.holderName, number: DEMO_BANK_ACCOUNT.number },
    contacts: [
      { relationship: EMERGENCY_RELATIONSHIP.FAMILY, name: 'Nguyễn Thị Bình', phone: '0987654321' },
      { relationship: EMERGENCY_RELATIONSHIP.FRIEND, name: 'Trần Văn Cường', phone: '0905123456' },
    ],
  });
}

/**
 * The demo borrower's personal data (ID) and operator (TELECOM) done with realistic values,
 * through the same service and rules as the step itself. Does nothing when the personal data is
 * already there.
 */
export async function seedDemoProfile(c: Composition, userId: string, phone: string): Promise<void> {
  const { profile, operatorCheck } = c.services;
  if (await profile.hasPersonalData(userId)) return;
  await profile.savePersonalData(userId, {
    userName: 'Nguyễn Văn Minh',
    cardNo: '001095012345',
    sex: 1,
    birthDate: '1995-03-15',
    education: 6,
    marryState: 2,
    loanPurpose: 1,
    province: 1,
    address: 'Số 18 ngõ 42 Trần Quang Diệu, Đống Đa',
    salary: '15000000',
    email: 'minh.nguyen@example.com',
    city: undefined,
    region: undefined,
  });
  await operatorCheck.verifyForDemo(userId, phone);
}
