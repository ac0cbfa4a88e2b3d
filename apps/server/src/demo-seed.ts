import { normalizePhone, transformPassword } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from './modules/auth/index.ts';
import { seedDemoActivities } from './modules/content/index.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/** Demo data of a local run (SEED_DEMO): the demo user with its password, and banners. */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await seedDemoActivities(app.infra.database.uow);
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await app.users.findByPhone(phone);
  if (existing?.passwordHash) {
    await seedDemoMessages(app, existing.id);
    app.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
    return;
  }
  const user = existing ?? (await app.users.findOrCreate(phone));
  await app.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
  await seedDemoMessages(app, user.id);
  app.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
}

/**
 * The demo user's messages, made by messages.notify as the credit review makes them (once each:
 * the event keys hold them back on every later start). Vietnamese unless the user chose a language.
 */
async function seedDemoMessages(app: FastifyInstance, userId: string): Promise<void> {
  // The demo user's approved limit (the credit branch's DEMO_CREDIT_LIMIT_VND: use it once merged).
  const creditLimit = 10_000_000n;
  await app.messages.notify(userId, 'creditReviewStarted', {}, { eventKey: 'demo:credit-review' });
  await app.messages.notify(userId, 'creditApproved', { creditLimit }, { eventKey: 'demo:credit-approved' });
}
