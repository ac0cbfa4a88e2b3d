import { randomUUID } from 'node:crypto';
import { API_PATHS, type Envelope, type SecretResponse } from '@sen/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { StatementLog, type SeenStatement } from '../apps/server/src/db/statement-log.ts';
import { sha256Hex } from '../apps/server/src/shared/crypto.ts';
import { commitRequest, measureCommitLoops, type CommitBorrower, type CommitSetup, type CommitTally } from './commit-load.ts';
import { BENCH_APP_CODE, type RunningSen } from './servers.ts';

/*
 * The floor of the loan commit (issue 21 item 3): the very statements one Sen commit sends —
 * read off the driver by the statement counter (apps/server/src/db/statement-log.ts, decision 084)
 * while Sen commits once for a borrower kept aside — replayed through bare `pg`, one client per
 * loop, as many loops as the commit scenario has borrowers, for as long. Each replay is a whole
 * commit made new: the borrower's id and token hash become the loop's, the order's number and
 * idempotency key fresh ones (also inside longer values: the payout reference, the lock key), and
 * after the order's insert its captured id the id that insert returned. No
 * HTTP, no signing, no validation, no ORM, no schedule maths: what is left is the database's own
 * work and the round trips, which Sen's commits/s is then divided by.
 */

export interface CapturedCommit {
  statements: SeenStatement[];
  /** Values of the captured commit that a replay replaces (strings, also inside longer strings). */
  userId: string;
  tokenHash: string;
  /** The order's id (an identity column): a replay uses the id its own insert returns. */
  orderId: number;
  orderNo: string;
  idempotencyKey: string;
}

/** One commit by `borrower` through an in-process Sen on the bench database, its statements recorded at the driver. */
export async function captureCommit(databaseUrl: string, setup: CommitSetup, borrower: CommitBorrower & { token: string }): Promise<CapturedCommit> {
  const log = new StatementLog();
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://', pool: { max: 2 }, observeStatement: log.observe });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    APP_CODE: BENCH_APP_CODE,
    SIGN_SECRET: 'bench-sign-secret-0123456789abcdef',
    FIELD_ENCRYPTION_KEY: 'b'.repeat(64),
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
  });
  const { app } = await buildApp({ config, database });
  try {
    await app.ready();
    const secret = (await app.inject({ method: 'GET', url: API_PATHS.secret })).json() as Envelope<SecretResponse>;
    const sen = { appCode: BENCH_APP_CODE, signSecret: secret.data.verifySignSecret, origin: '' } as RunningSen;
    const { headers, body } = commitRequest(sen, setup, borrower);
    log.take();
    const response = await app.inject({ method: 'POST', url: API_PATHS.orderCommit, headers, payload: body, remoteAddress: '127.0.0.1' });
    const statements = log.takeWithValues();
    const envelope = response.json() as Envelope<{ orderId: string | number }>;
    if (envelope.code !== 200) throw new Error(`the captured commit failed: ${response.body.slice(0, 300)}`);
    const order = await database.pool!.query<{ id: number; order_no: string; idempotency_key: string }>(
      'select id, order_no, idempotency_key from loan_orders where user_id = $1 order by created_at desc limit 1',
      [borrower.userId],
    );
    const row = order.rows[0]!;
    return { statements, userId: borrower.userId, tokenHash: sha256Hex(borrower.token), orderId: Number(row.id), orderNo: row.order_no, idempotencyKey: row.idempotency_key };
  } finally {
    await app.close();
    await database.close();
  }
}

/** The captured values' replacements for one replay. */
function replacer(replacements: Array<[string, string]>): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'string') return value;
    let text = value;
    for (const [from, to] of replacements) if (text.includes(from)) text = text.split(from).join(to);
    return text;
  };
}

export interface SqlBaselineRun extends CommitTally {
  statementsPerCommit: number;
}

/** Every borrower's loop replays the captured commit, one statement after another on its own connection, for `durationSeconds` (after the warm-up). */
export async function runSqlBaseline(databaseUrl: string, captured: CapturedCommit, setup: CommitSetup, durationSeconds: number, warmupSeconds: number): Promise<SqlBaselineRun> {
  const orderNoHead = captured.orderNo.slice(0, 9); // 'SEN' + yyMMdd
  const tally = await measureCommitLoops(setup.borrowers, durationSeconds, warmupSeconds, async (borrower, index, window) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (let iteration = 0; window.running(); iteration += 1) {
        // 'SEN' + date + 8 digits, as Sen's own, made unique by loop and iteration ('9' first: apart from Sen's random ones in practice).
        const orderNo = `${orderNoHead}9${String(index).padStart(3, '0')}${String(iteration).padStart(4, '0')}`.slice(0, captured.orderNo.length);
        const replace = replacer([
          [captured.orderNo, orderNo],
          [captured.idempotencyKey, `sql-${index}-${iteration}-${randomUUID()}`],
          [captured.userId, borrower.userId],
          [captured.tokenHash, sha256Hex(borrower.token)],
        ]);
        let failed: string | null = null;
        let orderId: number | null = null;
        for (const statement of captured.statements) {
          try {
            // After the order's insert, its captured id stands for the id this replay's insert returned.
            const values = statement.values?.map((value) => (orderId !== null && Number(value) === captured.orderId && (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') ? orderId : replace(value)));
            const result = await client.query(statement.text, values as unknown[] | undefined);
            if (/^\s*insert\s+into\s+"loan_orders"/i.test(statement.text)) orderId = Number((result.rows[0] as { id: unknown }).id);
          } catch (error) {
            failed = (error as Error).message;
            await client.query('rollback').catch(() => {});
            break;
          }
        }
        window.record(failed);
      }
    } finally {
      await client.end();
    }
  });
  return { ...tally, statementsPerCommit: captured.statements.length };
}
