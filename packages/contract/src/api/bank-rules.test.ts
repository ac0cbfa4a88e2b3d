import { describe, expect, it } from 'vitest';
import { firstMessageKey } from '../validation.ts';
import { addAccountRequestSchema, bankBindRequestSchema } from './bank.ts';
import { bankBindFormSchema, bankHolderName } from './bank-rules.ts';

const contacts = [
  { relatives: 1, relativesName: 'Bố', relativesMobile: '0387654321' },
  { relatives: '2', relativesName: ' Bạn ', relativesMobile: '705123456' },
];

function messageOf(schema: typeof bankBindRequestSchema | typeof addAccountRequestSchema, input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success ? null : firstMessageKey(result.error, input);
}

describe('bank/bind/v2 as the family sends it', () => {
  it('reads KMP (no payWay, ids as strings) and VT (a third contact, bankInfoId = countryId)', () => {
    const kmp = bankBindRequestSchema.parse({ bankId: '970436', bankInfoId: '84', bankCode: 'VCB', bankNo: '0123456789', accountUser: 'NGUYEN VAN A', relativesInfoVOList: contacts });
    expect(kmp).toEqual({
      account: { kind: 'CARD', bankId: 970436, holderName: 'NGUYEN VAN A', number: '0123456789' },
      contacts: [
        { relationship: 1, name: 'Bố', phone: '0387654321' },
        { relationship: 2, name: 'Bạn', phone: '0705123456' },
      ],
    });
    const vt = bankBindRequestSchema.parse({
      payWay: 'wallet',
      walletId: 3,
      accountCode: 901234567,
      accountUser: '',
      relativesInfoVOList: [...contacts, { relatives: 2, relativesName: 'Ba', relativesMobile: '0356789012' }],
    });
    expect(vt.account).toEqual({ kind: 'WALLET', walletId: 3, holderName: null, number: '901234567' });
    expect(vt.contacts).toHaveLength(2);
  });

  it('answers the first problem in form order', () => {
    expect(messageOf(bankBindRequestSchema, { relativesInfoVOList: contacts })).toBe('validation.select');
    expect(messageOf(bankBindRequestSchema, { bankId: 1, accountUser: 'A', bankNo: '123456', confirmBankNo: '123457', relativesInfoVOList: contacts })).toBe('validation.bankNo.mismatch');
    expect(messageOf(bankBindRequestSchema, { bankId: 1, accountUser: 'A', bankNo: '123456', relativesInfoVOList: [contacts[0], contacts[0]] })).toBe('validation.contact.samePhone');
    expect(messageOf(addAccountRequestSchema, { bankId: 1, accountUser: 'A', bankNo: ' 12 34 56 ' })).toBe('validation.number.digitsOnly');
  });

  it('the form variant also needs the confirmation and knows the borrower', () => {
    const form = bankBindFormSchema('0387654321');
    const result = form.safeParse({ bankId: 1, accountUser: 'A', bankNo: '123456', relativesInfoVOList: contacts });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmBankNo', 'validation.required'],
      ['relativesInfoVOList.0.relativesMobile', 'validation.contact.borrowerPhone'],
    ]);
  });
});

describe('holder names as banks hold them (issue 25)', () => {
  it('without diacritics, upper case, single spaces', () => {
    expect(bankHolderName(' Nguyễn  Văn An ')).toBe('NGUYEN VAN AN');
    expect(bankHolderName('Đặng Thị Ánh Tuyết')).toBe('DANG THI ANH TUYET');
    expect(bankHolderName('NGUYEN VAN AN')).toBe('NGUYEN VAN AN');
  });

  it('a bound card and a wallet keep the holder so', () => {
    const card = bankBindRequestSchema.parse({ bankId: 970436, bankNo: '0123456789', accountUser: 'Trần Thị Bình', relativesInfoVOList: contacts });
    expect(card.account).toMatchObject({ holderName: 'TRAN THI BINH' });
    const wallet = addAccountRequestSchema.parse({ payWay: 'WALLET', walletId: 3, accountCode: '0912345678', accountUser: 'Lê Đức' });
    expect(wallet).toMatchObject({ account: { holderName: 'LE DUC' } });
  });
});
