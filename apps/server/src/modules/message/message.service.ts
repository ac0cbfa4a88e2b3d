import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language, type MessagePage, type MessageRecord, type MessageTemplate } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';
import { normaliseParams, renderMessage, renderStoredMessage, type MessageParams } from './message-templates.ts';
import { familyMessageTime } from './vietnam-time.ts';

export interface NotifyOptions {
  /**
   * Names the event, unique per borrower: the same key never makes a second message (e.g.
   * `credit-decision:<decision id>`, `due-reminder:<order>:<date>`). Without it the key is the
   * template with its parameters, so only an identical message is held back.
   */
  eventKey?: string;
  /** Render in this language instead of the borrower's last one. */
  language?: Language;
}

export interface NotifyResult {
  /** The message's number (the existing one when the event was already messaged); 0 when the account is closed. */
  id: number;
  /** false: this event had been messaged before; nothing was added. */
  created: boolean;
}

/**
 * What a credit decision tells the messages, shaped like the credit module's decision event
 * (structurally, so this module does not depend on credit): wire it with
 * the `credit.decided` event's handler (compose.ts).
 */
export interface CreditDecisionFacts {
  userId: string;
  /** The review decided: one decision, and so one message, per review. */
  reviewId: string;
  outcome: string;
  creditLimitVnd: bigint;
  /** yyyy-MM-dd: the next date the borrower may try, after a rejection. */
  nextTryDate: string | null;
}

const MAX_EVENT_KEY = 200;
/** How long a remembered language skips the database write (another instance may have changed it meanwhile). */
const LANGUAGE_CACHE_MS = 5 * 60_000;
const LANGUAGE_CACHE_MAX = 10_000;

/** A stable text of the parameters (sorted keys), for the default event key. */
function canonical(params: Record<string, string | number>): string {
  return JSON.stringify(Object.keys(params).sort().map((key) => [key, params[key]]));
}

/** The borrower's messages: made by other modules through `notify`, read and marked by the borrower. */
export class MessageService {
  private readonly knownLanguages = new Map<string, { language: Language; at: number }>();
  /** Whether a borrower may still be messaged (false once the account is closed, issue 13). */
  private recipientOpen: (userId: string) => Promise<boolean> = async () => true;

  constructor(
    private readonly repository: MessageRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends `template` to the borrower `userId`, rendered in their last language (Vietnamese when
   * unknown), once per event key. Runs in the caller's transaction when there is one (decision
   * 010): the message exists exactly when the caller's change commits. Throws on parameters the
   * template does not take (a bug in the caller).
   */
  async notify<T extends MessageTemplate>(userId: string, template: T, params: MessageParams<T>, options: NotifyOptions = {}): Promise<NotifyResult> {
    const stored = normaliseParams(template, params as Record<string, unknown>);
    const dedupeKey = options.eventKey ?? `${template}:${createHash('sha256').update(canonical(stored)).digest('hex').slice(0, 32)}`;
    if (dedupeKey.length === 0 || dedupeKey.length > MAX_EVENT_KEY) throw new Error(`messages.notify(${template}): eventKey must be 1-${MAX_EVENT_KEY} characters`);
    return this.uow.transaction(async () => {
      // A closed account gets no more messages (decision 060): nothing is stored, id 0.
      if (!(await this.recipientOpen(userId))) return { id: 0, created: false };
      const language = options.language ?? (await this.repository.languageOf(userId)) ?? DEFAULT_LANGUAGE;
      const { theme, content } = renderMessage(template, stored, language);
      const id = await this.repository.insertOnce({ userId, template, params: stored, language, theme, content, dedupeKey, createdAt: this.clock() });
      if (id !== null) return { id, created: true };
      const existing = await this.repository.findIdByDedupeKey(userId, dedupeKey);
      if (existing === null) throw new Error('message dedupe key conflicted but no message holds it');
      return { id: existing, created: false };
    });
  }

  /**
   * Sends `template` to each of `userIds` (one batch: a few thousand at most per call), each in
   * their last language, once per user and event key, with one insert. Runs in the caller's
   * transaction when there is one. Returns how many messages were new.
   */
  async notifyMany<T extends MessageTemplate>(userIds: readonly string[], template: T, params: MessageParams<T>, options: { eventKey: string }): Promise<number> {
    const stored = normaliseParams(template, params as Record<string, unknown>);
    const dedupeKey = options.eventKey;
    if (dedupeKey.length === 0 || dedupeKey.length > MAX_EVENT_KEY) throw new Error(`messages.notifyMany(${template}): eventKey must be 1-${MAX_EVENT_KEY} characters`);
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return 0;
    return this.uow.transaction(async () => {
      const languages = await this.repository.languagesOf(unique);
      const rendered = new Map<Language, { theme: string; content: string }>();
      const createdAt = this.clock();
      const rows = unique.map((userId) => {
        const language = languages.get(userId) ?? DEFAULT_LANGUAGE;
        let text = rendered.get(language);
        if (!text) {
          text = renderMessage(template, stored, language);
          rendered.set(language, text);
        }
        return { userId, template, params: stored, language, theme: text.theme, content: text.content, dedupeKey, createdAt };
      });
      return this.repository.insertManyOnce(rows);
    });
  }

  /**
   * The message of a credit decision: approved with the limit, or rejected with the next date; a
   * calm period (still under review for the borrower) says nothing new. Once per review.
   */
  async notifyCreditDecision(event: CreditDecisionFacts): Promise<NotifyResult | null> {
    const eventKey = `credit-decision:${event.reviewId}`;
    if (event.outcome === 'approve') return this.notify(event.userId, 'creditApproved', { creditLimit: event.creditLimitVnd }, { eventKey });
    if (event.outcome === 'reject' && event.nextTryDate) return this.notify(event.userId, 'creditRejected', { nextDate: event.nextTryDate }, { eventKey });
    return null;
  }

  /** The message that a credit review has started (once per review). */
  notifyCreditReviewStarted(userId: string, reviewId: string): Promise<NotifyResult> {
    return this.notify(userId, 'creditReviewStarted', {}, { eventKey: `credit-review:${reviewId}` });
  }

  /** The language the borrower's messages are written in: their last one, else Vietnamese. */
  /**
   * The text `notify` would store for `template` now, in the borrower's language, without storing
   * it: what a contact is judged by before it is made (the reminders' SMS repeats it). Pass the
   * language to `notify` so the stored message is this text.
   */
  async render<T extends MessageTemplate>(userId: string, template: T, params: MessageParams<T>): Promise<{ language: Language; content: string }> {
    const language = await this.languageOf(userId);
    return { language, content: renderMessage(template, normaliseParams(template, params as Record<string, unknown>), language).content };
  }

  async languageOf(userId: string): Promise<Language> {
    return (await this.repository.languageOf(userId)) ?? DEFAULT_LANGUAGE;
  }

  /** Keeps the language of a signed-in call as the user's last language (skipped while it is known unchanged). */
  async rememberLanguage(userId: string, language: Language): Promise<void> {
    const now = Date.now();
    const known = this.knownLanguages.get(userId);
    if (known && known.language === language && now - known.at < LANGUAGE_CACHE_MS) return;
    await this.repository.setLanguage(userId, language, this.clock());
    this.knownLanguages.delete(userId);
    if (this.knownLanguages.size >= LANGUAGE_CACHE_MAX) this.knownLanguages.delete(this.knownLanguages.keys().next().value as string);
    this.knownLanguages.set(userId, { language, at: now });
  }

  /** One page of the borrower's messages, each in `language` (the reader's, decision 113). */
  async page(userId: string, pageNum: number, pageSize: number, language: Language): Promise<MessagePage> {
    const [counts, rows] = await Promise.all([this.repository.counts(userId), this.repository.page(userId, (pageNum - 1) * pageSize, pageSize)]);
    return { total: counts.total, list: rows.map((row) => toRecord(row, counts.unread, language)), pageNum, pageSize, unreadCount: counts.unread };
  }

  /** One message of the borrower, in `language`; without one, as it was made (in the borrower's language of that moment: the reminder's SMS). */
  async detail(userId: string, id: number, language?: Language): Promise<MessageRecord> {
    const row = await this.repository.findOne(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toRecord(row, await this.repository.countUnread(userId), language);
  }

  async markRead(userId: string, ids: number[]): Promise<{ updated: number; unreadCount: number }> {
    const updated = await this.repository.markRead(userId, ids, this.clock());
    return { updated, unreadCount: await this.repository.countUnread(userId) };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repository.countUnread(userId);
  }

  /** The back office's borrower page: the latest `limit` messages sent, newest first, as sent. */
  async latestSent(userId: string, limit: number) {
    const rows = await this.repository.page(userId, 0, limit);
    return rows.map((row) => ({
      id: row.id,
      template: row.template,
      title: row.theme,
      content: row.content,
      at: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  }

  // ─── Account lifecycle (issue 13) ───

  /** Who may still be messaged; the account lifecycle says no for closed accounts. */
  setRecipientCheck(check: (userId: string) => Promise<boolean>): void {
    this.recipientOpen = check;
  }

  /** The data export's messages section: every message of the user, as shown to them. */
  async exportFor(userId: string) {
    const rows = await this.repository.allOf(userId);
    return rows.map((row) => ({
      id: row.id,
      template: row.template,
      language: row.language,
      title: row.theme,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  }

  /** Erasure of a closed account's messages (and its remembered language). */
  erase(userId: string): Promise<number> {
    this.knownLanguages.delete(userId);
    return this.repository.deleteForUser(userId);
  }
}

/**
 * A stored message as the family's clients read it (plus our extra fields): rendered from its
 * template in the reader's language; a row that no longer renders keeps the text it was made with.
 */
function toRecord(row: MessageRow, unreadCount: number, language: Language | undefined): MessageRecord {
  const time = familyMessageTime(row.createdAt);
  const read = row.readAt !== null;
  const text = (language && renderStoredMessage(row.template, row.params, language)) || { theme: row.theme, content: row.content };
  return {
    id: row.id,
    readStatus: read,
    theme: text.theme,
    content: text.content,
    createTime: time,
    respTime: time,
    unreadMark: !read,
    unreadCount,
    template: row.template as MessageTemplate,
    createdAt: row.createdAt.toISOString(),
  };
}
