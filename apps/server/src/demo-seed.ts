import { normalizePhone, transformPassword } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from './modules/auth/index.ts';
import { seedDemoProfile } from './modules/certification/index.ts';
import { seedDemoActivities } from './modules/content/index.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

/** Demo data of a local run (SEED_DEMO): the demo user with its password, and banners. */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await seedDemoActivities(app.infra.database.uow);
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await app.users.findByPhone(phone);
  // Personal data (ID) and operator (TELECOM) done (issue 9), also for a demo user made before.
  await seedDemoProfile(app, (existing ?? (await app.users.findOrCreate(phone))).id, phone);
  if (existing?.passwordHash) {
    app.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
    return;
  }
  const user = existing ?? (await app.users.findOrCreate(phone));
  await app.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
  app.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
}
