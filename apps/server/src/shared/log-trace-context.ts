/**
 * The fields of the current trace that every log line carries when tracing is on (decision 105):
 * tracing.ts sets the reader before the logger is created; unset (tracing off), the logger has no
 * mixin at all and a log line costs nothing more. No imports, so tracing.ts can set it before any
 * logging code loads.
 */
let reader: (() => Record<string, string>) | null = null;

export function setLogTraceContext(read: () => Record<string, string>): void {
  reader = read;
}

export function logTraceContext(): (() => Record<string, string>) | null {
  return reader;
}
