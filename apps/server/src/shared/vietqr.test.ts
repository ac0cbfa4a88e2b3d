import fc from 'fast-check';
import { QRPay } from 'vietnam-qr-pay';
import { describe, expect, it } from 'vitest';
import { buildVietQr, makeTransferContent, parseTransferContent, randomRepaymentReference, type CollectionAccount } from './vietqr.ts';

const account: CollectionAccount = { bankBin: '970422', accountNumber: '0000123456789', accountName: 'CONG TY SEN', bankName: 'MB Bank' };

/** EMVCo TLV fields (id, two-digit length, value), read independently of the package. */
function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo specifies, written here from the spec. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('VietQR payload', () => {
  it('carries the account, the amount, the content and a valid CRC', () => {
    const transfer = buildVietQr(account, 2_036_200n, 'R8K2P4Q');
    expect(transfer).toMatchObject({ bankBin: '970422', accountNumber: '0000123456789', amount: 2_036_200n, transferContent: makeTransferContent('R8K2P4Q') });
    const fields = tlv(transfer.qrData);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: the amount is fixed
    const merchant = tlv(fields.get('38')!);
    expect(merchant.get('00')).toBe('A000000727');
    expect(tlv(merchant.get('01')!)).toEqual(new Map([['00', '970422'], ['01', '0000123456789']]));
    expect(merchant.get('02')).toBe('QRIBFTTA');
    expect(fields.get('53')).toBe('704');
    expect(fields.get('54')).toBe('2036200');
    expect(fields.get('58')).toBe('VN');
    expect(tlv(fields.get('62')!).get('08')).toBe(transfer.transferContent);
    expect(transfer.qrData.slice(-8, -4)).toBe('6304');
    expect(transfer.qrData.slice(-4)).toBe(crc16(transfer.qrData.slice(0, -4)));
    // The package reads it back as valid.
    const decoded = new QRPay(transfer.qrData);
    expect(decoded.isValid).toBe(true);
    expect(decoded.consumer.bankNumber).toBe('0000123456789');
  });

  it('refuses amounts that are not positive or too long for the field', () => {
    expect(() => buildVietQr(account, 0n, 'R1')).toThrow(RangeError);
    expect(() => buildVietQr(account, 10n ** 13n, 'R1')).toThrow(RangeError);
  });
});

describe('transfer content', () => {
  it('is SEN, the reference and a check character, within 25 characters', () => {
    const content = makeTransferContent('R8K2P4Q');
    expect(content).toMatch(/^SENR8K2P4Q[0-9A-Z]$/);
    expect(makeTransferContent('A'.repeat(21))).toHaveLength(25);
    expect(() => makeTransferContent('a-b')).toThrow(RangeError);
    expect(() => makeTransferContent('A'.repeat(22))).toThrow(RangeError);
  });

  it('is found again in what banks report, however they decorate it', () => {
    const content = makeTransferContent('R8K2P4Q');
    for (const reported of [content, `MBVCB.1234.${content}.CT tu 0123 NGUYEN VAN A`, `${content.toLowerCase()} chuyen tien`, `FT24123 ${content.slice(0, 5)} ${content.slice(5)}`]) {
      expect(parseTransferContent(reported)).toBe('R8K2P4Q');
    }
    expect(parseTransferContent('CHUYEN TIEN TRA NO')).toBeNull();
    // One mistyped character is caught by the check character.
    expect(parseTransferContent(content.replace('K2', 'K3'))).toBeNull();
  });

  it('round-trips any reference, even inside other text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,21}$/), fc.stringMatching(/^[a-z ]{0,12}$/), (reference, noise) => {
        expect(parseTransferContent(`${noise} ${makeTransferContent(reference)} ${noise}`)).toBe(reference);
      }),
    );
  });

  it('draws references without look-alike characters that survive the round trip', () => {
    const drawn = Array.from({ length: 200 }, () => randomRepaymentReference());
    for (const reference of drawn) {
      expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      expect(parseTransferContent(`CT ${makeTransferContent(reference)}`)).toBe(reference);
    }
    expect(new Set(drawn).size).toBe(200);
    expect(() => randomRepaymentReference(3)).toThrow(RangeError);
  });
});
