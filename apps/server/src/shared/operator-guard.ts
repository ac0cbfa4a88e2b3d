import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sha256Hex, hexEqual } from './crypto.ts';
import { headerValue } from './headers.ts';

/** The header operators send their token in (`Authorization: Bearer <token>` is read too). */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/**
 * Guards the operator endpoints with the shared secret OPERATOR_TOKEN (config.operatorToken).
 * Without a configured token every operator call is refused, so a deployment that forgot it is
 * closed, not open. The comparison is constant-time (on sha256 digests, so lengths do not leak).
 * Call it first in an operator handler: `requireOperator(config.operatorToken, request)`.
 */
export function requireOperator(operatorToken: string | undefined, request: Pick<FastifyRequest, 'headers'>): void {
  if (!isOperator(operatorToken, request)) throw new AppError('ACCESS_DENIED');
}

/** True when the request carries the configured operator token. */
export function isOperator(operatorToken: string | undefined, request: Pick<FastifyRequest, 'headers'>): boolean {
  if (!operatorToken) return false;
  const bearer = headerValue(request, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  const presented = headerValue(request, OPERATOR_TOKEN_HEADER) ?? bearer;
  if (!presented) return false;
  return hexEqual(sha256Hex(operatorToken), sha256Hex(presented));
}
