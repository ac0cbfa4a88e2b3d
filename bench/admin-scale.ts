/**
 * The back office at a lender's size (issue 22): seeds `--borrowers` borrowers (default 1,000,000)
 * on a scratch PostgreSQL database with set-based SQL — users, personal data, approved credit
 * accounts and their engine decisions, one loan each (plans of 1 and 3 instalments, paid out over
 * the last 400 days: repaid, partly repaid or overdue), the ledger's fee, disbursement and
 * repayment postings and the loans' repayment rows, and one case in a hundred in the manual review
 * queue — runs the dashboard job (jobs/scheduled-jobs.ts `dashboard-aggregates`) over the history (timed),
 * then times, through the real app (`app.inject`, a signed-in admin), p50 and p99 of:
 *
 * - GET /api/admin/dashboard over 30 and 365 days (target p99 ≤ 500 ms),
 * - GET /api/admin/reviews (the queue's first page),
 * - the borrower search by phone, ID number (blind index) and order number and the borrower page,
 *   when this branch has those endpoints (target p99 ≤ 200 ms),
 *
 * each against a same-run primary-key select (`select … from users where id = $1`, through the same
 * pool) and the back office's floor (GET /api/admin/me: the operator session only), with the load
 * average. Figures from a machine others are using are not the lead's.
 *
 * `npm run bench:admin -- --borrowers 10000` from the repo root. Options: --borrowers N,
 * --samples N (timed requests per endpoint, default 300). The job's first run builds 400 days of
 * history (its reach, BACKFILL_DAYS) and is timed. Env: BENCH_PG_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_KEEP_DATABASE=1 keeps the scratch database.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ADMIN_PATHS, allAdminEndpoints } from '@sen/contract';
import { addDays, vietnamDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { buildApp, type SenApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, executeRows, type Database } from '../apps/server/src/db/database.ts';
import { ID_NUMBER_INDEX_PURPOSE } from '../apps/server/src/modules/certification/profile.service.ts';
import { signInNewOperator, type OperatorSession } from '../apps/server/test/helpers/operators.ts';
import { postPayouts, run } from './seed-book.ts';
import { createScratchDatabase } from './servers.ts';

const { values: args } = parseArgs({
  options: { borrowers: { type: 'string', default: '1000000' }, samples: { type: 'string', default: '300' } },
});
const BORROWERS = Number(args.borrowers);
const SAMPLES = Number(args.samples);
if (!Number.isInteger(BORROWERS) || BORROWERS < 1000) throw new Error('--borrowers must be a whole number of at least 1000');
if (!Number.isInteger(SAMPLES) || SAMPLES < 20) throw new Error('--samples must be a whole number of at least 20');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Borrowers whose ID number gets a real blind index and cipher (the ID-number search and the borrower page pick among them). */
const SAMPLE_BORROWERS = 500;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

/** The seeded book: every figure set-based, one statement per table (or per table pair for the ledger). */
async function seed(database: Database, today: string): Promise<void> {
  const n = BORROWERS;
  await run(database, sql`insert into users (phone) select '09' || lpad(g::text, 8, '0') from generate_series(1, ${n}) g`);
  await run(database, sql`create table bench_users as select row_number() over (order by public_id) as n, id, public_id from users`);
  await run(database, sql`create unique index on bench_users (n)`);
  await run(
    database,
    sql`insert into personal_data (user_id, full_name, id_number_cipher, id_number_index, id_number_last4, sex, birth_date, education, marital_status,
                                   province_id, address, monthly_salary_vnd, salary_band)
        select id, 'Nguyễn Văn ' || n, 'bench', 'bench-' || n, lpad((n % 10000)::text, 4, '0'), 1, date '1990-01-01' + (n % 5000)::int, 1, 1, 1, 'Hà Nội', 12000000, 2
          from bench_users`,
  );
  await run(
    database,
    sql`insert into receiving_accounts (user_id, kind, provider_id, provider_code, provider_name, bin, holder_name, number_cipher, number_index, number_masked, is_default)
        select id, 'CARD', 970436, 'VCB', 'Vietcombank', '970436', 'BENCH BORROWER', 'bench', 'bench-' || id, '******0000', true from bench_users`,
  );
  // Engine decisions over the last year, and the accounts they left: approved, limits of 3–10 M.
  await run(
    database,
    sql`insert into credit_decisions (user_id, review_id, outcome, credit_limit, policy_version, inputs, rule_results, reasons, created_at)
        select id, gen_random_uuid(), 'approve', (3 + n % 8) * 1000000, 'v1', '{}'::jsonb, '[]'::jsonb, '[]'::jsonb,
               (${today}::date - (n % 400)::int)::timestamp + interval '3 hours'
          from bench_users`,
  );
  await run(database, sql`insert into credit_accounts (user_id, status, credit_limit, decided_at) select id, 1, (3 + n % 8) * 1000000, now() from bench_users`);
  const [product] = await executeRows<{ id: number }>(
    database.db,
    sql`insert into loan_products (code, name, min_amount, max_amount, term_days, plan_nums, daily_rate_ppm, service_fee_ppm, overdue_daily_rate_ppm, tags)
        values ('bench', 'Bench', 1000000, 20000000, 90, '[1,3]', 400, 15000, 600, '[]') returning id`,
  );
  // One loan per borrower, paid out 1–400 days ago; settled when 3 in 4 of those past their term, else repaying.
  await run(
    database,
    sql`insert into loan_orders (order_no, user_id, product_id, product_name, state, principal, term_days, plan_nums, daily_rate_ppm,
                                 overdue_rate_ppm, service_fee, fee_timing, disbursed_amount, receiving_account_id, pay_way, apply_date,
                                 start_date, accrued_through, idempotency_key, disbursed_at, settled_at)
        select 'SEN' || lpad(u.n::text, 14, '0'), u.id, ${product!.id}, 'Bench',
               case when l.start < ${today}::date - 90 and u.n % 4 <> 0 then 'settled' else 'repaying' end,
               l.principal, 90, l.plans, 400, 600, l.principal * 15 / 1000, 'deducted', l.principal - l.principal * 15 / 1000, ra.id, 'CARD',
               l.start, l.start, ${today}::date - 1, 'bench-' || u.n, l.start::timestamp,
               case when l.start < ${today}::date - 90 and u.n % 4 <> 0 then (l.start + 85)::timestamp end
          from bench_users u
          join receiving_accounts ra on ra.user_id = u.id
          cross join lateral (select (1000000 + (u.n % 20) * 500000)::bigint as principal, (array[1, 3])[1 + u.n % 2] as plans,
                                     ${today}::date - 1 - (u.n % 400)::int as start) l`,
  );
  await run(
    database,
    sql`insert into loan_instalments (order_id, plan_part, period_start, due_date, principal, fee, scheduled_interest, paid_principal, settled_at)
        select o.id, k, o.start_date + (k - 1) * (90 / o.plan_nums), o.start_date + k * (90 / o.plan_nums),
               case when k = o.plan_nums then o.principal - (o.principal / o.plan_nums) * (o.plan_nums - 1) else o.principal / o.plan_nums end,
               0, 0,
               case when o.state = 'settled' then case when k = o.plan_nums then o.principal - (o.principal / o.plan_nums) * (o.plan_nums - 1) else o.principal / o.plan_nums end else 0 end,
               case when o.state = 'settled' then o.settled_at end
          from loan_orders o cross join lateral generate_series(1, o.plan_nums) k`,
  );
  // The postings: fee charged and the disbursement (fee out of the payout) on the payout date.
  await postPayouts(database);
  // Repayments: settled loans paid their principal 85 days after payout; one repaying loan in five repaid half its first instalment 10 days after.
  await run(
    database,
    sql`create table bench_paid as
        select o.id as order_id, o.user_id, o.start_date + 85 as paid_on, o.principal as principal from loan_orders o where o.state = 'settled'
        union all
        select o.id, o.user_id, o.start_date + 10, (o.principal / o.plan_nums) / 2 from loan_orders o
         where o.state = 'repaying' and o.id % 5 = 0 and o.start_date + 10 < ${today}::date`,
  );
  await run(database, sql`update loan_instalments i set paid_principal = p.principal from bench_paid p join loan_orders o on o.id = p.order_id where o.state = 'repaying' and i.order_id = p.order_id and i.plan_part = 1`);
  await run(
    database,
    sql`insert into loan_repayments (order_id, user_id, source, amount, principal, fee, interest, overdue_fee, to_credit, business_date)
        select order_id, user_id, 'bench:' || order_id, principal, principal, 0, 0, 0, 0, paid_on from bench_paid`,
  );
  await run(
    database,
    sql`with entries as (
          insert into ledger_entries (event, key, loan_id, borrower_id, business_date, memo)
          select 'repayment', 'repayment:bench-' || p.order_id || ':' || p.order_id, p.order_id::text, p.user_id::text, p.paid_on, 'Repayment received'
            from bench_paid p
          returning id, loan_id
        )
        insert into ledger_lines (entry_id, account_code, owner_id, debit, credit)
        select en.id, l.code, l.owner, l.debit, l.credit
          from entries en join bench_paid p on p.order_id::text = en.loan_id
          cross join lateral (values ('collection_bank', null, p.principal, 0::bigint), ('loan_principal', en.loan_id, 0::bigint, p.principal)) l(code, owner, debit, credit)`,
  );
  // One borrower in a hundred appealed: a case in the queue.
  await run(
    database,
    sql`insert into credit_manual_reviews (user_id, review_id, cause, status, engine_outcome, engine_limit, suggested_limit, rule_results, reasons, inputs,
                                           policy_version, rules_version, requested_at)
        select id, gen_random_uuid(), 'failedRules', 'pending', 'reject', 0, 5000000,
               '[{"rule":"incomeBand","passed":false,"detail":"income not declared","onFail":"reject"}]'::jsonb, '["incomeBand"]'::jsonb, '{}'::jsonb,
               'v1', 0, now() - (n % 1000) * interval '1 minute'
          from bench_users where n % 100 = 0`,
  );
  await run(database, sql`drop table bench_paid`);
  await run(database, sql`vacuum analyze`);
}

/** Real ciphers and blind indexes for a sample of borrowers (the ID-number search and the borrower page use them). */
async function sampleIdNumbers(sen: SenApp): Promise<Array<{ publicId: number; phone: string; idNumber: string; orderNo: string }>> {
  const { fieldCipher } = sen.infra.secrets;
  const step = Math.max(1, Math.floor(BORROWERS / SAMPLE_BORROWERS));
  const rows = await executeRows<{ id: string; n: number; public_id: number; phone: string; order_no: string }>(
    sen.infra.database.db,
    sql`select u.id, u.n::int, u.public_id::int, us.phone, o.order_no from bench_users u join users us on us.id = u.id join loan_orders o on o.user_id = u.id
         where u.n % ${step} = 0 order by u.n limit ${SAMPLE_BORROWERS}`,
  );
  const samples = [];
  for (const row of rows) {
    const idNumber = `0${String(row.n).padStart(11, '0')}`;
    await run(
      sen.infra.database,
      sql`update personal_data set id_number_cipher = ${fieldCipher.encrypt(idNumber)}, id_number_index = ${fieldCipher.blindIndex(ID_NUMBER_INDEX_PURPOSE, idNumber)} where user_id = ${row.id}`,
    );
    samples.push({ publicId: row.public_id, phone: row.phone, idNumber, orderNo: row.order_no });
  }
  return samples;
}

/** p50 and p99 of `samples` timed calls, after a warm-up. */
async function measure(call: (index: number) => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let index = 0; index < 20; index += 1) await call(index);
  const times: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const start = process.hrtime.bigint();
    await call(index);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(PG_ADMIN_URL);
  let sen: SenApp | null = null;
  let database: Database | null = null;
  const stop = async () => {
    await sen?.app.close().catch(() => {});
    await database?.close().catch(() => {});
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept ${scratch.url}`);
    else await scratch.drop().catch(() => {});
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    database = await createDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', pool: { statementTimeoutMs: 0, max: 4 } });
    const today = vietnamDate(new Date());
    console.log(`admin bench: seeding ${grouped(BORROWERS)} borrowers with a loan each on PostgreSQL …`);
    const seedStart = process.hrtime.bigint();
    await seed(database, today);
    console.log(`seeded in ${seconds(seedStart).toFixed(1)} s`);

    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', SEED_DEMO: 'false', JOBS_ENABLED: 'false', DATABASE_URL: scratch.url, RATE_LIMIT_PER_MINUTE: '1000000000' });
    sen = await buildApp({ config, database });
    await sen.app.ready();
    const samples = await sampleIdNumbers(sen);

    // The dashboard job: the first run builds the history (--aggregate-days back), then a daily run.
    const aggregateStart = process.hrtime.bigint();
    const built = await sen.services.dashboard.aggregateThrough(today);
    const firstRun = seconds(aggregateStart);
    const dailyStart = process.hrtime.bigint();
    const daily = await sen.services.dashboard.aggregateThrough(today);
    const dailyRun = seconds(dailyStart);
    // The aggregate's outstanding principal at the end of yesterday against the ledger's own sum.
    const [check] = await executeRows<{ stored: string; ledger: string }>(
      database.db,
      sql`select (select outstanding_principal::text from dashboard_daily where business_date = ${addDays(today, -1)}::date) as stored,
                 (select coalesce(sum(l.debit - l.credit), 0)::text from ledger_entries e join ledger_lines l on l.entry_id = e.id
                   where l.account_code = 'loan_principal' and e.business_date < ${today}::date) as ledger`,
    );

    const admin: OperatorSession = await signInNewOperator({ app: sen.app, services: sen.services, clock: { now: () => new Date() } }, 'admin', 'bench-admin@sen.local');
    const ok = async (path: string, query: Record<string, unknown>) => {
      const response = await admin.browser.get(path, query);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    };
    const userIds = (await executeRows<{ id: string }>(database.db, sql`select id from bench_users where n % ${Math.max(1, Math.floor(BORROWERS / 1000))} = 0 limit 1000`)).map((row) => row.id);

    const results: Array<{ name: string; p50: number; p99: number; target?: number }> = [];
    const timed = async (name: string, call: (index: number) => Promise<void>, target?: number) => {
      results.push({ name, ...(await measure(call)), ...(target ? { target } : {}) });
    };
    await timed('baseline: primary-key select (users by id)', async (index) => {
      await executeRows(database!.db, sql`select id, phone, public_id from users where id = ${userIds[index % userIds.length]!}`);
    });
    await timed('floor: GET /api/admin/me (session only)', () => ok(ADMIN_PATHS.me, {}));
    await timed('GET /api/admin/dashboard, 30 days', () => ok(ADMIN_PATHS.dashboard, { from: addDays(today, -29), to: today }), 500);
    await timed('GET /api/admin/dashboard, 365 days', () => ok(ADMIN_PATHS.dashboard, { from: addDays(today, -364), to: today }), 500);
    await timed('GET /api/admin/reviews (queue, first page)', () => ok(ADMIN_PATHS.reviews, { status: 'pending' }));

    // The borrower view, when this branch has it (the admin-server branch builds it).
    const byPath = new Map(allAdminEndpoints.map((endpoint) => [endpoint.path, endpoint]));
    const search = byPath.get('/api/admin/borrowers/search');
    const detail = byPath.get('/api/admin/borrowers/detail');
    if (search) {
      await timed('borrower search by phone', (index) => ok(search.path, { q: samples[index % samples.length]!.phone }), 200);
      await timed('borrower search by ID number (blind index)', (index) => ok(search.path, { q: samples[index % samples.length]!.idNumber }), 200);
      await timed('borrower search by order number', (index) => ok(search.path, { q: samples[index % samples.length]!.orderNo }), 200);
    }
    if (detail) await timed('borrower page', (index) => ok(detail.path, { userId: samples[index % samples.length]!.publicId }), 200);

    const baseline = results[0]!;
    console.log(`\n── back office at ${grouped(BORROWERS)} borrowers (PostgreSQL, in-process app.inject, ${SAMPLES} timed requests each) ──`);
    console.log(`aggregate check      outstanding principal yesterday ${check!.stored} VND, ledger ${check!.ledger} VND: ${check!.stored === check!.ledger ? 'equal' : 'DIFFERENT'}`);
    if (check!.stored !== check!.ledger) process.exitCode = 1;
    console.log(`dashboard job        first run ${built.dates} dates in ${firstRun.toFixed(1)} s (${((firstRun / Math.max(1, built.dates)) * 1000).toFixed(0)} ms a date); daily run ${daily.dates} dates in ${dailyRun.toFixed(1)} s`);
    for (const result of results) {
      const ratio = `${(result.p99 / baseline.p99).toFixed(1)}× baseline p99`;
      const target = result.target ? `   target p99 ≤ ${result.target} ms ${result.p99 <= result.target ? 'met' : 'NOT met'}` : '';
      console.log(`${result.name.padEnd(46)} p50 ${result.p50.toFixed(2).padStart(8)} ms   p99 ${result.p99.toFixed(2).padStart(8)} ms   ${ratio}${target}`);
    }
    if (!search || !detail) console.log('borrower search and page: not on this branch (the admin-server branch builds them); measured once merged');
    console.log(`load average         ${loadavg().map((load) => load.toFixed(2)).join(', ')} (1, 5, 15 min; figures from a loaded machine are not the lead's)`);
  } finally {
    await stop();
  }
}

await main();
