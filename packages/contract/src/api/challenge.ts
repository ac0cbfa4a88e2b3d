import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emptyRequestSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/**
 * The bot check before sending codes (docs/decisions/036). Below the limits nothing is asked;
 * from the BOT_CHECK_FROM_SEND-th send of a phone, IP or device within the hour, login/sms needs
 * the `altcha` field: the base64 JSON of a solved ALTCHA challenge (v1 payload: algorithm,
 * challenge, number, salt, signature), or the hosted provider's token when BOT_CHECK=hosted.
 */

/** An ALTCHA (v1) proof-of-work challenge: find `number` ≤ maxnumber with sha256(salt + number) = challenge. */
export const altchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const challengeResponseSchema = z.object({
  /** Which check the server runs: altcha (solve `altcha`), hosted (the provider's widget gives the token) or off. */
  kind: z.enum(['altcha', 'hosted', 'off']),
  altcha: altchaChallengeSchema.nullable(),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** The solution on login/sms: at most 4 KB of printable ASCII (base64 JSON or a provider token). */
export const botCheckSolutionSchema = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .regex(/^[\x21-\x7e]+$/, 'validation.controlCharacters');

export const challengeEndpoint = defineEndpoint({
  id: 'getSendCodeChallenge',
  method: 'GET',
  path: API_PATHS.challenge,
  summary: 'A fresh proof-of-work challenge (ALTCHA) for login/sms; solved challenges are single-use and expire.',
  module: 'auth',
  request: emptyRequestSchema,
  response: challengeResponseSchema,
  signed: true,
  session: 'none',
  errors: ['MISSING_PARAMS', 'BAD_SIGN', 'STALE_TIMESTAMP', 'TOO_MANY_REQUESTS'],
});
