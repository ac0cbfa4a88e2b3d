import { normalizePhone, transformPassword } from '@sen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../shared/clock.ts';
import { PasswordHasher } from '../auth/password-hasher.ts';
import { UserRepository } from '../user/user.repository.ts';

/** The demo borrower a newcomer can log in as (password or dev OTP). Only for demo databases. */
export const DEMO_USER = { phone: '0912345678', password: 'sen123' } as const;

export async function seedDemo(db: Db, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  const users = new UserRepository(db);
  const phone = normalizePhone(DEMO_USER.phone);
  const existing = await users.findByPhone(phone);
  if (existing?.passwordHash) {
    log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
    return;
  }
  const user = existing ?? (await users.findOrCreate(phone, clock()));
  await users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)), clock());
  log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
}
