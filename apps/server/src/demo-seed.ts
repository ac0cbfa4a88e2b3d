import { normalizePhone, transformPassword, type AuthItem } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from './modules/auth/index.ts';
import { seedDemoActivities } from './modules/content/index.ts';
import { seedDemoProducts } from './modules/product/index.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/** The demo user's credit limit (approved at seed, so a newcomer can borrow at once). */
export const DEMO_CREDIT_LIMIT_VND = 10_000_000n;

/**
 * Demo data of a local run (SEED_DEMO): the demo user with its password, banners, loan products,
 * and the demo user certified and approved with a credit limit.
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await seedDemoActivities(app.infra.database.uow);
  await seedDemoProducts(app.product);
  await seedDemoCredit(app);
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await app.users.findByPhone(phone);
  if (existing?.passwordHash) {
    app.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
    return;
  }
  const user = existing ?? (await app.users.findOrCreate(phone));
  await app.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
  app.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
}

/**
 * The demo user certified (every item done) and approved with DEMO_CREDIT_LIMIT_VND, unless the
 * database already has a credit account for them. The approval is a seed, not an engine decision:
 * the demo user has no personal data to decide on.
 */
async function seedDemoCredit(app: FastifyInstance): Promise<void> {
  const user = await app.users.findOrCreate(normalizePhone(DEMO_USER.phone));
  if (await app.credit.account(user.id)) return;
  await app.infra.database.uow.transaction(async () => {
    await app.credit.approveForDemo(user.id, DEMO_CREDIT_LIMIT_VND);
    for (const item of app.certification.authConfig.split(',') as AuthItem[]) await app.certification.markItem(user.id, item);
  });
}
