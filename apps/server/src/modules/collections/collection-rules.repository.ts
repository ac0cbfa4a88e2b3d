import type { CollectionRules } from '@sen/contract';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/database.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

/** The collection rules' three tables (collection_buckets, collection_templates, collection_dunning_rules), read and replaced as one set. */
export class CollectionRulesRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The set in force: buckets by position, templates by code (withdrawn ones too), steps by day. */
  async read(): Promise<CollectionRules> {
    const db = this.uow.db;
    // One after another: in a transaction they share one connection.
    const buckets = await executeRows<{ code: string; min_days: number; max_days: number | null }>(db, sql`select code, min_days, max_days from collection_buckets order by position, min_days`);
    const templates = await executeRows<{ code: string; channel: 'sms' | 'message'; body: string; body_en: string; approved: boolean }>(
      db,
      sql`select code, channel, body, body_en, approved from collection_templates order by code`,
    );
    const rules = await executeRows<{ day_past_due: number; template: string; active: boolean }>(db, sql`select day_past_due, template, active from collection_dunning_rules order by day_past_due, template`);
    return {
      buckets: buckets.map((row) => ({ code: row.code, minDays: row.min_days, maxDays: row.max_days })),
      templates: templates.map((row) => ({ code: row.code, channel: row.channel, bodyVn: row.body, bodyEn: row.body_en, approved: row.approved })),
      rules: rules.map((row) => ({ dayPastDue: row.day_past_due, template: row.template, active: row.active })),
    };
  }

  async openCases(): Promise<Record<string, number>> {
    const rows = await executeRows<{ bucket: string; open: number }>(this.uow.db, sql`select bucket, count(*)::int as open from collection_cases where status = 'open' group by bucket`);
    return Object.fromEntries(rows.map((row) => [row.bucket, row.open]));
  }

  /**
   * Replaces the set (in the approval's transaction, under a lock every writer takes): the buckets
   * wholesale (cases move to their new bucket on the job's next run); templates by code, one left
   * out withdrawn but kept (past contacts name it); steps by day and template, so an unchanged step
   * keeps its id and the job's once-a-day key (`rule:<id>:<date>`) still holds after a change.
   */
  async replace(rules: CollectionRules): Promise<void> {
    const { uow } = this;
    uow.requireTransaction('CollectionRulesRepository.replace');
    await uow.advisoryLock('collection-rules');
    const db = uow.db;
    await db.execute(sql`delete from collection_buckets`);
    const buckets = [...rules.buckets].sort((a, b) => a.minDays - b.minDays);
    await db.execute(
      sql`insert into collection_buckets (code, min_days, max_days, position) values ${sql.join(
        buckets.map((bucket, index) => sql`(${bucket.code}, ${bucket.minDays}, ${bucket.maxDays}, ${index + 1})`),
        sql`, `,
      )}`,
    );
    const codes = rules.templates.map((template) => template.code);
    await db.execute(
      codes.length === 0
        ? sql`update collection_templates set approved = false`
        : sql`update collection_templates set approved = false where code <> all(${sql.param(codes)}::text[])`,
    );
    for (const template of rules.templates) {
      await db.execute(sql`
        insert into collection_templates (code, channel, body, body_en, approved) values (${template.code}, ${template.channel}, ${template.bodyVn}, ${template.bodyEn}, ${template.approved})
        on conflict (code) do update set channel = excluded.channel, body = excluded.body, body_en = excluded.body_en, approved = excluded.approved`);
    }
    const steps = rules.rules.map((rule) => `${rule.dayPastDue}:${rule.template}`);
    await db.execute(
      steps.length === 0
        ? sql`delete from collection_dunning_rules`
        : sql`delete from collection_dunning_rules where (day_past_due || ':' || template) <> all(${sql.param(steps)}::text[])`,
    );
    for (const rule of rules.rules) {
      await db.execute(sql`
        insert into collection_dunning_rules (day_past_due, template, active) values (${rule.dayPastDue}, ${rule.template}, ${rule.active})
        on conflict (day_past_due, template) do update set active = excluded.active`);
    }
  }
}
