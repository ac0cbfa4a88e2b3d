import type { DefaultParams, Language } from '@sen/contract';

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

/** A file part of a multipart request; the fields travel in request.body. */
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
}

declare module 'fastify' {
  interface FastifyRequest {
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
