import {
  CONTACT_RULES,
  PROMISE_MAX_DAYS,
  type CallOutcome,
  type CollectionCase,
  type CollectionCaseDetail,
  type CollectionContact,
  type CollectionPromise,
  type ContactChannel,
  type ContactRefusal,
  type GovernorRule,
  type Language,
  type NextAction,
} from '@sen/contract';
import { addDays, formatVnd, vietnamDate, vietnamHour } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { smsText } from '../../jobs/loan-reminders.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { BankService } from '../bank/index.ts';
import { maskPhoneForOperators, type BorrowerViewService } from '../borrower-view/index.ts';
import type { MessageService } from '../message/index.ts';
import type { CaseRow, CollectionsRepository, ContactRow, LockedCase, PromiseRow } from './collections.repository.ts';
import type { ContactGovernor } from './contact-governor.ts';
import { refusalMessage } from './governor.ts';

export interface CollectionsDeps {
  uow: UnitOfWork;
  repository: CollectionsRepository;
  /** The one admission of every contact (decision 108), shared with the repayment reminders. */
  governor: ContactGovernor;
  /** The loans' business clock: days past due, the Vietnam day and hour of every contact. */
  clock: Clock;
  borrowerView: BorrowerViewService;
  bank: BankService;
  messages: MessageService;
  sms: SmsProvider;
  /** The brand that signs an SMS. */
  brand: string;
  log: FastifyBaseLogger;
}

/** A contact to pass through the governor: by a collector (operatorId) or by the dunning job (dunningKey). */
export interface ContactAttempt {
  caseId: number;
  channel: Exclude<ContactChannel, 'note'>;
  /** 'borrower', 'emergency:1|2', or a phone number; absent for an in-app message. */
  target?: string | undefined;
  outcome?: CallOutcome | undefined;
  template?: string | undefined;
  note?: string | undefined;
  operatorId: number | null;
  dunningKey?: string;
}

export interface ContactResult {
  contactId: number | null;
  refusal: GovernorRule | null;
  at: Date;
  template: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const vnd = (text: string | null): number => Number(text ?? 0);
const ref = (id: number | null, email: string | null, name: string | null) => (id === null ? null : { id, email: email ?? '', name: name ?? '' });

/** A 10-digit phone from what a collector typed (0912345678, 84912345678, +84912345678). */
function tenDigits(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  return digits.startsWith('84') && digits.length === 11 ? `0${digits.slice(2)}` : digits;
}

/**
 * Collections (issue 23 item 1; decisions 098, 099): the cases of overdue loans, their assignment,
 * the contact log with the contact governor every contact passes, promises to pay decided by the
 * payments that arrive, and the dunning rules the job sends.
 */
export class CollectionsService {
  constructor(private readonly deps: CollectionsDeps) {}

  // ── the job ──

  /**
   * One run of the `collections` job: opens, moves and closes cases, assigns the unassigned by the
   * rule, decides promises, then sends the dunning steps due today through the governor.
   */
  async run(): Promise<Record<string, number>> {
    const { uow, repository, clock } = this.deps;
    const now = clock();
    const today = vietnamDate(now);
    const synced = await uow.transaction(async () => {
      const { opened, moved } = await repository.syncOpen(today, now);
      const closed = await repository.closeCured(today, now);
      const assigned = await this.assignByRule(now);
      const decided = await repository.decidePromises(today, now);
      return { opened, moved, closed, assigned, kept: decided.filter((row) => row.status === 'kept').length, broken: decided.filter((row) => row.status === 'broken').length };
    });
    return { ...synced, ...(await this.dun(now)) };
  }

  /** A loan repaid in full: its case closes and its promises are decided now (the `loan.settled` event). */
  async onSettled(orderId: number): Promise<void> {
    const { uow, repository, clock } = this.deps;
    const now = clock();
    await uow.transaction(async () => {
      await repository.decidePromises(vietnamDate(now), now, orderId);
      await repository.closeCured(vietnamDate(now), now, orderId);
    });
  }

  /**
   * A loan written off (the `loan.writtenOff` event, decision 108): its open case closes with
   * reason written_off, so no dunning step or assignment reaches it again. Idempotent: a repeat, or
   * the job having closed it first, changes nothing.
   */
  async onWrittenOff(orderId: number): Promise<void> {
    const { uow, repository, clock } = this.deps;
    const now = clock();
    await uow.transaction(() => repository.closeCured(vietnamDate(now), now, orderId));
  }

  /**
   * The rule: each unassigned open case goes to the active collector with the fewest open cases in
   * its bucket; on a tie, the one assigned least recently, then the lowest id (a round robin).
   */
  private async assignByRule(now: Date): Promise<number> {
    const { repository } = this.deps;
    const cases = await repository.unassignedOpen();
    if (cases.length === 0) return 0;
    const load = await repository.collectorsLoad();
    const collectors = [...new Set(load.map((row) => row.id))];
    if (collectors.length === 0) return 0;
    const open = new Map<string, number>();
    const last = new Map<number, number>();
    for (const row of load) {
      if (row.bucket !== null) open.set(`${row.id}:${row.bucket}`, row.open);
      if (row.last_assigned !== null) last.set(row.id, Math.max(last.get(row.id) ?? 0, new Date(row.last_assigned).getTime()));
    }
    let tick = 0;
    for (const item of cases) {
      const chosen = [...collectors].sort(
        (a, b) => (open.get(`${a}:${item.bucket}`) ?? 0) - (open.get(`${b}:${item.bucket}`) ?? 0) || (last.get(a) ?? 0) - (last.get(b) ?? 0) || a - b,
      )[0]!;
      await repository.assign(item.id, chosen, 'rule', now);
      open.set(`${chosen}:${item.bucket}`, (open.get(`${chosen}:${item.bucket}`) ?? 0) + 1);
      tick += 1;
      last.set(chosen, now.getTime() + tick);
    }
    return cases.length;
  }

  /** The dunning steps due today (a rule per day past due), each through the governor; one send per case, rule and day. */
  private async dun(now: Date): Promise<{ dunned: number; dunningRefused: number }> {
    const today = vietnamDate(now);
    let dunned = 0;
    let refused = 0;
    for (const due of await this.deps.repository.dunningDue(today)) {
      const result = await this.contact({ caseId: due.case_id, channel: 'sms', target: 'borrower', template: due.template, operatorId: null, dunningKey: `rule:${due.rule_id}:${today}` }, 'dunning');
      if (result.contactId === null) continue;
      if (result.refusal) refused += 1;
      else dunned += 1;
    }
    return { dunned, dunningRefused: refused };
  }

  // ── contacts ──

  /**
   * The one way a collector or the dunning job makes a contact (decisions 098, 108): under the
   * case's lock, the contact is put to the contact governor (`ContactGovernor.admit`: under the
   * borrower's lock, borrower only, approved template, no link in an SMS, 07:00–21:00, one
   * automatic SMS a day per loan, 5 contacts a day with the reminders); the contact or its refusal
   * is recorded; an allowed SMS is sent after the record commits, an in-app message in the same
   * transaction. The channel of a dunning rule is its template's.
   */
  async contact(attempt: ContactAttempt, by: 'operator' | 'dunning' = 'operator'): Promise<ContactResult> {
    const { uow, repository, governor } = this.deps;
    return uow.transaction(async () => {
      const locked = workable(await repository.lockCase(attempt.caseId));
      const caseRow = (await repository.findCase(attempt.caseId))!;
      const templates = await repository.templates();
      const template = attempt.template ? (templates.find((row) => row.code === attempt.template) ?? null) : null;
      // A dunning rule's channel is its template's (an unknown template: an SMS, refused by the list).
      const channel = by === 'dunning' ? (template?.channel ?? 'sms') : attempt.channel;
      const borrowerPhone = caseRow.phone;
      const target = channel === 'message' ? { phone: null, kind: 'none' as const, masked: '' } : await this.resolveTarget(locked.user_id, borrowerPhone, attempt.target ?? 'borrower');
      const owed = BigInt(caseRow.owed);
      // In the borrower's language: English when they use it and the template has it, else Vietnamese (decision 122).
      const body = channel === 'sms' && template && template.body_en !== '' && (await this.deps.messages.languageOf(locked.user_id)) === 'en' ? template.body_en : template?.body;
      const text = channel === 'sms' && body ? smsText(this.deps.brand, fill(body, { orderNo: caseRow.order_no, amount: formatVnd(owed), daysPastDue: caseRow.days_past_due })) : '';
      const { rule, at: now, businessDate } = await governor.admit({
        userId: locked.user_id,
        orderId: locked.order_id,
        channel,
        targetPhone: target.phone,
        borrowerPhone,
        template: channel === 'call' ? null : (attempt.template ?? null),
        text,
        automatic: by === 'dunning',
      });
      const contactId = await repository.insertContact({
        caseId: attempt.caseId,
        userId: locked.user_id,
        channel,
        status: rule ? 'refused' : 'sent',
        refusedRule: rule,
        outcome: channel === 'call' ? (attempt.outcome ?? null) : null,
        template: channel === 'call' ? null : (attempt.template ?? null),
        targetMasked: target.masked,
        targetKind: target.kind,
        content: channel === 'sms' && !rule ? text : (attempt.note ?? ''),
        operatorId: attempt.operatorId,
        dunningKey: attempt.dunningKey ?? null,
        businessDate,
        at: now,
      });
      if (contactId !== null && !rule) await this.deliver(channel, { userId: locked.user_id, phone: borrowerPhone, text, contactId, orderNo: caseRow.order_no, owed, daysPastDue: caseRow.days_past_due });
      return { contactId, refusal: rule, at: now, template: attempt.template ?? null };
    });
  }

  /** A note on a case: not a contact (it reaches nobody), so no governor; recorded as written. */
  async note(caseId: number, operatorId: number, note: string): Promise<number> {
    const { uow, repository, clock } = this.deps;
    return uow.transaction(async () => {
      const locked = workable(await repository.lockCase(caseId));
      const now = clock();
      const id = await repository.insertContact({
        caseId,
        userId: locked.user_id,
        channel: 'note',
        status: 'noted',
        refusedRule: null,
        outcome: null,
        template: null,
        targetMasked: '',
        targetKind: 'none',
        content: note,
        operatorId,
        dunningKey: null,
        businessDate: vietnamDate(now),
        at: now,
      });
      return id!;
    });
  }

  /** What a collector's `target` names: the borrower's phone, an emergency contact's, or a number typed in. */
  private async resolveTarget(userId: string, borrowerPhone: string, target: string): Promise<{ phone: string; kind: 'borrower' | 'other'; masked: string }> {
    let phone: string;
    if (target === 'borrower') phone = borrowerPhone;
    else if (target.startsWith('emergency:')) {
      const slot = Number(target.slice('emergency:'.length));
      const contact = (await this.deps.bank.emergencyContacts(userId)).find((row) => row.slot === slot);
      // No such contact on file: still a third party, never the borrower.
      phone = contact?.phone ?? `emergency:${slot}`;
    } else phone = tenDigits(target);
    return { phone, kind: phone === borrowerPhone ? 'borrower' : 'other', masked: maskPhoneForOperators(phone) ?? '' };
  }

  /** Sends an allowed SMS after the record commits (a provider failure is logged, never retried into a second), an in-app message now. */
  private async deliver(
    channel: 'call' | 'sms' | 'message',
    facts: { userId: string; phone: string; text: string; contactId: number; orderNo: string; owed: bigint; daysPastDue: number },
  ): Promise<void> {
    const { uow, sms, messages, log } = this.deps;
    if (channel === 'sms') {
      uow.afterCommit(async () => {
        try {
          await sms.send(facts.phone, facts.text);
        } catch (error) {
          log.warn({ err: error, contactId: facts.contactId }, 'collection SMS not sent');
        }
      });
    } else if (channel === 'message') {
      await messages.notify(facts.userId, 'overdue', { orderNo: facts.orderNo, amount: facts.owed, daysOverdue: facts.daysPastDue }, { eventKey: `collection-contact:${facts.contactId}` });
    }
  }

  // ── promises and assignment ──

  async promise(caseId: number, operatorId: number, input: { amount: number; promisedDate: string; note?: string | undefined }): Promise<CollectionPromise> {
    const { uow, repository, clock } = this.deps;
    return uow.transaction(async () => {
      const locked = workable(await repository.lockCase(caseId));
      const now = clock();
      const today = vietnamDate(now);
      // One open promise per case (decision 126): it stands until the payments decide it. Decided
      // first (one past its date the job has not reached yet is broken now), then read under the
      // case's row lock, so a double submit waits for the first and is refused here.
      await repository.decidePromises(today, now, locked.order_id);
      const open = await repository.openPromiseDate(caseId);
      if (open !== null) throw new AppError('COLLECTION_PROMISE_OPEN', { params: { date: open } });
      if (input.promisedDate < today || input.promisedDate > addDays(today, PROMISE_MAX_DAYS)) throw new AppError('COLLECTION_PROMISE_DATE');
      const id = await repository.insertPromise({ caseId, orderId: locked.order_id, amount: BigInt(input.amount), promisedDate: input.promisedDate, madeOn: today, note: input.note ?? '', operatorId, at: now });
      // A payment of today may already keep it.
      await repository.decidePromises(today, now, locked.order_id);
      return promiseView((await repository.promisesOf(caseId)).find((row) => row.id === id)!);
    });
  }

  async assign(caseId: number, operatorId: number | null): Promise<{ before: CollectionCase; after: CollectionCase }> {
    const { uow, repository, clock } = this.deps;
    return uow.transaction(async () => {
      workable(await repository.lockCase(caseId));
      if (operatorId !== null) {
        const operator = await repository.activeOperator(operatorId);
        if (!operator || !['collector', 'admin'].includes(operator.role)) throw new AppError('COLLECTION_ASSIGNEE_INVALID');
      }
      const before = caseView((await repository.findCase(caseId))!);
      await repository.assign(caseId, operatorId, operatorId === null ? null : 'hand', clock());
      return { before, after: caseView((await repository.findCase(caseId))!) };
    });
  }

  // ── reads ──

  async list(filter: { status: 'open' | 'closed' | 'all'; bucket?: string | undefined; assignee?: string | undefined; orderNo?: string | undefined; promise?: 'open' | 'broken' | undefined }, operatorId: number) {
    const { repository } = this.deps;
    const assignee = filter.assignee === undefined ? undefined : filter.assignee === 'me' ? operatorId : filter.assignee === 'none' ? ('none' as const) : Number(filter.assignee);
    const [rows, buckets, collectors] = await Promise.all([
      repository.listCases({
        status: filter.status,
        ...(filter.bucket ? { bucket: filter.bucket } : {}),
        ...(assignee !== undefined ? { assignee } : {}),
        ...(filter.orderNo ? { orderNo: filter.orderNo } : {}),
        ...(filter.promise ? { promise: filter.promise } : {}),
      }),
      repository.buckets(),
      repository.collectors(),
    ]);
    return {
      items: rows.map(caseView),
      buckets: buckets.map((row) => ({ code: row.code, minDays: row.min_days, maxDays: row.max_days, open: row.open })),
      collectors,
    };
  }

  async detail(caseId: number): Promise<CollectionCaseDetail> {
    const { repository, borrowerView, bank, clock } = this.deps;
    const row = await repository.findCase(caseId);
    if (!row) throw new AppError('COLLECTION_CASE_NOT_FOUND');
    const now = clock();
    const [borrower, contacts, promises, templates, rules, emergency, contactsToday] = await Promise.all([
      borrowerView.detail(row.public_id),
      repository.contactsOf(caseId),
      repository.promisesOf(caseId),
      repository.templates(),
      repository.dunningRules(),
      bank.emergencyContacts(row.user_id),
      repository.contactsOn(row.user_id, vietnamDate(now)),
    ]);
    // The borrower page holds the latest BORROWER_DETAIL_LIMITS.orders orders: an overdue loan is among them.
    const order = borrower.orders.find((candidate) => candidate.orderId === row.order_id);
    if (!order) throw new AppError('COLLECTION_CASE_NOT_FOUND');
    const view = caseView(row);
    const promiseViews = promises.map(promiseView);
    return {
      case: view,
      order,
      contacts: contacts.map(contactView),
      promises: promiseViews,
      dunning: rules.map((rule) => ({ dayPastDue: rule.day_past_due, template: rule.template, channel: rule.channel ?? 'sms', active: rule.active })),
      templates: templates.map((template) => ({ code: template.code, channel: template.channel, body: template.body, approved: template.approved })),
      targets: [
        { key: 'borrower', kind: 'borrower' as const, name: row.full_name, phoneMasked: maskPhoneForOperators(row.phone) },
        ...emergency.map((contact) => ({ key: `emergency:${contact.slot}`, kind: 'emergency' as const, name: contact.name, phoneMasked: maskPhoneForOperators(contact.phone) })),
      ],
      today: vietnamDate(now),
      contactsToday,
      rules: { ...CONTACT_RULES },
      nextAction: nextAction(view, promiseViews, contactsToday, now, rules),
    };
  }

  async contactView(id: number): Promise<CollectionContact> {
    return contactView(await this.deps.repository.contact(id));
  }

  refusal(lang: Language, result: ContactResult): ContactRefusal | null {
    return result.refusal ? { rule: result.refusal, message: refusalMessage(lang, result.refusal, { at: result.at, template: result.template }) } : null;
  }
}

/**
 * A locked case a collector may still work: found, open, and its loan not written off or settled
 * (a case closes on those by the event after the commit, or the job: the loan's state is read too).
 * A written-off loan's case says so (decision 108: money that still comes is recovery, not a case).
 */
function workable(locked: LockedCase | null): LockedCase {
  if (!locked) throw new AppError('COLLECTION_CASE_NOT_FOUND');
  if (locked.close_reason === 'written_off' || locked.loan_state === 'written_off') throw new AppError('COLLECTION_CASE_CLOSED', { messageKey: 'error.collectionCaseWrittenOff' });
  if (locked.status !== 'open' || locked.loan_state !== 'repaying') throw new AppError('COLLECTION_CASE_CLOSED');
  return locked;
}

/** `{name}` placeholders filled in. */
function fill(body: string, values: Record<string, string | number>): string {
  return body.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function caseView(row: CaseRow): CollectionCase {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNo: row.order_no,
    userId: row.public_id,
    borrowerName: row.full_name,
    phoneMasked: maskPhoneForOperators(row.phone),
    status: row.status,
    bucket: row.bucket,
    daysPastDue: row.days_past_due,
    owed: vnd(row.owed),
    assignee: ref(row.assignee_id, row.assignee_email, row.assignee_name),
    assignedBy: row.assigned_by,
    openedAt: iso(row.opened_at)!,
    closedAt: iso(row.closed_at),
    closeReason: row.close_reason,
    openPromise: row.promise_amount === null ? null : { amount: vnd(row.promise_amount), promisedDate: row.promise_date! },
    lastContactAt: iso(row.last_contact_at),
  };
}

function contactView(row: ContactRow): CollectionContact {
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    refusedRule: row.refused_rule as GovernorRule | null,
    outcome: row.outcome as CallOutcome | null,
    template: row.template,
    targetMasked: row.target_masked,
    targetKind: row.target_kind,
    content: row.content,
    operator: ref(row.operator_id, row.operator_email, row.operator_name),
    businessDate: row.business_date,
    at: iso(row.at)!,
  };
}

function promiseView(row: PromiseRow): CollectionPromise {
  return {
    id: row.id,
    amount: vnd(row.amount),
    promisedDate: row.promised_date,
    madeOn: row.made_on,
    status: row.status,
    paid: vnd(row.paid),
    note: row.note,
    operator: ref(row.operator_id, row.operator_email, row.operator_name),
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
  };
}

/**
 * The next action on a case: follow up a broken promise (newest first) unless a contact was made
 * since; wait for an open promise; otherwise contact the borrower — unless today's contacts are
 * used up or it is outside the hours. With the next automatic dunning step.
 */
export function nextAction(
  view: CollectionCase,
  promises: CollectionPromise[],
  contactsToday: number,
  now: Date,
  rules: Array<{ day_past_due: number; template: string; active: boolean }>,
): NextAction {
  const upcoming = rules.filter((rule) => rule.active && rule.day_past_due > view.daysPastDue).sort((a, b) => a.day_past_due - b.day_past_due)[0];
  const nextDunning = upcoming ? { dayPastDue: upcoming.day_past_due, template: upcoming.template } : null;
  if (view.status === 'closed') return { kind: 'closed', date: view.closedAt?.slice(0, 10) ?? null, nextDunning: null };
  const latest = promises[0];
  const contactedSince = (at: string | null) => view.lastContactAt !== null && at !== null && view.lastContactAt > at;
  if (latest?.status === 'broken' && !contactedSince(latest.decidedAt)) return { kind: 'follow_up_broken_promise', date: latest.promisedDate, nextDunning };
  const open = promises.find((promise) => promise.status === 'open');
  if (open) return { kind: 'await_promise', date: open.promisedDate, nextDunning };
  if (contactsToday >= CONTACT_RULES.perDay) return { kind: 'daily_limit_reached', date: null, nextDunning };
  const hour = vietnamHour(now);
  if (hour < CONTACT_RULES.fromHour || hour >= CONTACT_RULES.untilHour) return { kind: 'wait_for_hours', date: null, nextDunning };
  return { kind: 'contact_borrower', date: null, nextDunning };
}
