import { EMERGENCY_RELATIONSHIP, normalizePhone, transformPassword } from '@sen/contract';
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
    await seedDemoBankAccount(app, existing.id);
    app.log.info('demo user present (SEED_DEMO; its phone and password are in the README)');
    return;
  }
  const user = existing ?? (await app.users.findOrCreate(phone));
  await app.users.setPasswordHash(user.id, await new PasswordHasher().hash(transformPassword(DEMO_USER.password)));
  await seedDemoBankAccount(app, user.id);
  app.log.info('demo user created (SEED_DEMO; its phone and password are in the README)');
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
