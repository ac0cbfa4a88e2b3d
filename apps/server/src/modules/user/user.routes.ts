import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { defaultMobileType, deviceIdOf } from '../../shared/headers.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { Composition } from '../../compose.ts';

/** Borrowers' accounts, their device records and privacy consents. */
export function registerUserRoutes(app: FastifyInstance, { services: { users } }: Composition): void {
  registerEndpoint(app, endpoints.userInfo, async ({ session }) => users.info(session.userId, session.user));

  registerEndpoint(app, endpoints.equipmentSave, async ({ input, request, session }) => {
    await users.saveEquipment(session.userId, deviceIdOf(request), input, defaultMobileType(request));
    return null;
  });

  registerEndpoint(app, endpoints.deviceHas, async ({ session }) => users.hasDeviceFacts(session.userId));

  registerEndpoint(app, endpoints.deviceSave, async ({ input, session }) => {
    await users.saveDeviceFacts(session.userId, input);
    return null;
  });

  // Visitors consent before logging in; a valid token, when present, ties the consent to the user.
  registerEndpoint(app, endpoints.privacyConsent, async ({ input, request, session }) => {
    await users.recordConsent(session?.userId ?? null, deviceIdOf(request), input);
    return null;
  });

  registerEndpoint(app, endpoints.consentHistory, async ({ session }) => users.consentHistory(session.userId));
}
