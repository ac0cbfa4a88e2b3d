import { firstMessageKey } from '@sen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../plugins/envelope.ts';
import type { SenRouteFlags, SessionInfo } from '../types.ts';
import { AppError } from './app-error.ts';

type Method = 'GET' | 'POST';

interface RouteSpecBase {
  method: Method | Method[];
  url: string;
  /** Default params, timestamp and sign are checked unless false (public probes only). */
  signed?: boolean;
}

interface HandlerContext<Input, Session> {
  input: Input;
  request: FastifyRequest;
  reply: FastifyReply;
  session: Session;
}

type RouteSpec<Schema extends z.ZodType> = RouteSpecBase &
  (
    | {
        auth: 'required';
        /**
         * A money call: needs an Idempotency-Key header, runs in one unit of work with its key and
         * answers a repeat with the stored response (plugins/idempotency.ts).
         */
        idempotent?: boolean;
        input: Schema;
        handler(context: HandlerContext<z.output<Schema>, SessionInfo>): Promise<unknown>;
      }
    | { auth?: 'optional' | 'none'; idempotent?: never; input: Schema; handler(context: HandlerContext<z.output<Schema>, SessionInfo | null>): Promise<unknown> }
  );

/**
 * Declares an /api route. The input (query for GET, body for POST) is parsed with the contract
 * schema before the handler runs, so a handler never sees unchecked input; a failure is the 400
 * envelope with the first rule's localised text. Whatever the handler returns is the envelope's
 * `data`. Default params, timestamp and sign are checked by the request-checks plugin, the
 * session by the auth plugin, both driven by the flags stored in the route config.
 */
export function defineRoute<Schema extends z.ZodType>(app: FastifyInstance, spec: RouteSpec<Schema>): void {
  const flags: SenRouteFlags = { signed: spec.signed ?? true, auth: spec.auth ?? 'none' };
  app.route({
    method: spec.method,
    url: spec.url,
    config: { sen: flags },
    handler: async (request, reply) => {
      const raw = request.method === 'GET' ? request.query : request.body;
      const parsed = spec.input.safeParse(raw ?? {});
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, null, firstMessageKey(parsed.error, raw ?? {}));
      const session = request.session;
      if (flags.auth === 'required' && !session) throw new AppError('SESSION_EXPIRED');
      const run = () => spec.handler({ input: parsed.data, request, reply, session: session as SessionInfo });
      const data = spec.idempotent && session ? await app.idempotency.run(request, reply, session.userId, run) : await run();
      // A handler that answered by itself (e.g. a 503 probe) has already sent its reply.
      if (reply.sent) return reply;
      return ok(data ?? null);
    },
  });
}
