import {
  API_PATHS,
  emptyRequestSchema,
  loginPasswordRequestSchema,
  loginSmsRequestSchema,
  normalizePhone,
  passwordSetRequestSchema,
  passwordUpdateRequestSchema,
  sendOtpRequestSchema,
} from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../shared/define-route.ts';
import { deviceIdOf } from '../../shared/headers.ts';
import type { AuthService } from './auth.service.ts';
import type { OtpService } from './otp.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; otp: OtpService; signSecret: string }): void {
  // Public on purpose: signing guards request integrity, not identity (contract secretResponseSchema).
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.secret,
    signed: false,
    input: emptyRequestSchema,
    handler: async () => ({ verifySignSecret: deps.signSecret }),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.sendOtp,
    input: sendOtpRequestSchema,
    handler: async ({ input, request }) =>
      deps.otp.send({ phone: normalizePhone(input.phone), ip: request.ip, deviceId: deviceIdOf(request) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.loginSms,
    input: loginSmsRequestSchema,
    handler: async ({ input }) => deps.auth.loginSms(input.phone, input.smsCode),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.loginPassword,
    input: loginPasswordRequestSchema,
    handler: async ({ input }) => deps.auth.loginPassword(input.phone, input.passwd),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.passwordSet,
    auth: 'required',
    input: passwordSetRequestSchema,
    handler: async ({ input, session }) => deps.auth.setPassword(session, input.passwd),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.passwordUpdate,
    auth: 'required',
    input: passwordUpdateRequestSchema,
    handler: async ({ input, session }) => deps.auth.updatePassword(session, input.oldPasswd, input.passwd),
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.logout,
    auth: 'required',
    input: emptyRequestSchema,
    handler: async ({ session }) => {
      await deps.auth.logout(session);
      return null;
    },
  });
}
