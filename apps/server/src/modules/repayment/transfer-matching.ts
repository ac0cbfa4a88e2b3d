import { vietnamDateTime, vietnamInstant } from '@sen/domain';
import { makeTransferContent, randomRepaymentReference, TRANSFER_CONTENT_PREFIX } from '../../shared/vietqr.ts';

/*
 * What a bank transfer's content says (docs/decisions/076-collection.md): our repayment requests'
 * transfer contents ('SEN' + 8 characters + a check character) and our order numbers ('SEN' +
 * yyMMdd + 8 digits, the memo of offline repayments). Banks add their own words, upper- or
 * lower-case the content and insert spaces, dots or dashes, sometimes inside our code, so every
 * reading is tried and every candidate that checks out is looked up; the caller keeps the one
 * the database knows.
 */

/** Characters of a request reference (vietqr.ts randomRepaymentReference: no 0/O, 1/I). */
const REFERENCE = /^[2-9A-HJ-NP-Z]{8}$/;
const REFERENCE_LENGTH = 8;
/** 'SEN' + the reference + the check character. */
export const REQUEST_CODE_LENGTH = TRANSFER_CONTENT_PREFIX.length + REFERENCE_LENGTH + 1;
const ORDER_NO = /SEN\d{14}/g;

/** A new transfer content for a repayment request, e.g. 'SEN7K3M9Q2PX'. */
export function newRequestCode(): string {
  return makeTransferContent(randomRepaymentReference(REFERENCE_LENGTH));
}

/** Whether `code` is one of ours: the prefix, 8 reference characters and the right check character. */
export function isRequestCode(code: string): boolean {
  if (code.length !== REQUEST_CODE_LENGTH || !code.startsWith(TRANSFER_CONTENT_PREFIX)) return false;
  const reference = code.slice(TRANSFER_CONTENT_PREFIX.length, TRANSFER_CONTENT_PREFIX.length + REFERENCE_LENGTH);
  return REFERENCE.test(reference) && makeTransferContent(reference) === code;
}

/** The readings of a text: each run of letters and digits, and all of them joined (a code split by a bank). */
function readings(texts: ReadonlyArray<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const text of texts) {
    if (!text) continue;
    const words = text.toUpperCase().split(/[^0-9A-Z]+/).filter(Boolean);
    out.push(...words, words.join(''));
  }
  return out;
}

/** Every request code in the texts (SePay's `code`, then the content), in the order found, once each. */
export function requestCodeCandidates(texts: ReadonlyArray<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const reading of readings(texts)) {
    for (let at = reading.indexOf(TRANSFER_CONTENT_PREFIX); at !== -1; at = reading.indexOf(TRANSFER_CONTENT_PREFIX, at + 1)) {
      const candidate = reading.slice(at, at + REQUEST_CODE_LENGTH);
      if (isRequestCode(candidate)) found.add(candidate);
    }
  }
  return [...found];
}

/** Every order number in the texts, in the order found, once each. */
export function orderNoCandidates(texts: ReadonlyArray<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const reading of readings(texts)) for (const match of reading.matchAll(ORDER_NO)) found.add(match[0]);
  return [...found];
}

/** An account number as banks print it: letters and digits only, upper-case. */
export function normaliseAccountNumber(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * The instant of a bank's 'yyyy-MM-dd HH:mm:ss' (Vietnam time, SePay's transactionDate); null
 * when it is not such a time.
 */
export function parseBankTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1) as [string, string, string, string, string, string | undefined];
  try {
    return vietnamInstant(`${year}-${month}-${day}`, `${hour}:${minute}:${second ?? '00'}`);
  } catch {
    return null;
  }
}

/** An instant as a bank prints it: 'yyyy-MM-dd HH:mm:ss', Vietnam time. */
export function formatBankTime(instant: Date): string {
  return vietnamDateTime(instant);
}

/**
 * The memo an unidentified transfer is sent back with (decision 121): 'HOANTRA' ("return") and the
 * transfer's id, e.g. 'HOANTRA1234'. Finance types it in the bank's memo; the statement row or
 * webhook that reports the outgoing transfer is matched to the return by it and by the amount.
 */
export const RETURN_MEMO_PREFIX = 'HOANTRA';
export function returnMemoOf(transferId: number): string {
  return `${RETURN_MEMO_PREFIX}${transferId}`;
}

/** The transfer ids of every return memo in the texts (spaces or dashes a bank inserts are tried both ways), once each. */
export function returnMemoCandidates(texts: ReadonlyArray<string | null | undefined>): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`${RETURN_MEMO_PREFIX}0*(\\d{1,15})`, 'g');
  for (const reading of readings(texts)) {
    for (const match of reading.matchAll(pattern)) {
      const id = Number(match[1]);
      if (Number.isSafeInteger(id) && id > 0) found.add(id);
    }
  }
  return [...found];
}
