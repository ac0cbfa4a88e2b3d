import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { MessageKey } from '../messages.ts';
import { digitsOnlySchema, normalizePhone, phoneSchema, requiredText } from '../validation.ts';
import { hasControlCharacters, isWireAbsent } from '../wire.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { isEmergencyRelationship } from './emergency-relationships.ts';
import { API_PATHS } from './paths.ts';

/**
 * Receiving accounts (bank cards and e-wallets) and the two emergency contacts, as the API family
 * has them (API-FAMILY.md §5.9, §7): `bank/bind/v2` is the BANK certification step (an account and
 * the contacts, saved whole or not at all), `bank/addBank` adds another account, `bank/myCard` and
 * `userCashWallet/list/my` list them (default first), `bank/setDefault`,
 * `userCashWallet/set/default` and `bank/unbind` change them. Account numbers leave the server
 * masked, always.
 *
 * The same field rules drive our web form (`bankBindFormSchema`, `addAccountFormSchema`) and the
 * server (the request schemas): the form only adds that the confirmations must be typed, which the
 * family's native clients check on the device and do not send.
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

// ---- wire coercions ------------------------------------------------------------------------------

/** Absent for undefined, null, "null" and blank text; numbers become their text (a client may send bankNo as a number). */
function toText(value: unknown): unknown {
  if (typeof value === 'string') return isWireAbsent(value.trim()) ? undefined : value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return isWireAbsent(value) ? undefined : value;
}

/** An optional id: 17, "17"; absent for null, "", "null". */
function toId(value: unknown): unknown {
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
const payWaySchema = z.preprocess(
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

/** The account's rules in the order the form shows its fields; the first problem, or the account. */
function checkAccount(input: RawAccountFields, requireConfirmation: boolean): Issue | ParsedAccount {
  if (input.payWay === PAY_WAY.CARD) {
    if (input.bankId === undefined) return { path: ['bankId'], message: 'validation.select' };
    const holder = firstIssue(personNameSchema, input.accountUser, ['accountUser'], 'validation.required');
    if (holder) return holder;
    const number = firstIssue(accountNumberSchema, input.bankNo, ['bankNo'], 'validation.required');
    if (number) return number;
    if (requireConfirmation && input.confirmBankNo === undefined) return { path: ['confirmBankNo'], message: 'validation.required' };
    if (input.confirmBankNo !== undefined && input.confirmBankNo.trim() !== input.bankNo!.trim()) {
      return { path: ['confirmBankNo'], message: 'validation.bankNo.mismatch' };
    }
    return { kind: 'CARD', bankId: input.bankId, holderName: input.accountUser!.trim(), number: input.bankNo!.trim() };
  }
  if (input.walletId === undefined) return { path: ['walletId'], message: 'validation.select' };
  const number = firstIssue(accountNumberSchema, input.accountCode, ['accountCode'], 'validation.required');
  if (number) return number;
  if (requireConfirmation && input.confirmAccountCode === undefined) return { path: ['confirmAccountCode'], message: 'validation.required' };
  if (input.confirmAccountCode !== undefined && input.confirmAccountCode.trim() !== input.accountCode!.trim()) {
    return { path: ['confirmAccountCode'], message: 'validation.walletAccount.mismatch' };
  }
  if (input.accountUser !== undefined) {
    const holder = firstIssue(personNameSchema, input.accountUser, ['accountUser'], 'validation.required');
    if (holder) return holder;
  }
  return { kind: 'WALLET', walletId: input.walletId, holderName: input.accountUser?.trim() ?? null, number: input.accountCode!.trim() };
}

function isIssue(value: Issue | ParsedAccount): value is Issue {
  return 'message' in value;
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
      if (isIssue(account)) {
        context.addIssue({ code: 'custom', path: account.path, message: account.message });
        return z.NEVER;
      }
      const contacts: ParsedContact[] = input.relativesInfoVOList.slice(0, 2).map((contact) => ({
        relationship: contact.relatives,
        name: contact.relativesName,
        phone: contact.relativesMobile,
      }));
      const problem = contactPhoneProblem(contacts, options.borrowerPhone);
      if (problem) {
        context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
        return z.NEVER;
      }
      return { account, contacts };
    });
}

/**
 * Why the account and contacts refuse, field by field in the form's order: the account first, then
 * the contacts. Used by the wire schema (first issue only).
 */
export const bankBindRequestSchema = bankBindSchema();
export type BankBindRequest = z.input<typeof bankBindRequestSchema>;
export type ParsedBankBindRequest = z.output<typeof bankBindRequestSchema>;

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
      if (isIssue(account)) {
        context.addIssue({ code: 'custom', path: account.path, message: account.message });
        return z.NEVER;
      }
      return { account, isDefault: input.isDefault };
    });
}

export const addAccountRequestSchema = addAccountSchema();
export type AddAccountRequest = z.input<typeof addAccountRequestSchema>;
export type ParsedAddAccountRequest = z.output<typeof addAccountRequestSchema>;

// ---- web forms (same rules, confirmations required) -----------------------------------------------

export const bankBindFormSchema = (borrowerPhone?: string | null) => bankBindSchema({ requireConfirmation: true, borrowerPhone: borrowerPhone ?? null });
export const addAccountFormSchema = () => addAccountSchema({ requireConfirmation: true });

// ---- setDefault / unbind ---------------------------------------------------------------------------

const requiredId = z.preprocess(toId, z.number(key('error.requestFailed')).int(key('error.requestFailed')).positive(key('error.requestFailed')));

export const setDefaultRequestSchema = z.object({
  /** The account's id from myCard (a string in VT and KMP). */
  bankInfoId: requiredId,
});
export const unbindRequestSchema = z.object({
  bankInfoId: requiredId,
  /** VT sends it; ignored (the id names the account). */
  payWay: payWaySchema.optional(),
});
export const walletSetDefaultRequestSchema = z.object({
  /** The wallet account's id from userCashWallet/list/my. */
  id: requiredId,
});

// ---- responses ---------------------------------------------------------------------------------------

/** A bank of the picker (API-FAMILY.md §7.1): the picker shows logoUrl, longCode as the title, bankName below. */
export const bankChannelSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  /** Short code, e.g. 'VCB'. */
  bankCode: z.string(),
  /** Full legal name, e.g. 'Ngân hàng TMCP Ngoại Thương Việt Nam'. */
  bankName: z.string(),
  /** The name people know, e.g. 'Vietcombank'. */
  longCode: z.string(),
  shortName: z.string(),
  /** NAPAS/VietQR BIN (6 digits). */
  bin: z.string(),
  /** '' when no logo is shipped (the app shows the short name's initials). */
  logoUrl: z.string(),
  countryId: z.number().int(),
});
export type BankChannel = z.infer<typeof bankChannelSchema>;

/** A wallet (wallet/list) or the user's wallet account (userCashWallet/list/my), API-FAMILY.md §7.2. */
export const walletSchema = z.object({
  /** wallet/list: the wallet's id; list/my: the user's wallet account id (for set/default and unbind). */
  id: z.number().int(),
  /** The wallet's id from wallet/list (list/my rows). */
  walletId: z.number().int(),
  walletCode: z.string(),
  walletName: z.string(),
  walletType: z.string(),
  walletKey: z.string(),
  walletValue: z.string(),
  walletDesc: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
  /** 1 = the user's default receiving account. */
  defaultSign: z.union([z.literal(0), z.literal(1)]),
  effectiveTime: z.string(),
  expireTime: z.string(),
  operator: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  /** The user's wallet account, masked (list/my); '' in wallet/list. */
  accountCode: z.string(),
  accountUser: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** One of the user's bank accounts (bank/myCard), API-FAMILY.md §7.4. Strings, never null (KMP). */
export const bankAccountSchema = z.object({
  id: z.number().int(),
  /** The user's public number. */
  userId: z.number().int(),
  appId: z.number().int(),
  countryId: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked: '******6789'. */
  bankNo: z.string(),
  cardNo: z.string(),
  accountUser: z.string(),
  bankPhone: z.string(),
  isDefault: z.union([z.literal(0), z.literal(1)]),
  status: z.number().int(),
  loanState: z.number().int(),
  payOutFailSign: z.boolean(),
  bindTime: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  /** Sen's extras: the account kind, the bank's BIN and logo. */
  payWay: z.enum([PAY_WAY.CARD, PAY_WAY.WALLET]),
  bin: z.string(),
  logoUrl: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The user's emergency contacts, to review and correct them (Sen's call; phones in full: they are the user's own data). */
export const emergencyContactsResponseSchema = z.object({
  contacts: z.array(z.object({ relatives: z.number().int(), relativesName: z.string(), relativesMobile: z.string() })),
});
export type EmergencyContactsResponse = z.infer<typeof emergencyContactsResponseSchema>;

// ---- endpoints ----------------------------------------------------------------------------------------

const ACCOUNT_ERRORS = ['SESSION_EXPIRED', 'VALIDATION_FAILED'] as const;

export const bankListEndpoint = defineEndpoint({
  id: 'bankList',
  method: 'POST',
  path: API_PATHS.bankList,
  summary: 'Vietnamese banks for the picker, with their NAPAS/VietQR BIN and short names (shipped list, no network).',
  module: 'bank',
  request: emptyRequestSchema,
  response: z.array(bankChannelSchema),
  signed: true,
  session: 'none',
  errors: [],
});

export const walletListEndpoint = defineEndpoint({
  id: 'walletList',
  method: 'POST',
  path: API_PATHS.walletList,
  summary: 'E-wallets an account can be received on.',
  module: 'bank',
  request: emptyRequestSchema,
  response: z.array(walletSchema),
  signed: true,
  session: 'none',
  errors: [],
});

export const bankBindEndpoint = defineEndpoint({
  id: 'bankBind',
  method: 'POST',
  path: API_PATHS.bankBindV2,
  summary:
    'The BANK step: a bank account (payWay CARD) or e-wallet (WALLET) and two emergency contacts, saved whole or not at all; the account becomes the default.',
  module: 'bank',
  request: bankBindRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: [...ACCOUNT_ERRORS, 'BANK_ACCOUNT_DUPLICATE'],
});

export const bankAddEndpoint = defineEndpoint({
  id: 'bankAdd',
  method: 'POST',
  path: API_PATHS.bankAdd,
  summary: 'Adds another receiving account (card or wallet); the same account twice is refused. The first account, or isDefault, makes it the default.',
  module: 'bank',
  request: addAccountRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: [...ACCOUNT_ERRORS, 'BANK_ACCOUNT_DUPLICATE'],
});

export const bankMyCardEndpoint = defineEndpoint({
  id: 'bankMyCards',
  method: 'POST',
  path: API_PATHS.bankMyCard,
  summary: "The caller's bank accounts, default first (isDefault 1/0); numbers masked.",
  module: 'bank',
  request: emptyRequestSchema,
  response: z.array(bankAccountSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const bankSetDefaultEndpoint = defineEndpoint({
  id: 'bankSetDefault',
  method: 'POST',
  path: API_PATHS.bankSetDefault,
  summary: 'Makes one of the caller’s accounts the default (at most one default across cards and wallets).',
  module: 'bank',
  request: setDefaultRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: [...ACCOUNT_ERRORS, 'BANK_ACCOUNT_NOT_FOUND'],
});

export const bankUnbindEndpoint = defineEndpoint({
  id: 'bankUnbind',
  method: 'POST',
  path: API_PATHS.bankUnbind,
  summary: 'Unbinds an account; refused for the default while it is the only account and while a loan is paid out to it.',
  module: 'bank',
  request: unbindRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: [...ACCOUNT_ERRORS, 'BANK_ACCOUNT_NOT_FOUND', 'BANK_UNBIND_ONLY_ACCOUNT', 'BANK_UNBIND_PAYOUT'],
});

export const cashWalletListMyEndpoint = defineEndpoint({
  id: 'cashWalletListMy',
  method: 'POST',
  path: API_PATHS.cashWalletListMy,
  summary: "The caller's e-wallet accounts, default first (defaultSign 1/0); accounts masked.",
  module: 'bank',
  request: emptyRequestSchema,
  response: z.array(walletSchema),
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const cashWalletSetDefaultEndpoint = defineEndpoint({
  id: 'cashWalletSetDefault',
  method: 'POST',
  path: API_PATHS.cashWalletSetDefault,
  summary: 'Makes one of the caller’s wallet accounts the default.',
  module: 'bank',
  request: walletSetDefaultRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: [...ACCOUNT_ERRORS, 'BANK_ACCOUNT_NOT_FOUND'],
});

export const emergencyContactsEndpoint = defineEndpoint({
  id: 'emergencyContacts',
  method: 'POST',
  path: API_PATHS.emergencyContacts,
  summary: "The caller's two emergency contacts (empty before the BANK step).",
  module: 'bank',
  request: emptyRequestSchema,
  response: emergencyContactsResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});
