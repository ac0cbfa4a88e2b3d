import type { ErrorName, MessageKey } from '@sen/contract';

/**
 * A catalogued error (contract ERRORS). The error handler answers with its HTTP status and an
 * envelope whose message is translated into the request's language; `params` fill `{name}`
 * placeholders and `data` travels in the envelope (e.g. retryAfterSeconds). `messageKey` replaces
 * the catalogue's text, for validation failures that carry the failing rule's own message.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly errorName: ErrorName,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly messageKey?: MessageKey,
  ) {
    super(errorName);
  }
}
