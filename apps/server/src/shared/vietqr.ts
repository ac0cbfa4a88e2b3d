import { randomInt } from 'node:crypto';
import { QRPay } from 'vietnam-qr-pay';

/**
 * VietQR (NAPAS 247 QR) payloads for repayments by bank transfer to the lender's collection
 * account (issue 12). The borrower's banking app scans the code and fills in the account, the
 * amount and the transfer content; the bank's notification of the incoming transfer (SePay
 * webhook, next session) carries the content back, and `parseTransferContent` finds our
 * reference in it.
 *
 * The payload is built by `vietnam-qr-pay` (EMVCo merchant-presented QR with the VietQR GUID
 * A000000727, service QRIBFTTA = transfer to an account, CRC16-CCITT).
 */
export interface CollectionAccount {
  /** NAPAS bank BIN, 6 digits. */
  bankBin: string;
  accountNumber: string;
  /** The holder as the bank shows it. */
  accountName: string;
  /** Short bank name shown to the borrower. */
  bankName: string;
}

export interface VietQrTransfer {
  /** The EMVCo payload to draw as a QR code. */
  qrData: string;
  bankBin: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  amount: bigint;
  /** What the borrower must write as the transfer content when paying by hand. */
  transferContent: string;
}

/** Our transfer contents start with this, then the reference, then one check character. */
export const TRANSFER_CONTENT_PREFIX = 'SEN';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Banks keep 25+ characters of content everywhere; prefix + reference + check stays within 25. */
const MAX_REFERENCE_LENGTH = 21;

/** A check character over the reference (weighted sum mod 36): a mistyped character is caught. */
function checkCharacter(reference: string): string {
  let sum = 0;
  for (let index = 0; index < reference.length; index += 1) sum += ALPHABET.indexOf(reference[index]!) * (index + 2);
  return ALPHABET[sum % 36]!;
}

/**
 * A new random repayment reference: `length` characters of digits and upper-case letters without
 * the look-alikes 0/O and 1/I (borrowers sometimes type it by hand). Store it under a unique index
 * and draw again on a collision; 8 characters give 32^8 ≈ 10^12 references.
 */
export function randomRepaymentReference(length = 8): string {
  const letters = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  if (!Number.isSafeInteger(length) || length < 4 || length > MAX_REFERENCE_LENGTH) throw new RangeError(`A reference has 4-${MAX_REFERENCE_LENGTH} characters`);
  return Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
}

/**
 * The transfer content for a repayment reference (upper-case letters and digits, at most 21):
 * 'SEN' + reference + check character, e.g. 'SENR8K2P4Q7' for R8K2P4Q. Only ASCII letters and
 * digits, so no bank drops or changes a character of it.
 */
export function makeTransferContent(reference: string): string {
  if (!/^[0-9A-Z]+$/.test(reference) || reference.length > MAX_REFERENCE_LENGTH) {
    throw new RangeError(`A repayment reference is 1-${MAX_REFERENCE_LENGTH} upper-case letters and digits: ${reference}`);
  }
  return `${TRANSFER_CONTENT_PREFIX}${reference}${checkCharacter(reference)}`;
}

/**
 * Finds our reference in the content a bank reports for an incoming transfer. Banks prepend and
 * append their own text (a sender name, 'FT24...', 'CHUYEN TIEN') and some lower-case or split it
 * with spaces, dots or dashes, so every word run is tried. Answers the reference whose check
 * character matches, or null.
 */
export function parseTransferContent(content: string): string | null {
  const compact = content.toUpperCase().replace(/[^0-9A-Z]+/g, ' ');
  const candidates = [...compact.split(' '), compact.replace(/ /g, '')];
  for (const candidate of candidates) {
    let at = candidate.indexOf(TRANSFER_CONTENT_PREFIX);
    while (at !== -1) {
      const rest = candidate.slice(at + TRANSFER_CONTENT_PREFIX.length);
      // The longest run that checks out wins (references have no fixed length).
      for (let end = Math.min(rest.length, MAX_REFERENCE_LENGTH + 1); end >= 2; end -= 1) {
        const reference = rest.slice(0, end - 1);
        if (checkCharacter(reference) === rest[end - 1]) return reference;
      }
      at = candidate.indexOf(TRANSFER_CONTENT_PREFIX, at + 1);
    }
  }
  return null;
}

/** The VietQR payload of a transfer of `amount` to the collection account with our content. */
export function buildVietQr(account: CollectionAccount, amount: bigint, reference: string): VietQrTransfer {
  if (amount <= 0n) throw new RangeError('A transfer amount must be positive');
  if (amount.toString().length > 13) throw new RangeError('Amount too large for a VietQR code');
  const transferContent = makeTransferContent(reference);
  const qrData = QRPay.initVietQR({
    bankBin: account.bankBin,
    bankNumber: account.accountNumber,
    amount: amount.toString(),
    purpose: transferContent,
  }).build();
  return {
    qrData,
    bankBin: account.bankBin,
    bankName: account.bankName,
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    amount,
    transferContent,
  };
}
