import { assertIsoDate, type IsoDate } from './calendar.ts';
import type { Vnd } from './money.ts';
import type { Components, DayAccrual } from './repayment.ts';

/**
 * Double-entry postings of every money event (DESIGN.md; docs/decisions/055-ledger.md). Pure:
 * this file says which accounts move and by how much; the server's ledger module writes the
 * posting in the caller's transaction and refuses one that does not balance.
 */

export type AccountType = 'asset' | 'liability' | 'income' | 'expense';
/** Whose account: one per loan, one per borrower, or the lender's own (one in all). */
export type AccountScope = 'loan' | 'borrower' | 'lender';
/**
 * Which side an account's balance may be on. A receivable below zero means a borrower paid a
 * component twice; a borrower's credit below zero means we refunded money we did not hold:
 * the ledger check reports either. Lender accounts may run either way (e.g. the disbursement
 * account is funded by postings outside this ledger).
 */
export type BalanceRule = 'debit-or-zero' | 'credit-or-zero' | 'any';

export interface AccountDefinition {
  type: AccountType;
  scope: AccountScope;
  rule: BalanceRule;
  name: string;
}

/** The chart of accounts, as data (the server's ledger check reads the rules from here). */
export const CHART_OF_ACCOUNTS = {
  loan_principal: { type: 'asset', scope: 'loan', rule: 'debit-or-zero', name: 'Principal receivable' },
  loan_interest: { type: 'asset', scope: 'loan', rule: 'debit-or-zero', name: 'Interest receivable (accrued, unpaid)' },
  loan_fee: { type: 'asset', scope: 'loan', rule: 'debit-or-zero', name: 'Service fee receivable' },
  loan_overdue_fee: { type: 'asset', scope: 'loan', rule: 'debit-or-zero', name: 'Overdue fee receivable (accrued, unpaid)' },
  borrower_credit: { type: 'liability', scope: 'borrower', rule: 'credit-or-zero', name: 'Overpayments held for the borrower (to refund)' },
  disbursement_bank: { type: 'asset', scope: 'lender', rule: 'any', name: 'Disbursement bank account (payouts and refunds go out)' },
  collection_bank: { type: 'asset', scope: 'lender', rule: 'any', name: 'Collection bank account (repayments come in)' },
  interest_income: { type: 'income', scope: 'lender', rule: 'any', name: 'Interest income' },
  fee_income: { type: 'income', scope: 'lender', rule: 'any', name: 'Service fee income' },
  overdue_fee_income: { type: 'income', scope: 'lender', rule: 'any', name: 'Overdue fee income' },
  credit_losses: { type: 'expense', scope: 'lender', rule: 'any', name: 'Principal written off' },
  recovery_income: { type: 'income', scope: 'lender', rule: 'any', name: 'Recoveries on loans written off' },
  // Decision 114: money in the collection account that names no repayment, until it is matched or returned.
  unidentified_receipts: { type: 'liability', scope: 'lender', rule: 'credit-or-zero', name: 'Unidentified transfers received (suspense: to match or return)' },
} as const satisfies Record<string, AccountDefinition>;

export type AccountCode = keyof typeof CHART_OF_ACCOUNTS;
export const ACCOUNT_CODES = Object.keys(CHART_OF_ACCOUNTS) as AccountCode[];

export function isAccountCode(code: string): code is AccountCode {
  return Object.hasOwn(CHART_OF_ACCOUNTS, code);
}

/** An account: its code and, for loan and borrower accounts, the loan's or borrower's id. */
export interface AccountRef {
  code: AccountCode;
  owner: string | null;
}

/** One line: exactly one of debit and credit is positive. */
export interface PostingLine {
  account: AccountRef;
  debit: Vnd;
  credit: Vnd;
}

export const MONEY_EVENTS = [
  'disbursement',
  'fee_charged',
  'daily_accrual',
  // A day's interest and overdue fee were two entries before decision 083; entries posted then keep these events.
  'interest_accrual',
  'overdue_fee_accrual',
  'repayment',
  'overpayment_credit',
  'refund',
  'write_off',
  // Decision 114: an unidentified transfer into suspense, and out of it when matched to a loan.
  'unidentified_receipt',
  'unidentified_match',
  // Decision 121: an unidentified transfer sent back to its sender, seen on the bank's statement or webhook.
  'unidentified_return',
  // Decision 117: a loan restructured (the old schedule closed, waivers reversed, the new one opened).
  'restructure',
] as const;
export type MoneyEvent = (typeof MONEY_EVENTS)[number];

export interface Posting {
  event: MoneyEvent;
  /**
   * Unique per money event: the same event posted twice is one entry (the server keeps it under a
   * unique index), e.g. 'disbursement:<loanId>', 'accrual:<date>:<loanId>', 'repayment:<transferId>'.
   */
  key: string;
  loanId: string | null;
  borrowerId: string | null;
  /** The Vietnam business date the event belongs to. */
  businessDate: IsoDate;
  memo: string;
  lines: PostingLine[];
}

export class UnbalancedPostingError extends Error {
  override name = 'UnbalancedPostingError';
}

/** Throws unless the posting is well formed: known accounts with the right owners, positive one-sided lines, debits = credits. */
export function assertBalanced(posting: Posting): void {
  const fail = (why: string): never => {
    throw new UnbalancedPostingError(`Posting ${posting.key} refused: ${why}`);
  };
  if (!MONEY_EVENTS.includes(posting.event)) fail(`unknown event ${String(posting.event)}`);
  if (!posting.key) fail('no key');
  assertIsoDate(posting.businessDate);
  if (posting.lines.length < 2) fail('fewer than two lines');
  let debits = 0n;
  let credits = 0n;
  for (const line of posting.lines) {
    if (!isAccountCode(line.account.code)) fail(`unknown account ${String(line.account.code)}`);
    const scope = CHART_OF_ACCOUNTS[line.account.code].scope;
    if ((scope === 'lender') !== (line.account.owner === null) || line.account.owner === '') fail(`account ${line.account.code} needs ${scope === 'lender' ? 'no owner' : `a ${scope} id`}`);
    if (scope === 'loan' && line.account.owner !== posting.loanId) fail(`loan account of another loan (${line.account.owner})`);
    if (scope === 'borrower' && line.account.owner !== posting.borrowerId) fail(`borrower account of another borrower (${line.account.owner})`);
    if (line.debit < 0n || line.credit < 0n) fail('a negative amount');
    if ((line.debit > 0n) === (line.credit > 0n)) fail('a line must debit or credit, not both or neither');
    debits += line.debit;
    credits += line.credit;
  }
  if (debits !== credits) fail(`debits ${debits} ≠ credits ${credits}`);
}

export function isBalanced(posting: Posting): boolean {
  try {
    assertBalanced(posting);
    return true;
  } catch {
    return false;
  }
}

/** Who and when a loan's postings are for. */
export interface LoanPostingContext {
  loanId: string;
  borrowerId: string;
  businessDate: IsoDate;
}

const lender = (code: AccountCode): AccountRef => ({ code, owner: null });
const debit = (account: AccountRef, amount: Vnd): PostingLine => ({ account, debit: amount, credit: 0n });
const credit = (account: AccountRef, amount: Vnd): PostingLine => ({ account, debit: 0n, credit: amount });

function build(event: MoneyEvent, key: string, context: { loanId: string | null; borrowerId: string | null; businessDate: IsoDate }, memo: string, lines: PostingLine[]): Posting | null {
  const nonZero = lines.filter((line) => line.debit !== 0n || line.credit !== 0n);
  if (nonZero.length === 0) return null;
  const posting: Posting = { event, key, loanId: context.loanId, borrowerId: context.borrowerId, businessDate: context.businessDate, memo, lines: nonZero };
  assertBalanced(posting);
  return posting;
}

function positive(amount: Vnd, what: string): void {
  if (amount < 0n) throw new RangeError(`${what} must not be negative`);
}

/**
 * The fee becomes receivable when the loan is paid out (fee_charged, then disbursement). Null for
 * a product without a fee.
 */
export function feeChargedPosting(context: LoanPostingContext, fee: Vnd): Posting | null {
  positive(fee, 'Fee');
  const loanFee = { code: 'loan_fee', owner: context.loanId } as const;
  return build('fee_charged', `fee:${context.loanId}`, context, 'Service fee charged', [debit(loanFee, fee), credit(lender('fee_income'), fee)]);
}

/**
 * The payout succeeded: the principal becomes receivable, the money leaves the disbursement
 * account, less the part of the fee taken out of the payout (which settles that fee).
 */
export function disbursementPosting(context: LoanPostingContext, principal: Vnd, deductedFee: Vnd = 0n): Posting {
  if (principal <= 0n) throw new RangeError('Principal must be positive');
  positive(deductedFee, 'Deducted fee');
  if (deductedFee >= principal) throw new RangeError('The deducted fee must leave the borrower something');
  const posting = build('disbursement', `disbursement:${context.loanId}`, context, 'Loan paid out', [
    debit({ code: 'loan_principal', owner: context.loanId }, principal),
    credit(lender('disbursement_bank'), principal - deductedFee),
    credit({ code: 'loan_fee', owner: context.loanId }, deductedFee),
  ]);
  return posting!;
}

/**
 * A day's accrual of a loan (accrueNextDay): its interest and its overdue fee in ONE entry, keyed
 * by the date first and the loan (decision 083), so the daily sweep writes one entry per loan and
 * day and a day's keys sit side by side at the end of the key index. The sweep's SQL
 * (jobs/loan-accrual.ts) writes the same key and lines; a repayment that accrues its loan itself
 * posts through here. Null when both are 0.
 */
export function dailyAccrualPosting(context: LoanPostingContext, accrual: Pick<DayAccrual, 'interest' | 'overdueFee'>): Posting | null {
  positive(accrual.interest, 'Interest');
  positive(accrual.overdueFee, 'Overdue fee');
  return build('daily_accrual', dailyAccrualKey(context.businessDate, context.loanId), context, 'Interest and overdue fee accrued', [
    debit({ code: 'loan_interest', owner: context.loanId }, accrual.interest),
    credit(lender('interest_income'), accrual.interest),
    debit({ code: 'loan_overdue_fee', owner: context.loanId }, accrual.overdueFee),
    credit(lender('overdue_fee_income'), accrual.overdueFee),
  ]);
}

/** The key of a loan's accrual for a business date: one entry per loan and day, whichever path posts it. */
export function dailyAccrualKey(date: IsoDate, loanId: string): string {
  return `accrual:${date}:${loanId}`;
}

/**
 * Money received for a loan (applyRepayment's allocation): into the collection account, out of
 * each receivable it paid, the rest to the borrower's credit. `reference` is the bank transfer's
 * unique id, so a transfer reported twice posts once.
 */
export function repaymentPosting(context: LoanPostingContext, reference: string, allocation: { totals: Components; toCredit: Vnd; toRecovery?: Vnd }): Posting {
  const { totals, toCredit } = allocation;
  const toRecovery = allocation.toRecovery ?? 0n;
  for (const [part, amount] of Object.entries(totals)) positive(amount, part);
  positive(toCredit, 'Credit');
  positive(toRecovery, 'Recovery');
  const received = totals.overdueFee + totals.fee + totals.interest + totals.principal + toCredit + toRecovery;
  if (received <= 0n) throw new RangeError('A repayment must be positive');
  return build('repayment', `repayment:${reference}`, context, 'Repayment received', [
    debit(lender('collection_bank'), received),
    credit({ code: 'loan_overdue_fee', owner: context.loanId }, totals.overdueFee),
    credit({ code: 'loan_fee', owner: context.loanId }, totals.fee),
    credit({ code: 'loan_interest', owner: context.loanId }, totals.interest),
    credit({ code: 'loan_principal', owner: context.loanId }, totals.principal),
    credit({ code: 'borrower_credit', owner: context.borrowerId }, toCredit),
    // After a write-off (decision 100): the receivables are closed, the money is recovery income.
    credit(lender('recovery_income'), toRecovery),
  ])!;
}

/** Money from a borrower that no loan owes (e.g. a transfer after settlement): all of it to their credit. */
export function overpaymentCreditPosting(
  context: { borrowerId: string; loanId: string | null; businessDate: IsoDate },
  reference: string,
  amount: Vnd,
): Posting {
  if (amount <= 0n) throw new RangeError('Credit must be positive');
  return build('overpayment_credit', `overpayment:${reference}`, context, 'Overpayment kept as credit', [
    debit(lender('collection_bank'), amount),
    credit({ code: 'borrower_credit', owner: context.borrowerId }, amount),
  ])!;
}

/**
 * A transfer into the collection account that names no repayment (decision 114): the money is in
 * the bank, owed to someone we have not identified, so it waits in suspense. Keyed by the
 * transfer, so a transfer reported twice posts once.
 */
export function unidentifiedReceiptPosting(reference: string, businessDate: IsoDate, amount: Vnd): Posting {
  if (amount <= 0n) throw new RangeError('An unidentified receipt must be positive');
  return build('unidentified_receipt', `unidentified:${reference}`, { loanId: null, borrowerId: null, businessDate }, 'Unidentified transfer held in suspense', [
    debit(lender('collection_bank'), amount),
    credit(lender('unidentified_receipts'), amount),
  ])!;
}

/**
 * An unidentified transfer matched to a borrower's loans (decision 114): out of suspense and back
 * into the collection account, which the repayment posting that follows takes it from as any
 * transfer's money; the two together leave the bank balance as the receipt made it.
 */
export function unidentifiedMatchPosting(reference: string, businessDate: IsoDate, amount: Vnd): Posting {
  if (amount <= 0n) throw new RangeError('A match must be positive');
  return build('unidentified_match', `unidentified-match:${reference}`, { loanId: null, borrowerId: null, businessDate }, 'Unidentified transfer matched', [
    debit(lender('unidentified_receipts'), amount),
    credit(lender('collection_bank'), amount),
  ])!;
}

/**
 * An unidentified transfer sent back to its sender (decisions 114, 121): out of suspense and out
 * of the collection account, when the bank reports the outgoing transfer. Keyed by the transfer
 * held and the outgoing one (the reconciliation report matches the statement row by the latter).
 */
export function unidentifiedReturnPosting(heldReference: string, outgoingReference: string, businessDate: IsoDate, amount: Vnd): Posting {
  if (amount <= 0n) throw new RangeError('A return must be positive');
  return build('unidentified_return', `unidentified-return:${heldReference}:out-${outgoingReference}`, { loanId: null, borrowerId: null, businessDate }, 'Unidentified transfer returned to its sender', [
    debit(lender('unidentified_receipts'), amount),
    credit(lender('collection_bank'), amount),
  ])!;
}

/** Credit paid back to the borrower from the disbursement account. */
export function refundPosting(context: { borrowerId: string; loanId: string | null; businessDate: IsoDate }, reference: string, amount: Vnd): Posting {
  if (amount <= 0n) throw new RangeError('A refund must be positive');
  return build('refund', `refund:${reference}`, context, 'Credit refunded', [
    debit({ code: 'borrower_credit', owner: context.borrowerId }, amount),
    credit(lender('disbursement_bank'), amount),
  ])!;
}

/**
 * A loan written off (writeOff's amounts): principal to credit losses; interest and fees that
 * were booked as income but will not be collected are reversed out of that income. Null when
 * nothing was owed.
 */
export function writeOffPosting(context: LoanPostingContext, writtenOff: Components): Posting | null {
  for (const [part, amount] of Object.entries(writtenOff)) positive(amount, part);
  return build('write_off', `write-off:${context.loanId}`, context, 'Loan written off', [
    debit(lender('credit_losses'), writtenOff.principal),
    debit(lender('interest_income'), writtenOff.interest),
    debit(lender('fee_income'), writtenOff.fee),
    debit(lender('overdue_fee_income'), writtenOff.overdueFee),
    credit({ code: 'loan_principal', owner: context.loanId }, writtenOff.principal),
    credit({ code: 'loan_interest', owner: context.loanId }, writtenOff.interest),
    credit({ code: 'loan_fee', owner: context.loanId }, writtenOff.fee),
    credit({ code: 'loan_overdue_fee', owner: context.loanId }, writtenOff.overdueFee),
  ]);
}

/**
 * A loan restructured (decision 117; restructureLoan's amounts), keyed by the offer, so a retried
 * acceptance posts once: the old schedule's open receivables are closed (credited, per component),
 * the waived overdue fee and interest are reversed out of the income they were booked to (as a
 * write-off reverses them), and the new schedule's receivables are opened (debited) with what was
 * carried. Balanced because carried + waived = closed; the loan's accounts move by − waived.
 */
export function restructurePosting(context: LoanPostingContext, reference: string, amounts: { closed: Components; waived: Components; carried: Components }): Posting | null {
  const { closed, waived, carried } = amounts;
  for (const part of ['principal', 'interest', 'fee', 'overdueFee'] as const) {
    positive(closed[part], `closed ${part}`);
    positive(waived[part], `waived ${part}`);
    positive(carried[part], `carried ${part}`);
    if (closed[part] !== waived[part] + carried[part]) throw new RangeError(`closed ${part} must be waived + carried`);
  }
  if (waived.principal !== 0n || waived.fee !== 0n) throw new RangeError('Only the overdue fee and interest may be waived');
  const loan = (code: 'loan_principal' | 'loan_interest' | 'loan_fee' | 'loan_overdue_fee') => ({ code, owner: context.loanId }) as const;
  return build('restructure', `restructure:${reference}`, context, 'Loan restructured', [
    credit(loan('loan_principal'), closed.principal),
    credit(loan('loan_interest'), closed.interest),
    credit(loan('loan_fee'), closed.fee),
    credit(loan('loan_overdue_fee'), closed.overdueFee),
    debit(lender('interest_income'), waived.interest),
    debit(lender('overdue_fee_income'), waived.overdueFee),
    debit(loan('loan_principal'), carried.principal),
    debit(loan('loan_interest'), carried.interest),
    debit(loan('loan_fee'), carried.fee),
    debit(loan('loan_overdue_fee'), carried.overdueFee),
  ]);
}

/** Balances (debit − credit) per account key 'code' or 'code:owner', from postings. */
export function accountBalances(postings: readonly Posting[]): Map<string, Vnd> {
  const balances = new Map<string, Vnd>();
  for (const posting of postings) {
    for (const line of posting.lines) {
      const key = accountKey(line.account);
      balances.set(key, (balances.get(key) ?? 0n) + line.debit - line.credit);
    }
  }
  return balances;
}

export function accountKey(account: AccountRef): string {
  return account.owner === null ? account.code : `${account.code}:${account.owner}`;
}

/** Whether a balance (debit − credit) is allowed on an account by its rule. */
export function balanceAllowed(code: AccountCode, balance: Vnd): boolean {
  const rule = CHART_OF_ACCOUNTS[code].rule;
  if (rule === 'debit-or-zero') return balance >= 0n;
  if (rule === 'credit-or-zero') return balance <= 0n;
  return true;
}
