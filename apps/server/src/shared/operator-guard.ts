import { createHash, timingSafeEqual } from 'node:crypto';
import { OPERATOR_TOKEN_HEADER } from '@sen/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The header an operator tool sends its token in (the contract's; `Authorization: Bearer <token>` is read too). */
export { OPERATOR_TOKEN_HEADER };

/** The path prefix of every operator endpoint (guarded before their bodies are validated). */
export const OPERATOR_PATH_PREFIX = '/api/operator/';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the request carries OPERATOR_TOKEN (configuration). Without a configured token no
 * request is an operator's, so a deployment that forgot it is closed, not open. Compared in
 * constant time on sha256 digests, so the token's length does not leak either.
 */
export function isOperator(request: Pick<FastifyRequest, 'headers'>, operatorToken: string | undefined): boolean {
  if (!operatorToken) return false;
  const header = request.headers[OPERATOR_TOKEN_HEADER];
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? authorization.match(/^Bearer\s+(.+)$/i)?.[1] : undefined;
  const presented = typeof header === 'string' && header.length > 0 ? header : bearer;
  if (!presented) return false;
  return timingSafeEqual(digest(operatorToken), digest(presented));
}

/** Operator endpoints (products, ledger check, funnel, feedback): OPERATOR_TOKEN_INVALID (403) unless `isOperator`. */
export function requireOperator(request: Pick<FastifyRequest, 'headers'>, operatorToken: string | undefined): void {
  if (!isOperator(request, operatorToken)) throw new AppError('OPERATOR_TOKEN_INVALID');
}
