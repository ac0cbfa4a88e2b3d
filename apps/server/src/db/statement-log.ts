import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Called with the text of every statement sent to the database, and its values where the driver has them there (node-postgres). */
export type StatementObserver = (text: string, values?: readonly unknown[]) => void;

/** PostgreSQL frontend messages that start a statement: Query (simple protocol) and Parse (extended). */
const QUERY = 0x51;
const PARSE = 0x50;

/** The statement text of a Query or Parse message; null for any other message (Bind, Execute, Sync...). */
function statementOf(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== QUERY && type !== PARSE) return null;
  // type byte, int32 length, then (Parse only) the statement name up to its NUL, then the text up to its NUL.
  let start = 5;
  if (type === PARSE) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return Buffer.from(message.buffer, message.byteOffset + start, (end < 0 ? message.length : end) - start).toString('utf8');
}

/**
 * Counts at the driver, below Drizzle: on PGlite every Query or Parse message handed to the
 * engine (BEGIN and COMMIT of its transactions included), so a statement is counted once whatever
 * sent it. Cheap enough to stay installed; used by the budget tests and the commit benchmark.
 */
export function observePglite(client: PGlite, observe: StatementObserver): void {
  const send = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    const text = statementOf(message);
    if (text !== null) observe(text);
    return send(message);
  };
}

/** On node-postgres: every `query` of every pooled connection (pool.query runs through one too). */
export function observePostgres(pool: pg.Pool, observe: StatementObserver): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: unknown; values?: unknown[] } | undefined;
      const values = typeof first === 'object' && Array.isArray(first.values) ? first.values : Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
      observe(typeof first === 'string' ? first : String(first?.text ?? ''), values);
      return query(...args);
    };
  });
}

export interface SeenStatement {
  text: string;
  values: readonly unknown[] | undefined;
}

/** The statements seen since the last `take()`, for tests and benchmarks that count them. */
export class StatementLog {
  private seen: SeenStatement[] = [];
  readonly observe: StatementObserver = (text, values) => {
    this.seen.push({ text, values });
  };

  /** The statements since the last call, in the order sent; starts a new count. */
  take(): string[] {
    return this.takeWithValues().map((statement) => statement.text);
  }

  /** The same with each statement's values (node-postgres only): what a benchmark replays. */
  takeWithValues(): SeenStatement[] {
    const taken = this.seen;
    this.seen = [];
    return taken;
  }
}
