import { OTHER_RELATIVES, RELATIVES, endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Composition } from '../../compose.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/**
 * Certification (the wire's `userAuth` and authConfig): which steps are required and their states;
 * the personal-data (ID), supplementary-information (WORK) and operator-check (TELECOM) steps.
 */
export function registerCertificationRoutes(app: FastifyInstance, { services }: Composition): void {
  const { certification, profile, operatorCheck, users, bank } = services;

  /** The signed-in user's phone and public number (from the session's prepared read, else the users table). */
  async function caller(userId: string, known: { phone: string; publicId: number } | undefined) {
    if (known) return known;
    const user = await users.findById(userId);
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
    // The emergency contacts are the receiving-account step's (bank module).
    const contacts = await bank.emergencyContacts(session.userId);
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
}
