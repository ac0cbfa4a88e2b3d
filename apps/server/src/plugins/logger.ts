import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { logTraceContext } from '../shared/log-trace-context.ts';

/**
 * Fields that may carry personal data or secrets (DESIGN.md: no phone, ID number, OTP, password
 * or token in any log). Redaction is the safety net; the serializers below already log no
 * bodies, no query strings and no headers but a few harmless ones.
 */
const SENSITIVE_FIELDS = ['phone', 'smsCode', 'otp', 'passwd', 'oldPasswd', 'password', 'token', 'authorization', 'sign', 'idNumber', 'idNo'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.sign',
  'req.headers.cookie',
  'req.body',
  'req.query',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`]),
  // `code` alone is too common to wildcard (error codes are useful); redact it where OTPs travel.
  'code',
  'body.code',
  'input.code',
];

/** Request ids: the caller's x-request-id when it is a sane token, else a fresh uuid. */
export function genReqId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,64}$/.test(value) ? value : randomUUID();
}

/** Drizzle puts query parameters (phones, hashes) into its error message: cut them off. */
function safeErrorMessage(message: string): string {
  // Up to the first stack frame, so a stack keeps its frames.
  return message.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  cause?: unknown;
}

function serializeError(error: LoggableError): { type: string; message: string; stack: string; [key: string]: unknown } {
  const cause = error.cause as LoggableError | undefined;
  return {
    type: error.name ?? 'Error',
    message: safeErrorMessage(String(error.message ?? '')),
    code: error.code,
    stack: error.stack ? safeErrorMessage(error.stack) : '',
    // Postgres puts row values in `detail`; keep only the cause's kind and text.
    cause: cause && typeof cause === 'object' ? { type: cause.name, message: safeErrorMessage(String(cause.message ?? '')), code: cause.code } : undefined,
  };
}

function loggerOptions(level: string): LoggerOptions {
  const traceContext = logTraceContext();
  return {
    level,
    // With tracing on, trace_id and span_id of the span the line is written in (tracing.ts).
    ...(traceContext ? { mixin: traceContext } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown>; routeOptions?: { url?: string } }) => ({
        method: request.method,
        // The path only: query strings can carry phones (e.g. the dev outbox).
        url: request.url.split('?')[0],
        route: request.routeOptions?.url,
        remoteAddress: request.ip,
        userAgent: request.headers?.['user-agent'],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
}

/** The process's logger (infra.log); Fastify takes it as its `loggerInstance`. */
export function createLogger(level: string, stream?: DestinationStream): FastifyBaseLogger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}

export interface SampledWarning {
  /** Counts one occurrence; the first of a window is logged at once, the rest in its summary. */
  hit(): void;
  /** Logs the summary of the current window now (on close). */
  flush(): void;
}

/**
 * A warning that may fire thousands of times a second (rate-limit hits under a flood): the first
 * occurrence of each window is logged at once, the others are counted and logged as one summary
 * line when the window ends. The log stays readable and a flood cannot fill the disk.
 */
export function createSampledWarning(log: { warn(object: object, message: string): void }, message: string, windowMs: number): SampledWarning {
  let windowStart = 0;
  let suppressed = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (suppressed > 0) log.warn({ occurrences: suppressed, windowMs }, `${message} (more in the last window)`);
    suppressed = 0;
    windowStart = 0;
  };
  return {
    hit() {
      const now = Date.now();
      if (windowStart === 0) {
        windowStart = now;
        log.warn({ occurrences: 1 }, message);
        timer = setTimeout(flush, windowMs);
        timer.unref();
        return;
      }
      suppressed += 1;
    },
    flush,
  };
}

type LogMethod = (...args: unknown[]) => void;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
const noop: LogMethod = () => {};

/**
 * A request's logger that becomes a real pino child (the request id bound) only when it first
 * writes at an enabled level or is asked for a child. Most requests write nothing at the
 * configured level, and a child per request was ~1.5 % of a signed call's CPU (issue 21). A
 * disabled level is judged as pino judges it: its method is the logger's no-op `silent`.
 */
class LazyChildLogger {
  real: FastifyBaseLogger | undefined;
  declare fatal: LogMethod;
  declare error: LogMethod;
  declare warn: LogMethod;
  declare info: LogMethod;
  declare debug: LogMethod;
  declare trace: LogMethod;
  silent: LogMethod = noop;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  materialise(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.materialise().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialise().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return ((this.real ?? this.parent) as unknown as Logger).isLevelEnabled(level);
  }
}
for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    get(this: LazyChildLogger): LogMethod {
      // A child with a level of its own (a route's logLevel, or set later) judges for itself.
      if (!this.real && this.options.level === undefined && this.parent[level] === this.parent.silent) return noop;
      const real = this.materialise();
      return real[level].bind(real) as LogMethod;
    },
  });
}

/** Fastify's childLoggerFactory: each request's logger is built lazily (LazyChildLogger). */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
