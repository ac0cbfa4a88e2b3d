import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { digitsOnlySchema, normalizePhone, phoneSchema, requiredText } from '../validation.ts';
import { hasControlCharacters, isWireAbsent } from '../wire.ts';
import { isEmergencyRelationship } from './emergency-relationships.ts';

/**
 * The rules of the receiving-account and emergency-contact forms (SPEC.md §5), used by the server
 * (bank.ts builds its request schemas from them) and by our web form (the `*FormSchema`
 * variants). A module of its own so the web app loads it (and zod) only with the form: the
 * endpoint objects in bank.ts, which every page's request layer imports, do not need it in the
 * browser (docs/decisions/020-web-first-route-budget.md).
 */

const key = (messageKey: MessageKey) => ({ error: messageKey });

export const PAY_WAY = { CARD: 'CARD', WALLET: 'WALLET' } as const;
export type PayWay = (typeof PAY_WAY)[keyof typeof PAY_WAY];

/** Vietnam's country id, as the family's bank beans carry it. */
export const VIETNAM_COUNTRY_ID = 84;

// ---- field rules (SPEC.md §5) -------------------------------------------------------------------

/** A required name (cardholder, contact): 'Please input'; no control characters; at most 100 characters. */
export const personNameSchema = requiredText
  .max(100, key('validation.required'))
  .refine((text) => !hasControlCharacters(text), key('validation.controlCharacters'));

/** A bank account or card number, or an e-wallet account: digits only ('Only numbers are allowed'), 6 to 20 of them. */
export const accountNumberSchema = digitsOnlySchema.refine((digits) => digits.length >= 6 && digits.length <= 20, key('validation.bankNo.length'));

/** An emergency contact's phone, stored in its 10-digit form. */
export const contactPhoneSchema = phoneSchema.transform(normalizePhone);

/**
 * A holder's name as Vietnamese banks hold it (NAPAS transfers, the name a bank returns for an
 * account): without diacritics, upper case, single spaces — 'Nguyễn Văn  An' is 'NGUYEN VAN AN'
 * (issue 25). Stored so, a payout's name check compares like with like.
 */
export function bankHolderName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- wire coercions ------------------------------------------------------------------------------

/** Absent for undefined, null, "null" and blank text; numbers become their text (a client may send bankNo as a number). */
function toText(value: unknown): unknown {
  if (typeof value === 'string') return isWireAbsent(value.trim()) ? undefined : value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return isWireAbsent(value) ? undefined : value;
}

/** An optional id: 17, "17"; absent for null, "", "null". */
export function toId(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim();
    if (isWireAbsent(text)) return undefined;
    return /^\d{1,15}$/.test(text) ? Number(text) : value;
  }
  return isWireAbsent(value) ? undefined : value;
}

const optionalText = z.preprocess(toText, z.string(key('error.requestFailed')).max(200, key('error.requestFailed')).optional());
const optionalId = z.preprocess(toId, z.number(key('validation.select')).int(key('validation.select')).positive(key('validation.select')).optional());

/** 'CARD' (default: KMP omits it) or 'WALLET', any case. */
export const payWaySchema = z.preprocess(
  (value) => (typeof value === 'string' ? (isWireAbsent(value.trim()) ? undefined : value.trim().toUpperCase()) : isWireAbsent(value) ? undefined : value),
  z.enum([PAY_WAY.CARD, PAY_WAY.WALLET], key('error.requestFailed')).default(PAY_WAY.CARD),
);

/** One emergency contact as the clients send it: `{relatives: <int>, relativesName, relativesMobile}`. */
const wireContactSchema = z.object({
  relatives: z.preprocess(
    toId,
    z
      .number(key('validation.select'))
      .int(key('validation.select'))
      .refine((code) => isEmergencyRelationship(code), key('validation.select')),
  ),
  relativesName: z.preprocess(toText, z.string(key('validation.required')).pipe(personNameSchema)),
  relativesMobile: z.preprocess(toText, z.string(key('validation.phone.required')).pipe(contactPhoneSchema)),
});

// ---- parsed shapes --------------------------------------------------------------------------------

export type ParsedAccount =
  | { kind: 'CARD'; bankId: number; holderName: string; number: string }
  | { kind: 'WALLET'; walletId: number; holderName: string | null; number: string };

export interface ParsedContact {
  relationship: number;
  name: string;
  /** 10-digit form. */
  phone: string;
}

interface RawAccountFields {
  payWay: PayWay;
  bankId?: number | undefined;
  bankNo?: string | undefined;
  confirmBankNo?: string | undefined;
  accountUser?: string | undefined;
  walletId?: number | undefined;
  accountCode?: string | undefined;
  confirmAccountCode?: string | undefined;
}

const accountFields = {
  payWay: payWaySchema,
  /** bank/list id (CARD). */
  bankId: optionalId,
  /** The account or card number (CARD). */
  bankNo: optionalText,
  /** The number typed again (Sen's web app; the natives compare on the device). Checked when sent. */
  confirmBankNo: optionalText,
  /** The holder's name: required for a card, optional for a wallet (VT sends "" there). */
  accountUser: optionalText,
  /** wallet/list id (WALLET). */
  walletId: optionalId,
  /** The wallet account (WALLET), usually the phone number registered with the wallet. */
  accountCode: optionalText,
  confirmAccountCode: optionalText,
};

type Issue = { path: (string | number)[]; message: MessageKey };

function firstIssue(schema: z.ZodType, value: unknown, path: (string | number)[], missing: MessageKey): Issue | null {
  if (value === undefined) return { path, message: missing };
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return { path, message: (message ?? 'error.requestFailed') as MessageKey };
}

/**
 * The account's rules, every problem in the order the form shows its fields (the wire answers the
 * first; the form shows each beside its field), or the account.
 */
function checkAccount(input: RawAccountFields, requireConfirmation: boolean): Issue[] | ParsedAccount {
  const issues: Issue[] = [];
  const add = (issue: Issue | null) => {
    if (issue) issues.push(issue);
  };
  if (input.payWay === PAY_WAY.CARD) {
    if (input.bankId === undefined) add({ path: ['bankId'], message: 'validation.select' });
    add(firstIssue(personNameSchema, input.accountUser, ['accountUser'], 'validation.required'));
    const number = firstIssue(accountNumberSchema, input.bankNo, ['bankNo'], 'validation.required');
    add(number);
    if (requireConfirmation && input.confirmBankNo === undefined) add({ path: ['confirmBankNo'], message: 'validation.required' });
    else if (!number && input.confirmBankNo !== undefined && input.confirmBankNo.trim() !== input.bankNo!.trim()) {
      add({ path: ['confirmBankNo'], message: 'validation.bankNo.mismatch' });
    }
    if (issues.length > 0) return issues;
    return { kind: 'CARD', bankId: input.bankId!, holderName: bankHolderName(input.accountUser!), number: input.bankNo!.trim() };
  }
  if (input.walletId === undefined) add({ path: ['walletId'], message: 'validation.select' });
  const number = firstIssue(accountNumberSchema, input.accountCode, ['accountCode'], 'validation.required');
  add(number);
  if (requireConfirmation && input.confirmAccountCode === undefined) add({ path: ['confirmAccountCode'], message: 'validation.required' });
  else if (!number && input.confirmAccountCode !== undefined && input.confirmAccountCode.trim() !== input.accountCode!.trim()) {
    add({ path: ['confirmAccountCode'], message: 'validation.walletAccount.mismatch' });
  }
  if (input.accountUser !== undefined) add(firstIssue(personNameSchema, input.accountUser, ['accountUser'], 'validation.required'));
  if (issues.length > 0) return issues;
  return { kind: 'WALLET', walletId: input.walletId!, holderName: input.accountUser?.trim() ? bankHolderName(input.accountUser) : null, number: input.accountCode!.trim() };
}

function isIssues(value: Issue[] | ParsedAccount): value is Issue[] {
  return Array.isArray(value);
}

/**
 * The contacts' cross rules: two different phones, neither the borrower's. Returns the first
 * problem (with its path in the list) or null. The server applies the borrower's phone itself.
 */
export function contactPhoneProblem(contacts: readonly { phone: string }[], borrowerPhone?: string | null): Issue | null {
  const borrower = borrowerPhone ? normalizePhone(borrowerPhone) : null;
  for (const [index, contact] of contacts.entries()) {
    if (borrower && contact.phone === borrower) return { path: ['relativesInfoVOList', index, 'relativesMobile'], message: 'validation.contact.borrowerPhone' };
  }
  if (contacts.length >= 2 && contacts[0]!.phone === contacts[1]!.phone) {
    return { path: ['relativesInfoVOList', 1, 'relativesMobile'], message: 'validation.contact.samePhone' };
  }
  return null;
}

interface SchemaOptions {
  /** The form asks for the confirmation fields; the wire checks them only when sent. */
  requireConfirmation?: boolean;
  /** The signed-in borrower's phone, when the form knows it (the server checks it in the service). */
  borrowerPhone?: string | null;
}

// ---- bank/bind/v2 ---------------------------------------------------------------------------------

export function bankBindSchema(options: SchemaOptions = {}) {
  return z
    .object({
      ...accountFields,
      /** Two emergency contacts (VT/VH2 may add an optional third; only the first two are kept). */
      relativesInfoVOList: z.preprocess(
        (value) => (isWireAbsent(value) ? undefined : value),
        z.array(wireContactSchema, key('validation.contact.count')).min(2, key('validation.contact.count')).max(3, key('validation.contact.count')),
      ),
    })
    .transform((input, context) => {
      const account = checkAccount(input, options.requireConfirmation ?? false);
      const contacts: ParsedContact[] = input.relativesInfoVOList.slice(0, 2).map((contact) => ({
        relationship: contact.relatives,
        name: contact.relativesName,
        phone: contact.relativesMobile,
      }));
      const problem = contactPhoneProblem(contacts, options.borrowerPhone);
      // Every problem at once, the account's first (the wire answers the first).
      const issues = [...(isIssues(account) ? account : []), ...(problem ? [problem] : [])];
      if (issues.length > 0 || isIssues(account)) {
        for (const issue of issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return { account, contacts };
    });
}


// ---- bank/addBank ---------------------------------------------------------------------------------

export function addAccountSchema(options: SchemaOptions = {}) {
  return z
    .object({
      ...accountFields,
      /** Sen's extension: make the new account the default ('Modify bank card'). The first account always is. */
      isDefault: z.preprocess((value) => (value === 1 || value === '1' || value === 'true' ? true : value === 0 || value === '0' || value === 'false' || isWireAbsent(value) ? false : value), z.boolean(key('error.requestFailed'))),
    })
    .transform((input, context) => {
      const account = checkAccount(input, options.requireConfirmation ?? false);
      if (isIssues(account)) {
        for (const issue of account) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return { account, isDefault: input.isDefault };
    });
}


// ---- web forms (same rules, confirmations required) -----------------------------------------------

export const bankBindFormSchema = (borrowerPhone?: string | null) => bankBindSchema({ requireConfirmation: true, borrowerPhone: borrowerPhone ?? null });
export const addAccountFormSchema = () => addAccountSchema({ requireConfirmation: true });

