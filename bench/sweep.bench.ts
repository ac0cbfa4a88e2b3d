/**
 * Daily sweep benchmark (issue 12): seeds BENCH_LOANS (default 1,000,000) loans being repaid on a
 * scratch PostgreSQL database — plans of 1, 3 and 6 instalments, start dates over the last 120
 * days (so about a quarter are overdue), one in ten partly repaid, each with its fee, disbursement
 * and repayment postings — then times one daily sweep (jobs/loan-accrual.ts: interest, overdue
 * fees, the ledger postings) and runs the ledger check. Prints loans/s, entries and lines written,
 * and a ratio to a same-run baseline: a plain INSERT … SELECT of as many rows as the sweep writes
 * (entries, lines and instalment updates) into an unindexed table, which says how fast this
 * machine's PostgreSQL is right now. Targets (issue 21): one sweep of 1,000,000 loans in at most
 * 30 s and at most 5× the baseline's time, the ledger check ok. On a shared machine read the ratio:
 * the load average is printed beside it.
 *
 * Env: BENCH_LOANS, BENCH_SWEEP_WORKERS (default 2, as the server), BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * `npm run bench:sweep` from the repo root.
 */
import { loadavg } from 'node:os';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { ACCRUAL_BATCH, LoanAccrual } from '../apps/server/src/jobs/loan-accrual.ts';
import { createDatabase, executeRows, type Database } from '../apps/server/src/db/database.ts';
import { BUILT_IN_CHECKS, runLedgerChecks } from '../apps/server/src/modules/ledger/ledger-checks.ts';
import { postPayouts, run } from './seed-book.ts';
import { createScratchDatabase } from './servers.ts';

const LOANS = Number(process.env.BENCH_LOANS ?? 1_000_000);
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
if (!Number.isInteger(LOANS) || LOANS < 1000) throw new Error('BENCH_LOANS must be a whole number of at least 1000');
const USERS = Math.max(1000, Math.floor(LOANS / 5));
/** Issue 21's targets for one sweep of 1,000,000 loans (scaled to BENCH_LOANS) and for its ratio to the baseline. */
const TARGET_SECONDS = 30;
const TARGET_RATIO = 5;
/** Batches at once, as the server runs them on PostgreSQL (modules/loan-jobs). */
const WORKERS = Number(process.env.BENCH_SWEEP_WORKERS ?? 2);

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

async function seed(database: Database, today: string): Promise<void> {
  const yesterday = addVietnamDays(today, -1);
  await run(database, sql`insert into users (phone) select '09' || lpad(g::text, 8, '0') from generate_series(1, ${USERS}) g`);
  await run(database, sql`create temporary table bench_users as select row_number() over (order by id) as n, id from users`);
  await run(
    database,
    sql`insert into receiving_accounts (user_id, kind, provider_id, provider_code, provider_name, bin, holder_name, number_cipher, number_index, number_masked, is_default)
        select id, 'CARD', 970436, 'VCB', 'Vietcombank', '970436', 'BENCH BORROWER', 'bench', 'bench-' || id, '******0000', true from users`,
  );
  const [product] = await executeRows<{ id: number }>(
    database.db,
    sql`insert into loan_products (code, name, min_amount, max_amount, term_days, plan_nums, daily_rate_ppm, service_fee_ppm, overdue_daily_rate_ppm, tags)
        values ('bench', 'Bench', 1000000, 20000000, 90, '[1,3,6]', 400, 15000, 600, '[]') returning id`,
  );
  // Loans: principal 1–10.5 M, plans 1/3/6, started 1–120 days ago (90-day term: a quarter overdue), accrued through yesterday.
  await run(
    database,
    sql`insert into loan_orders (order_no, user_id, product_id, product_name, state, principal, term_days, plan_nums, daily_rate_ppm,
                                 overdue_rate_ppm, service_fee, fee_timing, disbursed_amount, receiving_account_id, pay_way, apply_date,
                                 start_date, accrued_through, idempotency_key, disbursed_at)
        select 'BENCH' || lpad(g::text, 10, '0'), u.id, ${product!.id}, 'Bench', 'repaying', l.principal, 90, l.plans, 400, 600,
               l.principal * 15 / 1000, 'deducted', l.principal - l.principal * 15 / 1000, ra.id, 'CARD', l.start, l.start, ${yesterday}::date,
               'bench-' || g, now()
          from generate_series(1, ${LOANS}) g
          cross join lateral (select (1000000 + (g % 20) * 500000)::bigint as principal, (array[1, 3, 6])[1 + g % 3] as plans,
                                     ${yesterday}::date - (g % 120) as start) l
          join bench_users u on u.n = 1 + g % ${USERS}
          join receiving_accounts ra on ra.user_id = u.id`,
  );
  // The schedule: equal periods of 90 / plans days, equal principal parts, the remainder on the last; one in ten loans half repaid of its first instalment.
  await run(
    database,
    sql`insert into loan_instalments (order_id, plan_part, period_start, due_date, principal, fee, scheduled_interest, paid_principal)
        select o.id, k, o.start_date + (k - 1) * (90 / o.plan_nums), o.start_date + k * (90 / o.plan_nums),
               case when k = o.plan_nums then o.principal - (o.principal / o.plan_nums) * (o.plan_nums - 1) else o.principal / o.plan_nums end,
               0, 0,
               case when k = 1 and o.id % 10 = 0 then (o.principal / o.plan_nums) / 2 else 0 end
          from loan_orders o cross join lateral generate_series(1, o.plan_nums) k`,
  );
  // Their postings: fee charged and disbursement (fee taken out of the payout), and the repayments of the partly repaid.
  await postPayouts(database);
  await run(
    database,
    sql`with paid as (select order_id, paid_principal from loan_instalments where plan_part = 1 and paid_principal > 0),
        entries as (
          insert into ledger_entries (event, key, loan_id, borrower_id, business_date, memo)
          select 'repayment', 'repayment:bench-' || p.order_id || ':' || p.order_id, p.order_id::text, o.user_id::text, o.start_date + 1, 'Repayment received'
            from paid p join loan_orders o on o.id = p.order_id
          returning id, loan_id
        )
        insert into ledger_lines (entry_id, account_code, owner_id, debit, credit)
        select en.id, l.code, l.owner, l.debit, l.credit
          from entries en join paid p on p.order_id::text = en.loan_id
          cross join lateral (values ('collection_bank', null, p.paid_principal, 0::bigint), ('loan_principal', en.loan_id, 0::bigint, p.paid_principal)) l(code, owner, debit, credit)`,
  );
  await run(database, sql`vacuum analyze`);
}

/** The machine's PostgreSQL speed this run: rows inserted by one plain INSERT … SELECT into an unindexed table. */
async function baseline(database: Database, rows: number): Promise<number> {
  await run(database, sql`create table bench_baseline (a bigint, b bigint, c text)`);
  const start = process.hrtime.bigint();
  await run(database, sql`insert into bench_baseline select g, g * 2, 'row-' || g from generate_series(1, ${rows}) g`);
  const took = seconds(start);
  await run(database, sql`drop table bench_baseline`);
  return took;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(PG_ADMIN_URL);
  let database: Database | null = null;
  const stop = async () => {
    await database?.close().catch(() => {});
    // BENCH_KEEP_DATABASE=1 keeps the scratch database (to EXPLAIN the sweep by hand); it is printed.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept ${scratch.url}`);
    else await scratch.drop().catch(() => {});
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    database = await createDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', pool: { statementTimeoutMs: 0, max: 4 } });
    const today = vietnamDate(new Date());
    console.log(`sweep bench: seeding ${grouped(LOANS)} loans of ${grouped(USERS)} borrowers on PostgreSQL …`);
    const seedStart = process.hrtime.bigint();
    await seed(database, today);
    const [counts] = await executeRows<{ instalments: number; entries: number; lines: number }>(
      database.db,
      sql`select (select count(*)::int from loan_instalments) as instalments, (select count(*)::int from ledger_entries) as entries, (select count(*)::int from ledger_lines) as lines`,
    );
    console.log(`seeded in ${seconds(seedStart).toFixed(1)} s: ${grouped(counts!.instalments)} instalments, ${grouped(counts!.entries)} entries, ${grouped(counts!.lines)} lines`);

    const sweepStart = process.hrtime.bigint();
    console.log(`sweeping with ${WORKERS} worker${WORKERS === 1 ? '' : 's'}, batches of ${grouped(ACCRUAL_BATCH)} loans; load average ${loadavg()[0]!.toFixed(2)}`);
    const result = await new LoanAccrual(database.uow, ACCRUAL_BATCH, WORKERS).accrueThrough(today);
    const sweepSeconds = seconds(sweepStart);
    const [after] = await executeRows<{ entries: number; lines: number }>(
      database.db,
      sql`select (select count(*)::int from ledger_entries where business_date = ${today}::date) as entries,
                 (select count(*)::int from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.business_date = ${today}::date) as lines`,
    );
    const written = after!.entries + after!.lines + counts!.instalments;
    const baselineSeconds = await baseline(database, written);

    const checkStart = process.hrtime.bigint();
    const report = await runLedgerChecks(database.db, BUILT_IN_CHECKS, new Date());
    const checkSeconds = seconds(checkStart);

    console.log('\n── daily sweep (PostgreSQL) ──');
    console.log(`loans accrued        ${grouped(result.loans)} (${result.dates} business date${result.dates === 1 ? '' : 's'})`);
    const targetSeconds = TARGET_SECONDS * (LOANS / 1_000_000);
    console.log(`sweep time           ${sweepSeconds.toFixed(1)} s   target ≤ ${targetSeconds.toFixed(1)} s (${TARGET_SECONDS} s for 1,000,000 loans)   ${sweepSeconds <= targetSeconds ? 'met' : 'NOT met'}`);
    console.log(`loans/s              ${grouped(result.loans / sweepSeconds)}`);
    console.log(`written              ${grouped(after!.entries)} entries, ${grouped(after!.lines)} lines, up to ${grouped(counts!.instalments)} instalments`);
    console.log(`baseline             ${grouped(written)} rows by one INSERT … SELECT in ${baselineSeconds.toFixed(1)} s`);
    const ratio = sweepSeconds / baselineSeconds;
    console.log(`ratio                ${ratio.toFixed(2)}× the baseline's time   target ≤ ${TARGET_RATIO}×   ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
    console.log(`load average         ${loadavg().map((load) => load.toFixed(2)).join(', ')} (1, 5, 15 min; figures from a loaded machine are not the lead's)`);
    console.log(`ledger check         ${report.ok ? 'ok' : 'VIOLATIONS'} in ${checkSeconds.toFixed(1)} s; ${grouped(report.totals.entries)} entries, debits ${report.totals.debits} = credits ${report.totals.credits}`);
    for (const violation of report.violations.slice(0, 10)) console.log(`  ${violation.check}: ${violation.detail}`);
    if (!report.ok || result.loans !== LOANS) process.exitCode = 1;
  } finally {
    await stop();
  }
}

await main();
