import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The header an operator tool sends its token in. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/**
 * Operator endpoints (ledger check, reviews): the request must carry OPERATOR_TOKEN (configuration)
 * in the X-Operator-Token header, compared in constant time. Without a configured token every
 * operator call is refused. Answers ACCESS_DENIED (403) otherwise.
 */
export function requireOperator(request: FastifyRequest, operatorToken: string | undefined): void {
  const sent = request.headers[OPERATOR_TOKEN_HEADER];
  if (!operatorToken || typeof sent !== 'string' || sent.length === 0) throw new AppError('ACCESS_DENIED');
  const expected = Buffer.from(operatorToken);
  const given = Buffer.from(sent);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('ACCESS_DENIED');
}
