import type { FastifyRequest } from 'fastify';
import type { DefaultParams, ErrorName, Language, OperatorRole, Permission } from '@sen/contract';

/** Who is calling, once the auth plugin has checked the Authorization token. */
export interface SessionInfo {
  sessionId: string;
  userId: string;
  loginMethod: 'sms' | 'password' | 'password_set';
  /** When the session was issued (for rules that want a recent login). */
  createdAt: Date;
  /** The session's user as read in the same query as the session (so user/info needs no second read). */
  user?: SessionUser;
}

export interface SessionUser {
  /** The number clients see as the user's id. */
  publicId: number;
  phone: string;
  hasPassword: boolean;
}

/** The operator calling a back-office endpoint, once the operator module's hook checked their session cookie. */
export interface OperatorInfo {
  sessionId: string;
  operatorId: number;
  email: string;
  name: string;
  role: OperatorRole;
}

/** One audit row a back-office change writes (decision 090); the actor, time, IP and user agent come from the request. */
export interface AuditWrite {
  /** Defaults to the endpoint's `audited` action. */
  action?: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Runs an audited back-office change: one transaction around `work`, which must write exactly one
 * audit row through the function it is given (the operator module provides it; decision 090).
 */
export type AuditedRun = <T>(request: FastifyRequest, action: string, work: (audit: (entry: AuditWrite) => Promise<void>) => Promise<T>) => Promise<T>;

/** A file part of a multipart request (read by registerEndpoint only; decision 088); the fields travel in request.body. */
export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Per-route flags read by the request-check and auth plugins (set by defineRoute). */
export interface SenRouteFlags {
  /** Default params, timestamp and sign are checked (every /api route but a few public probes). */
  signed: boolean;
  auth: 'required' | 'optional' | 'none' | 'operator';
  /** The contract endpoint's id (logs). */
  endpointId: string;
  /** Back office: the permission the operator's role must hold; null: any operator (decision 090). */
  permission?: Permission | null;
  /** The refusal of a file over the multipart limit (the endpoint's fileTooLarge; absent: UPLOAD_TOO_LARGE). */
  fileTooLarge?: ErrorName;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the operator module: how audited back-office endpoints run (register-endpoint calls it). */
    senAudited: AuditedRun | null;
    /** Set by the security plugin when the rate limits share a Redis (REDIS_URL): PING, for the readiness probe. */
    senRedisPing: (() => Promise<unknown>) | null;
  }
  interface FastifyRequest {
    /** The signed-in operator of a back-office call (null elsewhere). */
    operator: OperatorInfo | null;
    lang: Language;
    session: SessionInfo | null;
    uploadedFiles: UploadedFile[];
    /** A JSON body's text as received (body-parsers plugin): the natives sign a re-serialisation of it. */
    rawBody: string | undefined;
    /** Text fields of a multipart or form body, in body order (files excluded). */
    wireFields: [string, string][];
    /** The default params of a signed call, once the request checks have read them. */
    defaultParams: DefaultParams | null;
  }
  interface FastifyContextConfig {
    sen?: SenRouteFlags;
  }
}
