/**
 * Errors that mean "the database is away" (down, restarting, failing over, refusing connections,
 * a proxy that cut the line, a statement killed by statement_timeout) rather than "this request
 * is wrong". The envelope plugin answers them with 503, so clients retry instead of reporting a bug.
 * Drizzle wraps driver errors (DrizzleQueryError.cause), so the whole cause chain is inspected.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception); 57P01-57P03 (admin shutdown, crash
 * shutdown, cannot connect now); 57014 (statement_timeout); 53300 (too many connections);
 * 55000 is what a database with ALLOW_CONNECTIONS false answers during maintenance.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '55000']);

/** node-postgres reports a lost or never-made connection with these texts and no code. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as ErrorLike;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message) && !/^Failed query/.test(message)) return true;
    current = cause;
  }
  return false;
}

/** A unique index refused a row (SQLSTATE 23505), through Drizzle's cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    if ((current as ErrorLike).code === '23505') return true;
    current = (current as ErrorLike).cause;
  }
  return false;
}
