import type { GovernorRule } from '@sen/contract';
import { vietnamDate, type IsoDate } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CollectionsRepository } from './collections.repository.ts';
import { judgeContact } from './governor.ts';

/** A contact with a borrower about a loan, as the governor is asked to admit it. */
export interface ContactAdmission {
  userId: string;
  /** The loan it is about: at most one automatic SMS a day per loan. */
  orderId: number;
  channel: 'call' | 'sms' | 'message';
  /** The number called or texted (10 digits); null for an in-app message. */
  targetPhone: string | null;
  /** The borrower's own phone (10 digits). */
  borrowerPhone: string;
  /** The template of an SMS or message (null for a call). */
  template: string | null;
  /**
   * The channel of the template's row on the approved list when it is not the contact's: a
   * repayment reminder is an SMS repeating its in-app message, whose template is a 'message' one.
   */
  templateChannel?: 'sms' | 'message';
  /** The SMS that would be sent ('' otherwise): checked for links. */
  text: string;
  /** A repayment reminder or a dunning step (not a person's contact): one automatic SMS per loan and day. */
  automatic: boolean;
}

export interface Admission {
  /** The first rule the contact breaks; null: admitted, and the caller records it now, in this transaction. */
  rule: GovernorRule | null;
  at: Date;
  businessDate: IsoDate;
}

/**
 * The one admission every contact with a borrower about a debt passes (decisions 098, 108): the
 * collector's calls, SMS and messages, the dunning job's steps and the repayment reminders. In
 * the caller's transaction, under the borrower's lock (an advisory lock every path takes, so two
 * contacts cannot both be the 5th), it reads what the borrower already got today — contacts of
 * every case, the reminders sent, whether the loan had an automatic SMS — and the approved list,
 * in one statement, and judges the contact (governor.ts). The caller records the contact, or its
 * refusal, before the transaction commits: only then does the next admission count it.
 */
export class ContactGovernor {
  constructor(private readonly deps: { uow: UnitOfWork; repository: CollectionsRepository; clock: Clock }) {}

  async admit(contact: ContactAdmission): Promise<Admission> {
    const { uow, repository, clock } = this.deps;
    uow.requireTransaction('ContactGovernor.admit');
    await uow.advisoryLock(`collections-contact:${contact.userId}`);
    const at = clock();
    const businessDate = vietnamDate(at);
    const facts = await repository.admissionFacts(contact.userId, contact.orderId, businessDate, contact.templateChannel ?? (contact.channel === 'call' ? 'sms' : contact.channel));
    const rule = judgeContact({
      channel: contact.channel,
      targetPhone: contact.targetPhone,
      borrowerPhone: contact.borrowerPhone,
      template: contact.channel === 'call' ? null : contact.template,
      approvedTemplates: new Set(facts.approved),
      text: contact.text,
      at,
      contactsToday: facts.contactsToday,
      loanSmsToday: contact.automatic && contact.channel === 'sms' && facts.loanSmsToday,
    });
    return { rule, at, businessDate };
  }

  /**
   * Of `orderIds`, the loans with a dunning SMS step due today (an active rule for their days past
   * due whose template is an SMS): the repayment reminders leave them to it (decision 108).
   */
  async dunningSmsDue(orderIds: number[], today: IsoDate): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    return new Set(await this.deps.repository.dunningSmsDue(orderIds, today));
  }
}
