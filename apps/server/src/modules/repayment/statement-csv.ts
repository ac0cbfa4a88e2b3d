import { sepayWebhookRequestSchema, STATEMENT_COLUMNS, STATEMENT_MAX_ROWS, STATEMENT_OPTIONAL_COLUMNS, type StatementRowError } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { SepayTransfer } from './bank-transfer.service.ts';
import { parseBankTime } from './transfer-matching.ts';

/*
 * A bank statement as CSV in SePay's transaction shape (docs/decisions/118): a header row of
 * SePay's field names (any order), then one transaction a row. A wrong header refuses the whole
 * file (nothing could be read right); a bad row is listed with its spreadsheet row number and the
 * rest are read. Each row becomes exactly what the webhook receives: it is validated by the
 * webhook's own schema, so a bank id is its canonical digits ("0900000123" is 900000123, issue 23
 * item 7) and an amount an integer number of đồng.
 */

/** One transaction row read from a statement. */
export interface StatementRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  transfer: SepayTransfer;
}

export interface ParsedStatement {
  rows: StatementRow[];
  errors: StatementRowError[];
  /** Transaction rows in the file (blank lines not counted). */
  total: number;
}

const KNOWN_COLUMNS: readonly string[] = [...STATEMENT_COLUMNS, ...STATEMENT_OPTIONAL_COLUMNS];

/**
 * The records of a CSV text (RFC 4180: quoted cells with "" for a quote, CRLF or LF), with the
 * line each record starts on. The delimiter is the header's: a comma, or a semicolon or tab as
 * some banks' exports use.
 */
export function csvRecords(text: string): Array<{ line: number; cells: string[] }> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"') {
        if (text[at + 1] === '"') {
          cell += '"';
          at += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Whole đồng as banks print them: digits, or digits grouped by thousands with one separator ('1.500.000', '1,500,000'). */
export function parseVnd(text: string): number | null {
  const value = text.trim().replace(/\s+/g, '');
  let digits: string;
  if (/^\d+$/.test(value)) digits = value;
  else if (/^\d{1,3}(\.\d{3})+$/.test(value) || /^\d{1,3}(,\d{3})+$/.test(value)) digits = value.replace(/[.,]/g, '');
  else return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) ? amount : null;
}

/** The file as text, or STATEMENT_UNREADABLE (not UTF-8, or binary). */
function decode(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new AppError('STATEMENT_UNREADABLE');
  }
  if (text.includes('\u0000')) throw new AppError('STATEMENT_UNREADABLE');
  return text.replace(/^\uFEFF/, '');
}

/** Refuses the file unless its header names every SePay column once and nothing else. */
function checkHeader(header: readonly string[]): void {
  const seen = new Set<string>();
  const unknown: string[] = [];
  for (const name of header) {
    if (!KNOWN_COLUMNS.includes(name) || seen.has(name)) unknown.push(name || '(empty)');
    seen.add(name);
  }
  const missing = STATEMENT_COLUMNS.filter((name) => !seen.has(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new AppError('STATEMENT_HEADER_INVALID', { params: { missing: missing.join(', ') || '—', unknown: unknown.join(', ') || '—' }, data: { missing, unknown } });
  }
}

/** One row's cells by column, as the webhook's body: empty optional cells are absent or null. */
function rowBody(header: readonly string[], cells: readonly string[]): { body: Record<string, unknown>; bad: string[] } {
  const value = (name: string) => (cells[header.indexOf(name)] ?? '').trim();
  const bad: string[] = [];
  const nullable = (name: string) => value(name) || null;
  const amount = parseVnd(value('transferAmount'));
  if (amount === null) bad.push('transferAmount');
  const accumulatedText = value('accumulated');
  const accumulated = accumulatedText === '' ? undefined : accumulatedText.startsWith('-') ? (parseVnd(accumulatedText.slice(1)) ?? Number.NaN) * -1 : parseVnd(accumulatedText);
  if (accumulated === null || Number.isNaN(accumulated)) bad.push('accumulated');
  // The report goes by the bank's date: a row without a readable time cannot be placed.
  if (parseBankTime(value('transactionDate')) === null) bad.push('transactionDate');
  if (value('accountNumber') === '') bad.push('accountNumber');
  const body: Record<string, unknown> = {
    id: value('id'),
    gateway: value('gateway'),
    transactionDate: value('transactionDate'),
    accountNumber: value('accountNumber'),
    code: nullable('code'),
    content: value('content'),
    transferType: value('transferType').toLowerCase(),
    transferAmount: amount ?? -1,
    ...(typeof accumulated === 'number' && !Number.isNaN(accumulated) ? { accumulated } : {}),
    subAccount: header.includes('subAccount') ? nullable('subAccount') : null,
    referenceCode: nullable('referenceCode'),
    description: value('description'),
  };
  return { body, bad };
}

/**
 * Reads a statement file: every row checked, bad ones listed (row number, column), good ones as
 * the webhook's transfers. Throws STATEMENT_UNREADABLE, STATEMENT_HEADER_INVALID or
 * STATEMENT_TOO_MANY_ROWS for a file that cannot be imported at all.
 */
export function parseStatement(file: Buffer): ParsedStatement {
  const records = csvRecords(decode(file)).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord || dataRecords.length === 0) throw new AppError('STATEMENT_UNREADABLE');
  const header = headerRecord.cells.map((cell) => cell.trim());
  checkHeader(header);
  if (dataRecords.length > STATEMENT_MAX_ROWS) throw new AppError('STATEMENT_TOO_MANY_ROWS', { params: { max: STATEMENT_MAX_ROWS } });

  const rows: StatementRow[] = [];
  const errors: StatementRowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const record of dataRecords) {
    const row = record.line;
    const rawId = (record.cells[header.indexOf('id')] ?? '').trim();
    const readableId = /^\d{1,20}$/.test(rawId) ? BigInt(rawId).toString() : null;
    if (record.cells.length !== header.length) {
      errors.push({ row, problem: 'cells', field: null, transactionId: readableId });
      continue;
    }
    const { body, bad } = rowBody(header, record.cells);
    const parsed = sepayWebhookRequestSchema.safeParse(body);
    const fields = new Set(bad);
    if (!parsed.success) for (const issue of parsed.error.issues) fields.add(String(issue.path[0] ?? 'id'));
    if (!parsed.success || fields.size > 0) {
      // In the header's order, so the operator reads them left to right.
      for (const field of header.filter((name) => fields.has(name))) errors.push({ row, problem: 'invalid', field, transactionId: readableId });
      continue;
    }
    const transfer = parsed.data;
    if (firstRowOf.has(transfer.id)) {
      errors.push({ row, problem: 'duplicate', field: 'id', transactionId: transfer.id });
      continue;
    }
    firstRowOf.set(transfer.id, row);
    rows.push({ row, transfer });
  }
  return { rows, errors, total: dataRecords.length };
}
