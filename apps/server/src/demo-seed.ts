import { EMERGENCY_RELATIONSHIP, normalizePhone, transformPassword, type AuthItem } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from './modules/auth/index.ts';
import { seedDemoProfile } from './modules/certification/index.ts';
import { seedDemoActivities } from './modules/content/index.ts';
import { DEMO_ID_CARD, demoKycImages } from './modules/kyc/index.ts';
import { seedDemoProducts } from './modules/product/index.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/** The demo user's credit limit (approved at seed, so a newcomer can borrow at once). */
export const DEMO_CREDIT_LIMIT_VND = 10_000_000n;

/**
 * Demo data of a local run (SEED_DEMO): banners, loan products, and the demo user with its
 * password, certified and approved with a credit limit.
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await seedDemoActivities(app.infra.database.uow);
  await seedDemoProducts(app.product);
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await app.users.findByPhone(phone);
  let user = existing;
  if (user?.passwordHash) {
    app.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
  } else {
    user ??= await app.users.findOrCreate(phone);
    await app.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
    app.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
  }
  // Each area's demo state, in journey order; every seeder is idempotent (it runs on every start).
  for (const seed of DEMO_USER_SEEDERS) await seed(app, user.id);
}

type DemoUserSeeder = (app: FastifyInstance, userId: string) => Promise<void>;

const DEMO_USER_SEEDERS: DemoUserSeeder[] = [seedDemoKyc, seedDemoPersonalData, seedDemoBankAccount, seedDemoCredit, seedDemoMessages];

/**
 * The demo user certified (every item done) and approved with DEMO_CREDIT_LIMIT_VND, unless the
 * demo user is approved already. The approval is a seed, not an engine decision.
 */
async function seedDemoCredit(app: FastifyInstance, userId: string): Promise<void> {
  // Completing certification above opened a review (status 0); the demo approval replaces it once.
  if ((await app.credit.account(userId))?.status === 1) return;
  await app.infra.database.uow.transaction(async () => {
    await app.credit.approveForDemo(userId, DEMO_CREDIT_LIMIT_VND);
    for (const item of app.certification.authConfig.split(',') as AuthItem[]) await app.certification.markItem(userId, item);
  });
}

/** KYC (issue 9): ID sides and face drawn at seed time, the step finished. */
async function seedDemoKyc(app: FastifyInstance, userId: string): Promise<void> {
  if (await app.kyc.seedCompleted(userId, await demoKycImages(), DEMO_ID_CARD)) app.log.info('demo user KYC done (demo ID card images)');
}

/** Personal data (ID) and operator (TELECOM) done with realistic values (issue 9, profile). */
async function seedDemoPersonalData(app: FastifyInstance, userId: string): Promise<void> {
  await seedDemoProfile(app, userId, normalizePhone(DEMO_USER.phone));
}

/**
 * The demo user's approval message, made by messages.notify as a credit decision makes it (once:
 * the event key holds it back on every later start; the review's start messaged itself above).
 */
async function seedDemoMessages(app: FastifyInstance, userId: string): Promise<void> {
  const creditLimit = DEMO_CREDIT_LIMIT_VND;
  await app.messages.notify(userId, 'creditApproved', { creditLimit }, { eventKey: 'demo:credit-approved' });
}

/** The demo user's default bank account and two emergency contacts (the BANK step done). */
export const DEMO_BANK_ACCOUNT = { bankCode: 'VCB', holderName: 'NGUYEN VAN AN', number: '0011001234567' } as const;

async function seedDemoBankAccount(app: FastifyInstance, userId: string): Promise<void> {
  if (await app.bank.defaultAccount(userId)) return;
  const bank = app.bank.banks().find((candidate) => candidate.bankCode === DEMO_BANK_ACCOUNT.bankCode);
  if (!bank) throw new Error(`demo bank ${DEMO_BANK_ACCOUNT.bankCode} is not in the bank list`);
  await app.bank.bind(userId, {
    account: { kind: 'CARD', bankId: bank.id, holderName: DEMO_BANK_ACCOUNT.holderName, number: DEMO_BANK_ACCOUNT.number },
    contacts: [
      { relationship: EMERGENCY_RELATIONSHIP.FAMILY, name: 'Nguyễn Thị Bình', phone: '0987654321' },
      { relationship: EMERGENCY_RELATIONSHIP.FRIEND, name: 'Trần Văn Cường', phone: '0905123456' },
    ],
  });
}
