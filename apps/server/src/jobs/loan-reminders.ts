import { daysBetween, vietnamDate, vietnamHour, type IsoDate } from '@sen/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { executeRows } from '../db/database.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { ContactGovernor } from '../modules/collections/index.ts';
import type { MessageService } from '../modules/message/index.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { Clock } from '../shared/clock.ts';

/**
 * Repayment reminders (issue 12; docs/decisions/075, 108): before a due date, on it, and when
 * overdue, by in-app message and SMS to the borrower's own phone only, at most `maxPerDay`
 * reminders per borrower and day (Circular 18/2019 limits how debt reminders may be made). Each
 * reminder is a contact: it passes the contact governor collections uses (`ContactGovernor.admit`,
 * under the borrower's lock: 07:00–21:00, 5 contacts a day with the collectors' and the dunning
 * job's, approved template, no link, one automatic SMS a day per loan). On a day a dunning SMS step
 * is due for the loan, the loan gets no reminder: the dunning step wins (decision 108). A reminder
 * is recorded (loan_reminders, unique per order, instalment, kind and date) in the same transaction
 * as its message, before its SMS goes out — a refused one too, with its rule, except outside the
 * hours (deferred: a later run today sends it): a run repeated or on two instances reminds once; an
 * SMS the provider refused is logged, never retried into a second.
 */

export type ReminderKind = 'due_soon' | 'due_today' | 'overdue';

export interface ReminderPolicy {
  /** Days before a due date that get a reminder (e.g. [3, 1]). */
  daysBefore: readonly number[];
  /** Reminders per borrower and business day, across their loans. */
  maxPerDay: number;
  /** Vietnam hours [from, until) in which reminders may be sent. */
  fromHour: number;
  untilHour: number;
  /** The brand that signs the SMS. */
  brand: string;
}

/** Overdue days that get a reminder: 1, 3, 7, then every 7 days. */
export function isOverdueReminderDay(daysOverdue: number): boolean {
  return daysOverdue === 1 || daysOverdue === 3 || (daysOverdue >= 7 && daysOverdue % 7 === 0);
}

interface Candidate {
  order_id: number;
  order_no: string;
  user_id: string;
  phone: string;
  plan_part: number;
  due_date: string;
  /** What the instalment owes (charged − paid), as text. */
  owed: string;
}

/**
 * An SMS of a message: the brand first, Vietnamese without diacritics (as every SMS of ours: an
 * unaccented text fits 160 characters a part instead of 70, and every phone shows it).
 */
export function smsText(brand: string, content: string): string {
  const plain = content.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replaceAll('đ', 'd').replaceAll('Đ', 'D');
  return `${brand}: ${plain}`;
}

const PRIORITY: Record<ReminderKind, number> = { overdue: 0, due_today: 1, due_soon: 2 };

export class LoanReminders {
  constructor(
    private readonly deps: {
      uow: UnitOfWork;
      /** The one admission of every contact with a borrower (decision 108). */
      governor: ContactGovernor;
      messages: MessageService;
      sms: SmsProvider;
      clock: Clock;
      policy: ReminderPolicy;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Sends the reminders due now, each admitted by the contact governor. Outside the policy's hours
   * (REMINDER_HOURS, within 07:00–21:00) it sends nothing; so does the governor outside 07:00–21:00.
   */
  async run(): Promise<{ reminded: number; sms: number; smsFailed: number; outsideHours: number; refused: number; deferred: number }> {
    const { uow, governor, messages, sms, clock, policy, log } = this.deps;
    const now = clock();
    const hour = vietnamHour(now);
    if (hour < policy.fromHour || hour >= policy.untilHour) return { reminded: 0, sms: 0, smsFailed: 0, outsideHours: 1, refused: 0, deferred: 0 };
    const today = vietnamDate(now);
    const sent = await this.sentToday(today);
    const candidates = await this.candidates(today);
    // The dunning step wins: a loan with a dunning SMS due today gets no reminder (decision 108).
    const dunned = await governor.dunningSmsDue([...new Set(candidates.map((candidate) => candidate.order_id))], today);
    const chosen = this.choose(
      candidates.filter((candidate) => !dunned.has(candidate.order_id)),
      today,
      sent,
    );
    let reminded = 0;
    let smsSent = 0;
    let smsFailed = 0;
    let refused = 0;
    let deferred = 0;
    for (const { candidate, kind } of chosen) {
      const amount = BigInt(candidate.owed);
      const daysOverdue = daysBetween(candidate.due_date, today);
      const outcome = await uow.transaction(async (): Promise<{ sent: false; refusal: 'deferred' | 'refused' | null } | { sent: true; text: string }> => {
        const eventKey = `reminder:${candidate.order_id}:${candidate.plan_part}:${kind}:${today}`;
        const overdueParams = { orderNo: candidate.order_no, amount, daysOverdue };
        const dueParams = { orderNo: candidate.order_no, amount, dueDate: candidate.due_date };
        const rendered = kind === 'overdue' ? await messages.render(candidate.user_id, 'overdue', overdueParams) : await messages.render(candidate.user_id, 'dueReminder', dueParams);
        const text = smsText(policy.brand, rendered.content);
        const { rule, at } = await governor.admit({
          userId: candidate.user_id,
          orderId: candidate.order_id,
          channel: 'sms',
          targetPhone: candidate.phone,
          borrowerPhone: candidate.phone,
          // The reminder's SMS repeats its in-app message, whose template is on the approved list.
          template: kind === 'overdue' ? 'overdue_message' : 'due_reminder_message',
          templateChannel: 'message',
          text,
          automatic: true,
        });
        // Outside the hours nothing is recorded: a run later today (within them) sends it.
        if (rule === 'outside_hours') return { sent: false, refusal: 'deferred' };
        const [row] = await executeRows<{ id: number }>(
          uow.db,
          sql`insert into loan_reminders (order_id, user_id, plan_part, kind, business_date, channels, sent_at, refused_rule)
              values (${candidate.order_id}, ${candidate.user_id}, ${candidate.plan_part}, ${kind}, ${today}::date, ${rule ? '' : 'message,sms'}, ${at.toISOString()}, ${rule})
              on conflict do nothing returning id`,
        );
        if (!row) return { sent: false, refusal: null };
        if (rule) {
          log.info({ orderId: candidate.order_id, kind, rule }, 'reminder refused by the contact governor');
          return { sent: false, refusal: 'refused' };
        }
        const options = { eventKey, language: rendered.language };
        const result =
          kind === 'overdue' ? await messages.notify(candidate.user_id, 'overdue', overdueParams, options) : await messages.notify(candidate.user_id, 'dueReminder', dueParams, options);
        return result.id > 0 ? { sent: true, text } : { sent: false, refusal: null };
      });
      if (!outcome.sent) {
        if (outcome.refusal === 'refused') refused += 1;
        if (outcome.refusal === 'deferred') deferred += 1;
        continue;
      }
      reminded += 1;
      try {
        await sms.send(candidate.phone, outcome.text);
        smsSent += 1;
      } catch (error) {
        smsFailed += 1;
        log.warn({ err: error, orderId: candidate.order_id }, 'reminder SMS not sent');
        await uow.db.execute(sql`update loan_reminders set channels = 'message' where order_id = ${candidate.order_id} and plan_part = ${candidate.plan_part} and kind = ${kind} and business_date = ${today}::date`);
      }
    }
    return { reminded, sms: smsSent, smsFailed, outsideHours: 0, refused, deferred };
  }

  /** Reminders already sent today per borrower (the daily cap counts them; a refused one is not sent). */
  private async sentToday(today: IsoDate): Promise<Map<string, number>> {
    const rows = await executeRows<{ user_id: string; sent: number }>(
      this.deps.uow.db,
      sql`select user_id, count(*)::int as sent from loan_reminders where business_date = ${today}::date and refused_rule is null group by user_id`,
    );
    return new Map(rows.map((row) => [row.user_id, row.sent]));
  }

  /**
   * Unpaid instalments of loans being repaid whose due date is today, one of the days-before, or an
   * overdue reminder day, not reminded (or refused) today yet — borrowers with an open account only
   * (a closed account hears nothing).
   */
  private async candidates(today: IsoDate): Promise<Candidate[]> {
    const before = this.deps.policy.daysBefore.map((days) => Math.trunc(days)).filter((days) => days > 0);
    return executeRows<Candidate>(
      this.deps.uow.db,
      sql`select o.id::float8 as order_id, o.order_no, o.user_id, u.phone, i.plan_part, i.due_date::text as due_date,
                 (i.principal + i.fee + i.interest_charged + i.overdue_fee_charged
                  - i.paid_principal - i.paid_fee - i.paid_interest - i.paid_overdue_fee)::text as owed
            from loan_instalments i
            join loan_orders o on o.id = i.order_id and o.state = 'repaying'
            join users u on u.id = o.user_id
           where i.principal + i.fee + i.interest_charged + i.overdue_fee_charged > i.paid_principal + i.paid_fee + i.paid_interest + i.paid_overdue_fee
             and not exists (select 1 from account_closures c where c.user_id = o.user_id)
             and not exists (select 1 from loan_reminders r where r.order_id = i.order_id and r.plan_part = i.plan_part and r.business_date = ${today}::date)
             and (i.due_date <= ${today}::date or (i.due_date - ${today}::date) = any(${sql.param(before)}::int[]))
           order by o.id, i.plan_part`,
    );
  }

  /** Which reminder each candidate gets today (if any), most urgent first, within each borrower's cap. */
  private choose(candidates: Candidate[], today: IsoDate, sent: Map<string, number>): Array<{ candidate: Candidate; kind: ReminderKind }> {
    const due: Array<{ candidate: Candidate; kind: ReminderKind }> = [];
    for (const candidate of candidates) {
      const days = daysBetween(candidate.due_date, today);
      if (days > 0 && !isOverdueReminderDay(days)) continue;
      due.push({ candidate, kind: days > 0 ? 'overdue' : days === 0 ? 'due_today' : 'due_soon' });
    }
    due.sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.candidate.due_date.localeCompare(b.candidate.due_date));
    const left = new Map<string, number>();
    return due.filter(({ candidate }) => {
      const remaining = left.get(candidate.user_id) ?? this.deps.policy.maxPerDay - (sent.get(candidate.user_id) ?? 0);
      if (remaining <= 0) return false;
      left.set(candidate.user_id, remaining - 1);
      return true;
    });
  }
}
