import type { ErrorName, MessageKey } from '@sen/contract';

/** What an AppError carries besides its catalogue name; every field optional. */
export interface AppErrorOptions {
  /** Fill the message's `{name}` placeholders. */
  params?: Record<string, string | number>;
  /** Travels in the envelope's `data` (e.g. retryAfterSeconds); null when absent. */
  data?: unknown;
  /** Replaces the catalogue's text, for validation failures that carry the failing rule's own message. */
  messageKey?: MessageKey | undefined;
}

/**
 * A catalogued error (contract ERRORS). The error handler answers with its HTTP status and an
 * envelope whose message is translated into the request's language:
 * `new AppError('OTP_TOO_SOON', { params: { seconds }, data: { retryAfterSeconds } })`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly params: Record<string, string | number>;
  readonly data: unknown;
  readonly messageKey: MessageKey | undefined;

  constructor(
    readonly errorName: ErrorName,
    options: AppErrorOptions = {},
  ) {
    super(errorName);
    this.params = options.params ?? {};
    this.data = options.data ?? null;
    this.messageKey = options.messageKey;
  }
}
