import { OTHER_RELATIVES, RELATIVES, endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createOperatorProvider } from '../../providers/operator/create-operator-provider.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { CertificationRepository } from './certification.repository.ts';
import { CertificationService } from './certification.service.ts';
import { OperatorCheckService } from './operator-check.service.ts';
import { ProfileRepository } from './profile.repository.ts';
import { ProfileService } from './profile.service.ts';
import { maskTail } from '../../shared/field-cipher.ts';

export type { CertificationService, CreditFacts } from './certification.service.ts';
export { ID_NUMBER_INDEX_PURPOSE } from './profile.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The certification module's public service. */
    certification: CertificationService;
  }
}

/**
 * Certification (the wire's `userAuth` and authConfig): which steps are required and their states;
 * the personal-data (ID), supplementary-information (WORK) and operator-check (TELECOM) steps.
 * Needs the user and auth modules (the user's phone, the OTP service for the operator's codes).
 */
export const certificationModule = globalPlugin('sen-certification', async (app: FastifyInstance) => {
  const { database, config, secrets, clock } = app.infra;
  const profileRepository = new ProfileRepository(database.uow);
  const certification = new CertificationService(new CertificationRepository(database.uow), config.authConfig, {
    phone: async (userId) => (await app.users.findById(userId))?.phone ?? null,
    personal: async (userId) => {
      const row = await profileRepository.personalData(userId);
      return row ? { birthDate: row.birthDate, idNumberIndex: row.idNumberIndex, salaryBand: row.salaryBand } : null;
    },
    party: async (userId) => {
      const row = await profileRepository.personalData(userId);
      return row ? { fullName: row.fullName, idNumberMasked: maskTail(secrets.fieldCipher.decrypt(row.idNumberCipher)) } : null;
    },
  });
  app.decorate('certification', certification);
  const profile = new ProfileService(profileRepository, database.uow, certification, secrets.fieldCipher, clock);
  const operatorCheck = new OperatorCheckService(profileRepository, database.uow, certification, createOperatorProvider(config, app.otp), clock);

  /** The signed-in user's phone and public number (from the session's prepared read, else the users table). */
  async function caller(userId: string, known: { phone: string; publicId: number } | undefined) {
    if (known) return known;
    const user = await app.users.findById(userId);
    if (!user) throw new Error('session user vanished');
    return { phone: user.phone, publicId: user.publicId };
  }

  registerEndpoint(app, endpoints.authConfig, async () => ({ authConfig: certification.authConfig }));
  registerEndpoint(app, endpoints.authDetail, async ({ session }) => certification.states(session.userId));

  registerEndpoint(app, endpoints.personalEnum, async ({ request }) => profile.personalEnums(request.lang));
  registerEndpoint(app, endpoints.workEnum, async ({ request }) => profile.workEnums(request.lang));
  registerEndpoint(app, endpoints.addressList, async ({ input, request }) => profile.addresses(input.parentId, request.lang));
  registerEndpoint(app, endpoints.personalInfo, async ({ session, request }) => {
    const user = await caller(session.userId, session.user);
    return profile.personalInfo(session.userId, user.publicId, request.lang);
  });
  registerEndpoint(app, endpoints.personalSave, async ({ session, input }) => {
    await profile.savePersonalData(session.userId, input);
    return null;
  });
  registerEndpoint(app, endpoints.workInfo, async ({ session, request }) => {
    const user = await caller(session.userId, session.user);
    const info = await profile.workInfo(session.userId, user.publicId, request.lang);
    // The emergency contacts are the receiving-account step's (bank module, registered after this one).
    if (!app.hasDecorator('bank')) return info;
    const contacts = await app.bank.emergencyContacts(session.userId);
    const label = (state: number) => [...RELATIVES, ...OTHER_RELATIVES].find((option) => option.state === state)?.label[request.lang] ?? null;
    const [first, second] = contacts;
    return {
      ...info,
      ...(first ? { relatives: first.relationship, relativesStr: label(first.relationship), relativesName: first.name, relativesMobile: first.phone } : {}),
      ...(second ? { otherRelatives: second.relationship, otherRelativesStr: label(second.relationship), otherName: second.name, otherMobile: second.phone } : {}),
    };
  });
  registerEndpoint(app, endpoints.workSave, async ({ session, input }) => {
    await profile.saveWorkInfo(session.userId, input);
    return null;
  });

  const operatorCaller = async (session: { userId: string; user?: { phone: string; publicId: number } }, request: FastifyRequest) => ({
    userId: session.userId,
    phone: (await caller(session.userId, session.user)).phone,
    ip: request.ip,
    deviceId: deviceIdOf(request),
  });

  registerEndpoint(app, endpoints.operatorOne, async ({ session, input, request }) => operatorCheck.start(await operatorCaller(session, request), input));
  registerEndpoint(app, endpoints.operatorTwo, async ({ session, input, request }) => operatorCheck.second(await operatorCaller(session, request), input));
  registerEndpoint(app, endpoints.operatorThree, async ({ session, input, request }) => operatorCheck.finish(await operatorCaller(session, request), input));
  // The borrower's data export (issue 13): the certification states.
  app.dataExport.addSection('certification', async (userId) => ({ states: await certification.states(userId) }));
  // Personal and work information as the borrower entered them (English labels), the ID number masked.
  app.dataExport.addSection('personalData', async (userId) => {
    const user = await app.users.findById(userId);
    if (!user) return null;
    const personal = await profile.personalInfo(userId, user.publicId, 'en');
    return {
      personal: { ...personal, cardNo: personal.cardNo ? maskTail(personal.cardNo) : personal.cardNo },
      work: await profile.workInfo(userId, user.publicId, 'en'),
    };
  });
});

/**
 * Demo data (SEED_DEMO): the demo borrower's personal data (ID) and operator (TELECOM) done with
 * realistic values, through the same service and rules as the step itself. Does nothing when the
 * personal data is already there.
 */
export async function seedDemoProfile(app: FastifyInstance, userId: string, phone: string): Promise<void> {
  const { database, secrets, clock } = app.infra;
  const repository = new ProfileRepository(database.uow);
  if (await repository.personalData(userId)) return;
  const profile = new ProfileService(repository, database.uow, app.certification, secrets.fieldCipher, clock);
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
  await database.uow.transaction(async () => {
    await repository.setOperatorStage({ userId, company: 'vina', stage: 'first', phone, provider: 'demo-seed' });
    await repository.markOperatorVerified({ userId, company: 'vina', phone, now: clock() });
    await app.certification.markItem(userId, 'TELECOM');
  });
}
