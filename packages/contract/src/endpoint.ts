import type { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from './constants.ts';
import type { Permission } from './admin/roles.ts';
import type { ErrorName } from './errors.ts';
import type { MessageKey } from './messages.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * Whether a call needs a session: `required` answers SESSION_EXPIRED (401) without a valid token,
 * `optional` ties the call to the user when a valid token is present, `none` never reads it.
 * `operator` is the back office's: an operator session cookie (not a borrower's token), and the
 * endpoint's `permission` (docs/decisions/089 and 090).
 */
export type SessionMode = 'required' | 'optional' | 'none' | 'operator';

/** How a POST body travels; GET input is always the query string. */
export type BodyEncoding = 'json' | 'multipart' | 'form';

/**
 * One file part of a multipart body. `required` parts are refused when absent; `contentTypes` and
 * `maxBytes` are what the server enforces (by content, not by the part's declared type).
 */
export interface FilePart {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  /** Accepted content types, checked on the bytes; absent: any (text logs, SDK results). */
  readonly contentTypes?: readonly string[];
  /** The most bytes accepted. */
  readonly maxBytes?: number;
}

/** Images the server accepts in any upload (checked by content, re-encoded; decision 040). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What an image part accepts: the types and size every upload enforces. */
export const IMAGE_PART = { contentTypes: IMAGE_CONTENT_TYPES, maxBytes: IMAGE_UPLOAD_MAX_BYTES } as const;

/**
 * One endpoint of the API, the single source of its shape: the server registers its route from
 * this object (validation, typed handler, response serialisation), the web app calls by it and
 * gets typed data, and the OpenAPI document is generated from the list of them.
 */
export interface Endpoint<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Session extends SessionMode = SessionMode,
  Files extends readonly FilePart[] = readonly FilePart[],
> {
  /** Stable operation id (OpenAPI operationId), camelCase. */
  readonly id: string;
  /** The method clients use. */
  readonly method: HttpMethod;
  /** Other methods also answered, where clients of the family differ (API-FAMILY.md §1.1). */
  readonly alsoAnswers?: readonly HttpMethod[];
  readonly path: string;
  /** One line for the API document. */
  readonly summary: string;
  /** The server module that owns it (OpenAPI tag). */
  readonly module: string;
  /** The input: query string of a GET, body of a POST. Unknown keys are dropped. */
  readonly request: Request;
  /** The envelope's `data` on success. */
  readonly response: Response;
  /** Default params, timestamp and sign are checked (false only for the secret and probes). */
  readonly signed: boolean;
  readonly session: Session;
  readonly bodyEncoding?: BodyEncoding;
  /** The file parts of a multipart body (the request schema covers its text parts). */
  readonly fileParts?: Files;
  /**
   * A file part the endpoint does not declare is dropped unread (the family's clients may send
   * more than we use); set this to refuse it instead, as VALIDATION_FAILED with this message.
   */
  readonly otherFilePartsRefusedWith?: MessageKey;
  /**
   * The refusal of a file too large (over its part's maxBytes or the multipart limit), when not the
   * image refusal UPLOAD_TOO_LARGE: a file that is no image (a bank statement) names its own. Must
   * be one of `errors`.
   */
  readonly fileTooLarge?: ErrorName;
  /** Set when success is raw bytes of this content type instead of an envelope (served files). */
  readonly binaryResponse?: string;
  /**
   * Success is the response schema's JSON itself, not wrapped in the envelope: for webhooks whose
   * sender checks the body (SePay wants exactly `{"success": true}`). Errors keep the envelope.
   */
  readonly plainResponse?: boolean;
  /** Catalogued errors this endpoint answers besides the ones every call may get. */
  readonly errors: readonly ErrorName[];
  /**
   * Back office only (`session: 'operator'`): the permission the operator's role must hold
   * (ROLE_PERMISSIONS); null: any signed-in operator (their own profile, sign-out).
   */
  readonly permission?: Permission | null;
  /**
   * Back office only: the call changes something, so it writes exactly one audit row (its action
   * name) in the transaction of its change (decision 090).
   */
  readonly audited?: string;
}

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, SessionMode, readonly FilePart[]>;

type FilePartsOf<E> = E extends { readonly fileParts?: infer Parts } ? (Parts extends readonly FilePart[] ? Parts[number] : never) : never;

/** A part whose accepted types are all images the server can re-encode (IMAGE_PART). */
type IsImagePart<P> = P extends { readonly contentTypes: readonly (typeof IMAGE_CONTENT_TYPES)[number][] } ? true : false;

/**
 * The files of a multipart endpoint by part name, as one side holds them: `Image` for an image
 * part, `Bytes` for any other; a required part is always there, an optional one may be left out.
 * `{}` for an endpoint without file parts. The client sends Blobs (EndpointFiles); the server's
 * handlers receive cleaned images and bytes.
 */
export type EndpointFilesAs<E extends AnyEndpoint, Image, Bytes> = {
  [P in FilePartsOf<E> as P['required'] extends true ? P['name'] : never]: IsImagePart<P> extends true ? Image : Bytes;
} & {
  [P in FilePartsOf<E> as P['required'] extends true ? never : P['name']]?: (IsImagePart<P> extends true ? Image : Bytes) | undefined;
};
/** The files a client passes to a multipart endpoint by part name. */
export type EndpointFiles<E extends AnyEndpoint> = EndpointFilesAs<E, Blob, Blob>;
/** What a client passes to call an endpoint: its input, and for a multipart endpoint its files by part name. */
export type EndpointCallInput<E extends AnyEndpoint> = EndpointInput<E> & EndpointFiles<E>;

/** The input a caller passes (before the schema's coercions). */
export type EndpointInput<E extends AnyEndpoint> = z.input<E['request']>;
/** The input a handler receives (after parsing). */
export type EndpointParsedInput<E extends AnyEndpoint> = z.output<E['request']>;
/** What a handler returns (before serialisation). */
export type EndpointResult<E extends AnyEndpoint> = z.input<E['response']>;
/** What a caller receives. */
export type EndpointData<E extends AnyEndpoint> = z.output<E['response']>;

export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType, const Session extends SessionMode, const Files extends readonly FilePart[] = readonly []>(
  endpoint: Endpoint<Request, Response, Session, Files>,
): Endpoint<Request, Response, Session, Files> {
  return Object.freeze(endpoint);
}

/** Every method an endpoint is answered on. */
export function endpointMethods(endpoint: AnyEndpoint): HttpMethod[] {
  return [endpoint.method, ...(endpoint.alsoAnswers ?? [])];
}
