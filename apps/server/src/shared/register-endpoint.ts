import {
  endpointMethods,
  firstMessageKey,
  roleHasPermission,
  type AnyEndpoint,
  type EndpointParsedInput,
  type EndpointResult,
  type SessionMode,
} from '@sen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { ok } from '../plugins/envelope.ts';
import type { AuditWrite, OperatorInfo, SenRouteFlags, SessionInfo } from '../types.ts';
import { AppError } from './app-error.ts';
import { assertReceivableFileParts, receiveFiles, type ReceivedFiles } from './uploads/endpoint-files.ts';

type SessionOf<Mode extends SessionMode> = Mode extends 'required' ? SessionInfo : SessionInfo | null;
type OperatorOf<Mode extends SessionMode> = Mode extends 'operator' ? OperatorInfo : null;

export interface EndpointContext<E extends AnyEndpoint> {
  /** The request input parsed by the endpoint's request schema (coerced, normalised, unknown keys dropped). */
  input: EndpointParsedInput<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  session: SessionOf<E['session']>;
  /** The endpoint's file parts by name, checked and cleaned (decision 088); `{}` without file parts. */
  files: ReceivedFiles<E>;
  /** The back office's operator (`session: 'operator'` endpoints), checked and permitted before the handler runs. */
  operator: OperatorOf<E['session']>;
  /**
   * Writes the audit row of an `audited` endpoint's change, in the change's transaction; exactly
   * one per call (decision 090). Absent from other endpoints (calling it is a bug).
   */
  audit: (entry: AuditWrite) => Promise<void>;
}

const notAudited = () => Promise.reject(new Error('this endpoint is not audited (contract: audited)'));

export type EndpointHandler<E extends AnyEndpoint> = (context: EndpointContext<E>) => Promise<EndpointResult<E>>;

export interface EndpointOptions<E extends AnyEndpoint> {
  /**
   * Runs after the session and input checks and before any file part is read: the check that
   * stands in for a session on a call without one (a page token), so a stranger's upload costs
   * no image decoding.
   */
  guard?: (context: Omit<EndpointContext<E>, 'files' | 'audit'>) => Promise<void>;
}

const NO_FILES = Object.freeze({});

/** The success envelope around an endpoint's response schema: what the route serialises. */
function envelopeSchema(data: z.ZodType) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

/**
 * Registers the route(s) of one contract endpoint. The request schema validates the query (GET)
 * or body (POST) before the handler runs, so a handler never sees unchecked input; whatever the
 * handler returns is the envelope's `data`, checked and serialised by the response schema, so no
 * field the schema does not name can leak. Signing and session checks are driven by the flags in
 * the route config (request-checks plugin, auth module). The file parts of a multipart endpoint
 * reach the handler as `files`, named, checked and cleaned by its contract (decision 088).
 */
export function registerEndpoint<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: EndpointOptions<E> = {}): void {
  assertReceivableFileParts(endpoint);
  const multipart = endpoint.bodyEncoding === 'multipart';
  const flags: SenRouteFlags = {
    signed: endpoint.signed,
    auth: endpoint.session,
    endpointId: endpoint.id,
    permission: endpoint.permission ?? null,
    ...(endpoint.fileTooLarge ? { fileTooLarge: endpoint.fileTooLarge } : {}),
  };
  // A plain response (a webhook's sender reads the body) is serialised by its own schema, unwrapped;
  // a binary one (a CSV export) is sent as it is.
  const response = endpoint.binaryResponse ? undefined : { 200: endpoint.plainResponse ? endpoint.response : envelopeSchema(endpoint.response) };
  for (const method of endpointMethods(endpoint)) {
    app.route({
      method,
      url: endpoint.path,
      // The family's native clients send `Content-Encoding: gzip` on bodies that are not compressed
      // (API-FAMILY.md §1.2), so request bodies are never decompressed; responses still are.
      config: { sen: flags, decompress: false },
      schema: method === 'GET' ? { querystring: endpoint.request, ...(response ? { response } : {}) } : { body: endpoint.request, ...(response ? { response } : {}) },
      handler: async (request, reply) => {
        const session = request.session;
        if (endpoint.session === 'required' && !session) throw new AppError('SESSION_EXPIRED');
        // The operator hook checked these before validation; checked again here so no route can skip them.
        if (endpoint.session === 'operator') {
          if (!request.operator) throw new AppError('SESSION_EXPIRED');
          if (endpoint.permission && !roleHasPermission(request.operator.role, endpoint.permission)) throw new AppError('OPERATOR_PERMISSION_DENIED');
        }
        const input = (method === 'GET' ? request.query : request.body) as EndpointParsedInput<E>;
        const operator = (endpoint.session === 'operator' ? request.operator : null) as OperatorOf<E['session']>;
        const context = { input, request, reply, session: session as SessionOf<E['session']>, operator };
        if (options.guard) await options.guard(context);
        // Only a multipart endpoint reads the parts (the list is made on first use; issue 21), and
        // before an audited change's transaction opens: decoding images never holds a transaction.
        const files = multipart ? await receiveFiles(endpoint, request.uploadedFiles) : (NO_FILES as ReceivedFiles<E>);
        const run = (audit: EndpointContext<E>['audit']) => handler({ ...context, files, audit });
        let data: EndpointResult<E>;
        if (endpoint.audited) {
          const audited = request.server.senAudited;
          if (!audited) throw new Error(`${endpoint.id} is audited but no audit runner is installed`);
          data = await audited(request, endpoint.audited, run);
        } else {
          data = await run(notAudited);
        }
        // A handler that answered by itself (e.g. a 503 probe) has already sent its reply.
        if (reply.sent) return reply;
        if (endpoint.binaryResponse) return reply.header('content-type', endpoint.binaryResponse).header('cache-control', 'private, no-store').send(data);
        return endpoint.plainResponse ? data : ok(data ?? null);
      },
    });
  }
}

/** A request whose input failed its endpoint schema: the 400 envelope with the first rule's text. */
export class RequestValidationError extends AppError {
  constructor(zodError: z.ZodError, input: unknown) {
    super('VALIDATION_FAILED', { messageKey: firstMessageKey(zodError, input ?? {}) });
  }
}

/** A handler returned something its response schema refuses: a bug, answered as a 500. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(`response does not match its schema: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
}

/** Validates query and body with the endpoint's zod schema. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error, data) };
  };
};

/** Serialises a 200 envelope through its zod schema: unknown keys are dropped, wrong shapes refused. */
export function zodSerializerCompiler({ schema }: { schema: unknown }) {
  const zodSchema = schema as z.ZodType;
  return (data: unknown): string => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseShapeError(result.error.issues);
    return JSON.stringify(result.data);
  };
}
