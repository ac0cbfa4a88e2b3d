import type { TranslationKey } from '../../locales/en.ts';

export type RequestErrorKind = 'envelope' | 'http' | 'network' | 'timeout';

/** Why a call was rejected. `code` and `data` come from the envelope when there was one. */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly code: number | null;
  readonly httpStatus: number | null;
  readonly data: unknown;
  readonly messageKey: TranslationKey | null;

  constructor(init: {
    kind: RequestErrorKind;
    message: string;
    code?: number | null;
    httpStatus?: number | null;
    data?: unknown;
    messageKey?: TranslationKey | null;
  }) {
    super(init.message);
    this.name = 'RequestError';
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.httpStatus = init.httpStatus ?? null;
    this.data = init.data ?? null;
    this.messageKey = init.messageKey ?? null;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
