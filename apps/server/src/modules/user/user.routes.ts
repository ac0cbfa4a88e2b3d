import { API_PATHS, emptyRequestSchema, equipmentSaveRequestSchema, privacyConsentRequestSchema } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../shared/define-route.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import type { UserService } from './user.service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: { users: UserService; authConfig: string }): void {
  // The spec does not show the method of these reads; the client may use either.
  defineRoute(app, {
    method: ['GET', 'POST'],
    url: API_PATHS.authConfig,
    input: emptyRequestSchema,
    handler: async () => ({ authConfig: deps.authConfig }),
  });

  defineRoute(app, {
    method: ['GET', 'POST'],
    url: API_PATHS.authDetail,
    auth: 'required',
    input: emptyRequestSchema,
    handler: async ({ session }) => deps.users.authDetail(session.userId),
  });

  defineRoute(app, {
    method: ['GET', 'POST'],
    url: API_PATHS.userInfo,
    auth: 'required',
    input: emptyRequestSchema,
    handler: async ({ session }) => deps.users.info(session.userId),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.equipmentSave,
    auth: 'required',
    input: equipmentSaveRequestSchema,
    handler: async ({ input, request, session }) => {
      await deps.users.saveEquipment(session.userId, deviceIdOf(request), input);
      return null;
    },
  });

  // Visitors consent before logging in; a valid token, when present, ties the consent to the user.
  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.privacyConsent,
    auth: 'optional',
    input: privacyConsentRequestSchema,
    handler: async ({ input, request, session }) => {
      await deps.users.recordConsent(session?.userId ?? null, deviceIdOf(request), input);
      return null;
    },
  });
}
