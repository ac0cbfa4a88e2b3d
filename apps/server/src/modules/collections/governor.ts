import { CONTACT_RULES, containsLink, translate, type GovernorRule, type Language } from '@sen/contract';
import { vietnamDateTime, vietnamHour } from '@sen/domain';

/**
 * The contact governor's rules (decision 098), as one pure judgement: what every contact with a
 * borrower about a debt — a collector's call, SMS or in-app message, or the dunning job's — is
 * checked against before it is made. The rules, in the order they are applied:
 *
 * 1. not_borrower: only the borrower's own phone (emergency contacts and other third parties are
 *    never contacted about a debt);
 * 2. template_not_approved: an SMS or in-app message only from the approved templates;
 * 3. sms_link: no link or web address in an SMS (Circular 50/2024's rule for banks, adopted);
 * 4. outside_hours: only from 07:00 until 21:00 Vietnam time (06:59 and 21:00 refused);
 * 5. daily_limit: at most 5 contacts per borrower and Vietnam day across channels, the repayment
 *    reminders included (the 6th refused);
 * 6. loan_sms_today: one automatic SMS (a repayment reminder or a dunning step) per loan and Vietnam
 *    day (decision 108).
 *
 * Every path asks through `ContactGovernor.admit` (contact-governor.ts), which gathers these facts
 * under the borrower's lock.
 */

export interface ContactFacts {
  channel: 'call' | 'sms' | 'message';
  /** The number called or texted, normalised to 10 digits; null for an in-app message (it reaches the borrower's own account). */
  targetPhone: string | null;
  /** The borrower's own phone (10 digits). */
  borrowerPhone: string;
  /** The template of an SMS or message (null for a call). */
  template: string | null;
  /** Templates on the approved list for this channel. */
  approvedTemplates: ReadonlySet<string>;
  /** The text that would be sent (an SMS); '' otherwise. */
  text: string;
  at: Date;
  /** Contacts already made with this borrower on the Vietnam day of `at` (reminders included). */
  contactsToday: number;
  /** An automatic SMS that would be this loan's second automatic SMS of the day. */
  loanSmsToday?: boolean;
}

/** The link check lives in the contract: the collection rules refuse an SMS template with a link by the same test (decision 122). */
export { containsLink };

/** The first rule the contact breaks, or null when it may be made. */
export function judgeContact(facts: ContactFacts): GovernorRule | null {
  if (facts.targetPhone !== null && facts.targetPhone !== facts.borrowerPhone) return 'not_borrower';
  if (facts.channel !== 'call' && (facts.template === null || !facts.approvedTemplates.has(facts.template))) return 'template_not_approved';
  if (facts.channel === 'sms' && containsLink(facts.text)) return 'sms_link';
  const hour = vietnamHour(facts.at);
  if (hour < CONTACT_RULES.fromHour || hour >= CONTACT_RULES.untilHour) return 'outside_hours';
  if (facts.contactsToday >= CONTACT_RULES.perDay) return 'daily_limit';
  if (facts.loanSmsToday) return 'loan_sms_today';
  return null;
}

/** A refusal's text in `lang`, with what the rule needs (the limit, the time, the template). */
export function refusalMessage(lang: Language, rule: GovernorRule, facts: { at: Date; template: string | null }): string {
  return translate(lang, `collections.refused.${rule}`, {
    limit: CONTACT_RULES.perDay,
    time: vietnamDateTime(facts.at).slice(11, 16),
    template: facts.template ?? '',
  });
}
