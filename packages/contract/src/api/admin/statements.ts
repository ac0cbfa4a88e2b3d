import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { plainText } from '../../wire.ts';
import { isCalendarDay } from '../common.ts';
import { ADMIN_PATHS } from './paths.ts';
import { proposalSchema } from './proposals.ts';

/**
 * The bank statement import and the daily reconciliation report (issue 23 item 2;
 * docs/decisions/118-statement-import-and-daily-reconciliation.md): a CSV statement in SePay's
 * transaction shape is read row by row into the same transfers the webhook records (one per bank
 * id); the report compares what the bank says moved on a Vietnam date with the ledger's cash
 * accounts and the payout partner.
 */

const errors = ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'] as const;

/** The statement's columns, SePay's transaction fields (its webhook's and its API's names). */
export const STATEMENT_COLUMNS = ['id', 'gateway', 'transactionDate', 'accountNumber', 'code', 'content', 'transferType', 'transferAmount', 'accumulated', 'referenceCode', 'description'] as const;
/** Columns a statement may also carry (SePay's virtual account). */
export const STATEMENT_OPTIONAL_COLUMNS = ['subAccount'] as const;
/** The largest statement file accepted: a day of a busy collection account is far below it. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one file may hold. */
export const STATEMENT_MAX_ROWS = 10_000;

/**
 * Why a row was not taken: its cells do not match the header (`cells`), a field is missing or
 * not of its kind (`invalid`, with the field), the same bank id twice in the file (`duplicate`),
 * or a bank id already recorded with another amount, direction or account (`conflict`).
 */
export const STATEMENT_ROW_PROBLEMS = ['cells', 'invalid', 'duplicate', 'conflict'] as const;

export const statementRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first transaction row 2. */
  row: z.number().int(),
  problem: z.enum(STATEMENT_ROW_PROBLEMS),
  /** The column at fault (a statement column name), null for the whole row. */
  field: z.string().nullable(),
  /** The bank id of the row, when it could be read. */
  transactionId: z.string().nullable(),
});
export type StatementRowError = z.infer<typeof statementRowErrorSchema>;

export const statementImportResultSchema = z.object({
  fileName: z.string(),
  /** SHA-256 of the file (hex), as the audit row keeps it. */
  sha256: z.string(),
  /** Transaction rows in the file (the header not counted). */
  rows: z.number().int(),
  /** New rows recorded now: money out, other accounts' transfers, zero amounts (they post nothing). */
  recorded: z.number().int(),
  /** New money into the collection account, waiting for a second operator's approval of `proposal`. */
  proposed: z.number().int(),
  proposedAmount: z.number().int(),
  /** The `statement.import` proposal of the new money in; null when there is none or it was already proposed. */
  proposal: proposalSchema.nullable(),
  /** The same new money in already waits in a pending proposal (the file was uploaded before). */
  alreadyProposed: z.boolean(),
  /** Rows the bank had already reported (webhook or an earlier statement), same amount: nothing changed. */
  known: z.number().int(),
  errors: z.array(statementRowErrorSchema),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const adminStatementImportEndpoint = defineEndpoint({
  id: 'adminImportStatement',
  method: 'POST',
  path: ADMIN_PATHS.statementImport,
  summary:
    "Back office: imports a bank statement (CSV, SePay's transaction columns; file part `statement`). Rows the bank already reported change nothing; new money out is recorded; new money in becomes one `statement.import` proposal another operator approves, then goes the webhook's way (matched by reference or queued as unidentified).",
  module: 'repayment',
  /** The file's name as the operator picked it (a text part; shown in the proposal and the audit). */
  request: z.object({ fileName: plainText(255).trim().min(1).optional() }),
  response: statementImportResultSchema,
  signed: false,
  session: 'operator',
  bodyEncoding: 'multipart',
  // Checked by the import, not by the shared part checks: their refusals speak of images (decision 118).
  fileParts: [{ name: 'statement', required: false, maxBytes: STATEMENT_MAX_BYTES, description: 'The statement, CSV in UTF-8 (header row of SePay column names), at most 2 MB; absent or empty: STATEMENT_UNREADABLE, larger: STATEMENT_TOO_LARGE' }],
  fileTooLarge: 'STATEMENT_TOO_LARGE',
  permission: 'receipts.review',
  audited: 'statement.import',
  errors: [...errors, 'UPLOAD_MISSING', 'STATEMENT_UNREADABLE', 'STATEMENT_TOO_LARGE', 'STATEMENT_HEADER_INVALID', 'STATEMENT_TOO_MANY_ROWS'],
});

// ─── the daily reconciliation report ───

const dateSchema = z
  .string({ error: 'validation.admin.dateFormat' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.admin.dateFormat' })
  .refine(isCalendarDay, { error: 'validation.admin.dateFormat' });

/**
 * One difference between the bank and the ledger on the date:
 * - `bank_in_not_in_ledger`: money the bank reported in, with no posting in the ledger;
 * - `ledger_in_not_in_bank`: money the ledger received that no bank transfer of the date accounts for;
 * - `amount_mismatch`: the bank and the ledger (or the partner) disagree on an amount;
 * - `payout_not_on_statement`: a payout or refund the ledger and the partner sent that no statement row shows;
 * - `bank_out_not_in_ledger`: money out on the statement that is no payout or refund of ours;
 * - `unidentified_held`: money received up to that date still in suspense (open, or approved to return).
 */
export const RECONCILIATION_DIFFERENCES = [
  'bank_in_not_in_ledger',
  'ledger_in_not_in_bank',
  'amount_mismatch',
  'payout_not_on_statement',
  'bank_out_not_in_ledger',
  'unidentified_held',
] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCES)[number];

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  /** Our transfer row (bank_transfers.id), for the transfers and unmatched pages. */
  transferId: z.number().int().nullable(),
  /** The bank's transaction id. */
  bankTransactionId: z.string().nullable(),
  /** The ledger entry's key, or the payout/refund reference. */
  reference: z.string().nullable(),
  orderNo: z.string().nullable(),
  /** What the bank says, VND (null: nothing on the bank's side). */
  bankAmount: z.number().int().nullable(),
  /** What the ledger (or, for a payout, the partner) says, VND. */
  ledgerAmount: z.number().int().nullable(),
  /** The bank's time as it printed it, or our record's time. */
  at: z.string().nullable(),
  /** For `unidentified_held`: open or to_return. */
  state: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationReportSchema = z.object({
  /** The Vietnam business date. */
  date: z.string(),
  generatedAt: z.string(),
  totals: z.object({
    /** Money into the collection account the bank reported (webhook and statements), VND. */
    bankIn: z.number().int(),
    /** Money the ledger's cash accounts received (collection_bank debits net of same-day reversals). */
    ledgerIn: z.number().int(),
    /** Money out of our accounts on the statement rows. */
    bankOut: z.number().int(),
    /** Money the ledger paid out of its cash accounts (payouts and refunds). */
    ledgerOut: z.number().int(),
    /** Money still in suspense from transfers up to the date. */
    unidentifiedHeld: z.number().int(),
  }),
  /** Transfers of the date that came from a statement import (0: no statement imported yet for it). */
  statementRows: z.number().int(),
  /**
   * Whether a statement with rows of this date has been imported. Without one, the payouts and
   * refunds of the date cannot be checked against the bank yet: they are counted in
   * `awaitingStatement`, not listed as `payout_not_on_statement` differences (decision 121).
   */
  statementImported: z.boolean(),
  /** The payouts and refunds waiting for the day's statement (none once it is imported). */
  awaitingStatement: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Every difference (at most `differenceLimit`; `differenceCount` says how many there were). */
  differences: z.array(reconciliationDifferenceSchema),
  differenceCount: z.number().int(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const adminReconciliationReportEndpoint = defineEndpoint({
  id: 'adminReconciliationReport',
  method: 'GET',
  path: ADMIN_PATHS.reconciliationReport,
  summary: "Back office: the daily reconciliation of a Vietnam date: the bank's money in and out (webhook and statement rows) beside the ledger's cash accounts and the payout partner, and every difference.",
  module: 'ledger',
  request: z.object({ date: dateSchema }),
  response: reconciliationReportSchema,
  signed: false,
  session: 'operator',
  permission: 'ledger.read',
  errors: [...errors],
});
