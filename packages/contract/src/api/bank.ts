import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { addAccountSchema, bankBindSchema, PAY_WAY, payWaySchema, toId } from './bank-rules.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
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

/** bank/bind/v2's input as the family's clients send it (the confirmation is checked when sent). */
export const bankBindRequestSchema = bankBindSchema();
export type BankBindRequest = z.input<typeof bankBindRequestSchema>;
export type ParsedBankBindRequest = z.output<typeof bankBindRequestSchema>;

/** bank/addBank's input. */
export const addAccountRequestSchema = addAccountSchema();
export type AddAccountRequest = z.input<typeof addAccountRequestSchema>;
export type ParsedAddAccountRequest = z.output<typeof addAccountRequestSchema>;

const key = (messageKey: 'error.requestFailed') => ({ error: messageKey });

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
