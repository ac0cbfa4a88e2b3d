export type AdminRequestErrorKind = 'envelope' | 'network' | 'contract';

/** Why a back-office call failed. `message` is what the operator reads (the server's, localised). */
export class AdminRequestError extends Error {
  readonly kind: AdminRequestErrorKind;
  /** The envelope's code (the error catalogue's), when there was an envelope. */
  readonly code: number | null;
  readonly httpStatus: number | null;
  readonly data: unknown;

  constructor(init: { kind: AdminRequestErrorKind; message: string; code?: number | null; httpStatus?: number | null; data?: unknown }) {
    super(init.message);
    this.name = 'AdminRequestError';
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.httpStatus = init.httpStatus ?? null;
    this.data = init.data ?? null;
  }

  /** The operator's session is gone (expired, revoked, signed out elsewhere). */
  get isSessionExpired(): boolean {
    return this.httpStatus === 401;
  }
}

export function isAdminRequestError(error: unknown): error is AdminRequestError {
  return error instanceof AdminRequestError;
}

/** The text to show for any failure: the request layer's localised message. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
