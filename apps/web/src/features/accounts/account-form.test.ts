import { describe, expect, it } from 'vitest';
import { accountFormResolver, addPayload, bindPayload, emptyAccountForm, type AccountFormValues } from './account-form.ts';
import { filterBanks } from './bank-picker.tsx';

const valid = (): AccountFormValues => ({
  ...emptyAccountForm([
    { relatives: '1', relativesName: 'Nguyễn Thị Bình', relativesMobile: '0387654321' },
    { relatives: '2', relativesName: 'Trần Văn Cường', relativesMobile: '0705123456' },
  ]),
  bankId: '970436',
  accountUser: 'NGUYEN VAN AN',
  bankNo: '0011001234567',
  confirmBankNo: '0011001234567',
});

async function errorsOf(values: AccountFormValues, mode: 'bind' | 'add' = 'bind', phone: string | null = '0912345678') {
  const result = await accountFormResolver(mode, phone)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const flat: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') flat[path.join('.')] = message;
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, [...path, key]);
  };
  walk(result.errors, []);
  return flat;
}

describe('account form rules (the contract schemas)', () => {
  it('accepts a complete card with two contacts', async () => {
    expect(await errorsOf(valid())).toEqual({});
  });

  it('shows every problem at once, each beside its field, with the §5 messages', async () => {
    const errors = await errorsOf({ ...emptyAccountForm(), bankNo: '12ab' });
    expect(errors).toMatchObject({
      bankId: 'validation.select',
      accountUser: 'validation.required',
      bankNo: 'validation.number.digitsOnly',
      confirmBankNo: 'validation.required',
      'relativesInfoVOList.0.relatives': 'validation.select',
      'relativesInfoVOList.0.relativesName': 'validation.required',
      'relativesInfoVOList.1.relativesMobile': 'validation.phone.required',
    });
  });

  it("'BankNo does not match' when the number typed twice differs; whitespace-only is empty", async () => {
    expect(await errorsOf({ ...valid(), confirmBankNo: '0011001234568' })).toEqual({ confirmBankNo: 'validation.bankNo.mismatch' });
    expect(await errorsOf({ ...valid(), accountUser: '   ' })).toEqual({ accountUser: 'validation.required' });
  });

  it('contacts: different phones, neither the borrower’s', async () => {
    const same = valid();
    same.relativesInfoVOList[1]!.relativesMobile = '387654321';
    expect(await errorsOf(same)).toEqual({ 'relativesInfoVOList.1.relativesMobile': 'validation.contact.samePhone' });
    const mine = valid();
    mine.relativesInfoVOList[0]!.relativesMobile = '0912345678';
    expect(await errorsOf(mine)).toEqual({ 'relativesInfoVOList.0.relativesMobile': 'validation.contact.borrowerPhone' });
  });

  it('wallet: wallet and account twice; the add form ignores contacts', async () => {
    const wallet = { ...emptyAccountForm([]), payWay: 'WALLET' as const, walletId: '1', accountCode: '0901234567', confirmAccountCode: '0901234568' };
    expect(await errorsOf(wallet, 'add')).toEqual({ confirmAccountCode: 'validation.walletAccount.mismatch' });
    expect(await errorsOf({ ...wallet, confirmAccountCode: '0901234567' }, 'add')).toEqual({});
  });

  it('sends only the fields of the chosen kind, relationships as numbers', () => {
    const payload = bindPayload({ ...valid(), walletId: '3', accountCode: '1' });
    expect(payload).toEqual({
      payWay: 'CARD',
      bankId: '970436',
      accountUser: 'NGUYEN VAN AN',
      bankNo: '0011001234567',
      confirmBankNo: '0011001234567',
      relativesInfoVOList: [
        { relatives: 1, relativesName: 'Nguyễn Thị Bình', relativesMobile: '0387654321' },
        { relatives: 2, relativesName: 'Trần Văn Cường', relativesMobile: '0705123456' },
      ],
    });
    expect(addPayload({ ...emptyAccountForm([]), payWay: 'WALLET', walletId: '2', accountCode: '0901234567', confirmAccountCode: '0901234567' }, true)).toEqual({
      payWay: 'WALLET',
      walletId: '2',
      accountCode: '0901234567',
      confirmAccountCode: '0901234567',
      isDefault: true,
    });
  });
});

describe('bank search', () => {
  const banks = [
    { id: 970436, shortName: 'Vietcombank', bankCode: 'VCB', bankName: 'Ngân hàng TMCP Ngoại Thương Việt Nam' },
    { id: 970407, shortName: 'Techcombank', bankCode: 'TCB', bankName: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
    { id: 970405, shortName: 'Agribank', bankCode: 'AGRIBANK', bankName: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam' },
  ];
  it('finds by short name, code or full name, with or without diacritics', () => {
    expect(filterBanks(banks, 'ngoai thuong').map((bank) => bank.bankCode)).toEqual(['VCB']);
    expect(filterBanks(banks, 'Nông nghiệp').map((bank) => bank.bankCode)).toEqual(['AGRIBANK']);
    expect(filterBanks(banks, 'tcb').map((bank) => bank.bankCode)).toEqual(['TCB']);
    expect(filterBanks(banks, '  ')).toHaveLength(3);
    expect(filterBanks(banks, 'paypal')).toEqual([]);
  });
});
