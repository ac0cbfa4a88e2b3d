import { sql, type SQL } from 'drizzle-orm';
import { instalmentOpenAs } from '../../db/schema.ts';
import { executeRows } from '../../db/database.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

/** How many days after its date a broken promise is judged again, for money the bank dated on time but that reached us late. */
export const PROMISE_LATE_MONEY_DAYS = 7;

/** A case as the lists and the page read it (one statement joins the order, the borrower, the assignee). */
export interface CaseRow {
  id: number;
  order_id: number;
  order_no: string;
  user_id: string;
  public_id: number;
  phone: string;
  full_name: string | null;
  status: 'open' | 'closed';
  bucket: string;
  days_past_due: number;
  owed: string;
  assignee_id: number | null;
  assignee_email: string | null;
  assignee_name: string | null;
  assigned_by: 'rule' | 'hand' | null;
  opened_at: Date | string;
  closed_at: Date | string | null;
  close_reason: 'repaid' | 'cured' | 'written_off' | null;
  promise_amount: string | null;
  promise_date: string | null;
  last_contact_at: Date | string | null;
}

/** A case locked for a change. */
export interface LockedCase {
  id: number;
  status: string;
  close_reason: 'repaid' | 'cured' | 'written_off' | null;
  user_id: string;
  order_id: number;
  loan_state: string;
}

export interface ContactRow {
  id: number;
  channel: 'call' | 'sms' | 'message' | 'note';
  status: 'sent' | 'refused' | 'noted';
  refused_rule: string | null;
  outcome: string | null;
  template: string | null;
  target_masked: string;
  target_kind: 'borrower' | 'other' | 'none';
  content: string;
  operator_id: number | null;
  operator_email: string | null;
  operator_name: string | null;
  business_date: string;
  at: Date | string;
}

export interface PromiseRow {
  id: number;
  amount: string;
  promised_date: string;
  made_on: string;
  status: 'open' | 'kept' | 'broken';
  paid: string;
  note: string;
  operator_id: number | null;
  operator_email: string | null;
  operator_name: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

export interface TemplateRow {
  code: string;
  channel: 'sms' | 'message';
  body: string;
  /** English; '' when none (the Vietnamese is sent). */
  body_en: string;
  approved: boolean;
}

export interface NewContact {
  caseId: number;
  userId: string;
  channel: 'call' | 'sms' | 'message' | 'note';
  status: 'sent' | 'refused' | 'noted';
  refusedRule: string | null;
  outcome: string | null;
  template: string | null;
  targetMasked: string;
  targetKind: 'borrower' | 'other' | 'none';
  content: string;
  operatorId: number | null;
  dunningKey: string | null;
  businessDate: string;
  at: Date;
}

const CASE_SELECT = sql`
  select c.id, c.order_id::float8 as order_id, o.order_no, c.user_id, u.public_id::float8 as public_id, u.phone, pd.full_name, c.status, c.bucket, c.days_past_due,
         (select coalesce(sum(i.principal + i.fee + i.interest_charged + i.overdue_fee_charged
                               - i.paid_principal - i.paid_fee - i.paid_interest - i.paid_overdue_fee), 0)
            from loan_instalments i where i.order_id = c.order_id)::text as owed,
         c.assignee_id, op.email as assignee_email, op.name as assignee_name, c.assigned_by,
         c.opened_at, c.closed_at, c.close_reason,
         p.amount::text as promise_amount, p.promised_date::text as promise_date,
         (select max(k.at) from collection_contacts k where k.case_id = c.id and k.status = 'sent') as last_contact_at
    from collection_cases c
    join loan_orders o on o.id = c.order_id
    join users u on u.id = c.user_id
    left join personal_data pd on pd.user_id = c.user_id
    left join operators op on op.id = c.assignee_id
    left join lateral (select amount, promised_date from collection_promises cp where cp.case_id = c.id and cp.status = 'open' order by cp.id desc limit 1) p on true`;

/** A borrower's contacts of a Vietnam day: the cases' sent calls, SMS and messages, and the reminders sent (not refused). */
const contactsOnDay = (userId: string, businessDate: string) => sql`
  ((select count(*) from collection_contacts where user_id = ${userId} and business_date = ${businessDate}::date and status = 'sent')
   + (select count(*) from loan_reminders where user_id = ${userId} and business_date = ${businessDate}::date and refused_rule is null))::int`;

/** Collections' tables (schema: collection_*), read and written in set-based statements where the job runs. */
export class CollectionsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private rows<T>(query: SQL): Promise<T[]> {
    return executeRows<T>(this.uow.db, query);
  }

  /**
   * Opens a case for every loan being repaid with an unsettled instalment due before `today`, and
   * moves the open ones to their days past due and bucket (a case assigned by the rule whose bucket
   * changed goes back to the rule). Answers [opened, moved].
   */
  async syncOpen(today: string, now: Date): Promise<{ opened: number; moved: number }> {
    const overdue = sql`
      with overdue as (
        select o.id as order_id, o.user_id, (${today}::date - min(i.due_date))::int as dpd
          from loan_orders o join loan_instalments i on i.order_id = o.id and ${instalmentOpenAs('i')} and i.due_date < ${today}::date
         where o.state = 'repaying'
         group by o.id, o.user_id
      )
      select v.order_id, v.user_id, v.dpd, b.code as bucket
        from overdue v join collection_buckets b on v.dpd >= b.min_days and (b.max_days is null or v.dpd <= b.max_days)`;
    const opened = await this.rows<{ id: number }>(sql`
      insert into collection_cases (order_id, user_id, status, bucket, days_past_due, opened_at, updated_at)
      select s.order_id, s.user_id, 'open', s.bucket, s.dpd, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from (${overdue}) s
      on conflict do nothing returning id`);
    const moved = await this.rows<{ id: number }>(sql`
      update collection_cases c
         set days_past_due = s.dpd, bucket = s.bucket, updated_at = ${now.toISOString()}::timestamptz,
             assignee_id = case when c.bucket <> s.bucket and c.assigned_by = 'rule' then null else c.assignee_id end,
             assigned_by = case when c.bucket <> s.bucket and c.assigned_by = 'rule' then null else c.assigned_by end,
             assigned_at = case when c.bucket <> s.bucket and c.assigned_by = 'rule' then null else c.assigned_at end
        from (${overdue}) s
       where c.status = 'open' and c.order_id = s.order_id and (c.days_past_due <> s.dpd or c.bucket <> s.bucket)
      returning c.id`);
    return { opened: opened.length, moved: moved.length };
  }

  /**
   * Closes the open cases whose loan is no longer worked: repaid (settled), written off (decision
   * 108: nothing more is collected as a case; money that still comes is recovery), or cured (the
   * overdue instalments paid, the loan runs on). `orderId` narrows it to one loan (the settlement
   * and write-off events). A case already closed is left as it is, so a repeat closes nothing.
   */
  async closeCured(today: string, now: Date, orderId?: number): Promise<number> {
    const closed = await this.rows<{ id: number }>(sql`
      update collection_cases c
         set status = 'closed', closed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
             close_reason = case o.state when 'settled' then 'repaid' when 'written_off' then 'written_off' else 'cured' end
        from loan_orders o
       where c.status = 'open' and o.id = c.order_id ${orderId === undefined ? sql`` : sql`and c.order_id = ${orderId}`}
         and (o.state in ('settled', 'written_off')
              or (o.state = 'repaying' and not exists (select 1 from loan_instalments i where i.order_id = o.id and ${instalmentOpenAs('i')} and i.due_date < ${today}::date)))
      returning c.id`);
    return closed.length;
  }

  /** Active collectors (role collector) with their open cases per bucket and their latest assignment by the rule. */
  async collectorsLoad(): Promise<Array<{ id: number; bucket: string | null; open: number; last_assigned: Date | string | null }>> {
    return this.rows(sql`
      select op.id, c.bucket, count(c.id)::int as open, max(c.assigned_at) as last_assigned
        from operators op left join collection_cases c on c.assignee_id = op.id and c.status = 'open'
       where op.role = 'collector' and op.status = 'active'
       group by op.id, c.bucket order by op.id`);
  }

  /** Open unassigned cases of loans still being repaid (never a written-off or settled one, decision 108). */
  async unassignedOpen(): Promise<Array<{ id: number; bucket: string }>> {
    return this.rows(sql`
      select c.id, c.bucket from collection_cases c join loan_orders o on o.id = c.order_id and o.state = 'repaying'
       where c.status = 'open' and c.assignee_id is null order by c.days_past_due desc, c.id for update of c skip locked`);
  }

  async assign(caseId: number, operatorId: number | null, by: 'rule' | 'hand' | null, now: Date): Promise<void> {
    await this.uow.db.execute(sql`
      update collection_cases set assignee_id = ${operatorId}, assigned_by = ${by}, assigned_at = ${operatorId === null ? null : now.toISOString()}::timestamptz,
             updated_at = ${now.toISOString()}::timestamptz
       where id = ${caseId}`);
  }

  /**
   * Decides the open promises: kept once the order received at least the amount from the day the
   * promise was made through its date (or the loan was settled by then); broken once the date has
   * passed short of it. Money is dated by the bank (a repayment's business date), and a transfer
   * paid on the date can reach us days later (a delayed webhook, the next morning's statement): a
   * promise broken within the last PROMISE_LATE_MONEY_DAYS days is judged again, and kept when such
   * money arrived. `orderId` narrows it to one loan. Answers the promises decided.
   */
  async decidePromises(today: string, now: Date, orderId?: number): Promise<Array<{ id: number; status: 'kept' | 'broken' }>> {
    return this.rows(sql`
      with tally as (
        select p.id, coalesce((select sum(r.amount) from loan_repayments r
                                where r.order_id = p.order_id and r.business_date between p.made_on and p.promised_date), 0) as paid,
               (o.state = 'settled' and o.settled_at is not null) as settled
          from collection_promises p join loan_orders o on o.id = p.order_id
         where (p.status = 'open' or (p.status = 'broken' and p.promised_date >= ${today}::date - ${PROMISE_LATE_MONEY_DAYS}::int))
               ${orderId === undefined ? sql`` : sql`and p.order_id = ${orderId}`}
      )
      update collection_promises p
         set status = case when t.paid >= p.amount or t.settled then 'kept' else 'broken' end,
             paid = t.paid, decided_at = ${now.toISOString()}::timestamptz
        from tally t
       where p.id = t.id
         and (t.paid >= p.amount or t.settled or (p.status = 'open' and p.promised_date < ${today}::date))
         and not (p.status = 'broken' and t.settled and t.paid < p.amount)
      returning p.id, p.status`);
  }

  async listCases(filter: { status: 'open' | 'closed' | 'all'; bucket?: string; assignee?: number | 'none'; orderNo?: string; promise?: 'open' | 'broken' }): Promise<CaseRow[]> {
    const where: SQL[] = [sql`true`];
    if (filter.status !== 'all') where.push(sql`c.status = ${filter.status}`);
    if (filter.bucket) where.push(sql`c.bucket = ${filter.bucket}`);
    if (filter.assignee === 'none') where.push(sql`c.assignee_id is null`);
    else if (filter.assignee !== undefined) where.push(sql`c.assignee_id = ${filter.assignee}`);
    if (filter.orderNo) where.push(sql`o.order_no like ${`${filter.orderNo.toUpperCase().replace(/[%_\\]/g, '')}%`}`);
    if (filter.promise === 'open') where.push(sql`exists (select 1 from collection_promises x where x.case_id = c.id and x.status = 'open')`);
    if (filter.promise === 'broken') where.push(sql`exists (select 1 from collection_promises x where x.case_id = c.id and x.status = 'broken')`);
    return this.rows(sql`${CASE_SELECT} where ${sql.join(where, sql` and `)} order by c.status desc, c.days_past_due desc, c.id limit 200`);
  }

  async findCase(caseId: number): Promise<CaseRow | null> {
    const [row] = await this.rows<CaseRow>(sql`${CASE_SELECT} where c.id = ${caseId}`);
    return row ?? null;
  }

  /**
   * The case row locked for a change (its contacts, promises or assignment), with why it closed and
   * its loan's state.
   */
  async lockCase(caseId: number): Promise<LockedCase | null> {
    const [row] = await this.rows<LockedCase>(sql`
      select c.id, c.status, c.close_reason, c.user_id, c.order_id::float8 as order_id, o.state as loan_state
        from collection_cases c join loan_orders o on o.id = c.order_id
       where c.id = ${caseId} for update of c`);
    return row ?? null;
  }

  /**
   * The promised date of the promise open on a case, if one is. Call it after `lockCase`, in its own
   * statement: a statement that waited for the lock still reads with the snapshot it started with
   * (PostgreSQL, read committed), so a promise the lock's holder inserted would not be seen there.
   */
  async openPromiseDate(caseId: number): Promise<string | null> {
    const [row] = await this.rows<{ promised_date: string }>(
      sql`select promised_date::text as promised_date from collection_promises where case_id = ${caseId} and status = 'open' order by id desc limit 1`,
    );
    return row?.promised_date ?? null;
  }

  async buckets(): Promise<Array<{ code: string; min_days: number; max_days: number | null; open: number }>> {
    return this.rows(sql`
      select b.code, b.min_days, b.max_days, (select count(*)::int from collection_cases c where c.status = 'open' and c.bucket = b.code) as open
        from collection_buckets b order by b.position`);
  }

  async collectors(): Promise<Array<{ id: number; email: string; name: string; open: number }>> {
    return this.rows(sql`
      select op.id, op.email, op.name, (select count(*)::int from collection_cases c where c.status = 'open' and c.assignee_id = op.id) as open
        from operators op where op.status = 'active' and op.role in ('collector', 'admin') order by op.role desc, op.name, op.id`);
  }

  async activeOperator(operatorId: number): Promise<{ id: number; role: string } | null> {
    const [row] = await this.rows<{ id: number; role: string }>(sql`select id, role from operators where id = ${operatorId} and status = 'active'`);
    return row ?? null;
  }

  async contactsOf(caseId: number): Promise<ContactRow[]> {
    return this.rows(sql`
      select k.id, k.channel, k.status, k.refused_rule, k.outcome, k.template, k.target_masked, k.target_kind, k.content,
             k.operator_id, op.email as operator_email, op.name as operator_name, k.business_date::text as business_date, k.at
        from collection_contacts k left join operators op on op.id = k.operator_id
       where k.case_id = ${caseId} order by k.id desc limit 200`);
  }

  async promisesOf(caseId: number): Promise<PromiseRow[]> {
    return this.rows(sql`
      select p.id, p.amount::text as amount, p.promised_date::text as promised_date, p.made_on::text as made_on, p.status,
             coalesce(case when p.status = 'open' then (select sum(r.amount) from loan_repayments r where r.order_id = p.order_id and r.business_date >= p.made_on) else p.paid end, 0)::text as paid,
             p.note, p.operator_id, op.email as operator_email, op.name as operator_name, p.created_at, p.decided_at
        from collection_promises p left join operators op on op.id = p.operator_id
       where p.case_id = ${caseId} order by p.id desc`);
  }

  async insertPromise(input: { caseId: number; orderId: number; amount: bigint; promisedDate: string; madeOn: string; note: string; operatorId: number; at: Date }): Promise<number> {
    const [row] = await this.rows<{ id: number }>(sql`
      insert into collection_promises (case_id, order_id, amount, promised_date, made_on, status, note, operator_id, created_at)
      values (${input.caseId}, ${input.orderId}, ${input.amount.toString()}::bigint, ${input.promisedDate}::date, ${input.madeOn}::date, 'open', ${input.note}, ${input.operatorId}, ${input.at.toISOString()}::timestamptz)
      returning id`);
    return row!.id;
  }

  async templates(): Promise<TemplateRow[]> {
    return this.rows(sql`select code, channel, body, body_en, approved from collection_templates order by channel, code`);
  }

  async dunningRules(): Promise<Array<{ id: number; day_past_due: number; template: string; active: boolean; channel: 'sms' | 'message' | null }>> {
    return this.rows(sql`
      select r.id, r.day_past_due, r.template, r.active, t.channel
        from collection_dunning_rules r left join collection_templates t on t.code = r.template order by r.day_past_due, r.id`);
  }

  /**
   * Open cases of loans still being repaid (never a written-off or settled one, decision 108) whose
   * days past due today have an active dunning rule, with the borrower's phone and what the loan owes.
   */
  async dunningDue(today: string): Promise<Array<{ case_id: number; user_id: string; phone: string; order_no: string; days_past_due: number; rule_id: number; template: string; owed: string }>> {
    return this.rows(sql`
      select c.id as case_id, c.user_id, u.phone, o.order_no, c.days_past_due, r.id as rule_id, r.template,
             (select coalesce(sum(i.principal + i.fee + i.interest_charged + i.overdue_fee_charged
                                   - i.paid_principal - i.paid_fee - i.paid_interest - i.paid_overdue_fee), 0)
                from loan_instalments i where i.order_id = c.order_id)::text as owed
        from collection_cases c
        join collection_dunning_rules r on r.day_past_due = c.days_past_due and r.active
        join loan_orders o on o.id = c.order_id and o.state = 'repaying'
        join users u on u.id = c.user_id
       where c.status = 'open' and not exists (select 1 from account_closures a where a.user_id = c.user_id)
         and not exists (select 1 from collection_contacts k where k.case_id = c.id and k.status = 'sent' and k.dunning_key = 'rule:' || r.id || ':' || ${today})
       order by c.id, r.id`);
  }

  /**
   * Of `orderIds`, the loans being repaid whose days past due today (the oldest unsettled
   * instalment's, as a case counts them) have an active dunning rule with an approved SMS template.
   */
  async dunningSmsDue(orderIds: number[], today: string): Promise<number[]> {
    const rows = await this.rows<{ order_id: number }>(sql`
      select o.id::float8 as order_id
        from loan_orders o
        join lateral (select min(i.due_date) as oldest from loan_instalments i where i.order_id = o.id and i.settled_at is null and i.due_date < ${today}::date) d on d.oldest is not null
       where o.id = any(${sql.param(orderIds)}::bigint[]) and o.state = 'repaying'
         and exists (select 1 from collection_dunning_rules r join collection_templates t on t.code = r.template and t.channel = 'sms' and t.approved
                      where r.active and r.day_past_due = ${today}::date - d.oldest)`);
    return rows.map((row) => row.order_id);
  }

  /**
   * Contacts made with a borrower on a Vietnam day, across channels: the cases' calls, SMS and
   * messages, and the repayment reminders (decision 075) sent that day (a refused one is not a contact).
   */
  async contactsOn(userId: string, businessDate: string): Promise<number> {
    const [row] = await this.rows<{ count: number }>(sql`select ${contactsOnDay(userId, businessDate)} as count`);
    return row!.count;
  }

  /**
   * What the contact governor judges a contact by (decision 108), in one statement: the borrower's
   * contacts of the day (as `contactsOn`), whether the loan already had an automatic SMS that day
   * (a dunning step's or a repayment reminder's), and the approved templates of `templateChannel`.
   */
  async admissionFacts(userId: string, orderId: number, businessDate: string, templateChannel: 'sms' | 'message'): Promise<{ contactsToday: number; loanSmsToday: boolean; approved: string[] }> {
    const [row] = await this.rows<{ contacts_today: number; loan_sms_today: boolean; approved: string | null }>(sql`
      select ${contactsOnDay(userId, businessDate)} as contacts_today,
             (exists (select 1 from collection_contacts k join collection_cases c on c.id = k.case_id
                       where k.user_id = ${userId} and k.business_date = ${businessDate}::date and k.status = 'sent' and k.channel = 'sms'
                         and k.dunning_key is not null and c.order_id = ${orderId})
              or exists (select 1 from loan_reminders r
                          where r.order_id = ${orderId} and r.business_date = ${businessDate}::date and r.refused_rule is null and r.channels like '%sms%')) as loan_sms_today,
             (select string_agg(code, ',') from collection_templates where approved and channel = ${templateChannel}) as approved`);
    return { contactsToday: row!.contacts_today, loanSmsToday: row!.loan_sms_today, approved: row!.approved ? row!.approved.split(',') : [] };
  }

  async borrowerPhone(userId: string): Promise<string> {
    const [row] = await this.rows<{ phone: string }>(sql`select phone from users where id = ${userId}`);
    return row!.phone;
  }

  /** Inserts a contact; a dunning contact already sent (or a refusal already recorded) for its key answers null. */
  async insertContact(contact: NewContact): Promise<number | null> {
    const [row] = await this.rows<{ id: number }>(sql`
      insert into collection_contacts (case_id, user_id, channel, status, refused_rule, outcome, template, target_masked, target_kind, content, operator_id, dunning_key, business_date, at)
      values (${contact.caseId}, ${contact.userId}, ${contact.channel}, ${contact.status}, ${contact.refusedRule}, ${contact.outcome}, ${contact.template},
              ${contact.targetMasked}, ${contact.targetKind}, ${contact.content}, ${contact.operatorId}, ${contact.dunningKey}, ${contact.businessDate}::date, ${contact.at.toISOString()}::timestamptz)
      on conflict do nothing returning id`);
    return row?.id ?? null;
  }

  async contact(id: number): Promise<ContactRow> {
    const [row] = await this.rows<ContactRow>(sql`
      select k.id, k.channel, k.status, k.refused_rule, k.outcome, k.template, k.target_masked, k.target_kind, k.content,
             k.operator_id, op.email as operator_email, op.name as operator_name, k.business_date::text as business_date, k.at
        from collection_contacts k left join operators op on op.id = k.operator_id where k.id = ${id}`);
    return row!;
  }
}
