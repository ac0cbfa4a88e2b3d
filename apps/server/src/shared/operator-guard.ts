import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@sen/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { headerValue } from './headers.ts';

/**
 * Operator calls (/api/operator/**) carry the OPERATOR_TOKEN of the configuration in the
 * x-operator-token header: not a borrower's session, which must never reach operator data. With
 * no token configured every operator call is refused. Compared in constant time.
 */
export function requireOperator(request: FastifyRequest, operatorToken: string | undefined): void {
  const sent = headerValue(request, HEADERS.operatorToken);
  if (!operatorToken || !sent) throw new AppError('ACCESS_DENIED');
  const expected = Buffer.from(operatorToken);
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('ACCESS_DENIED');
}
