import { VIETNAM_COUNTRY_ID, type BankChannel } from '@sen/contract';
import vietnamQrPay from 'vietnam-qr-pay';

/**
 * The banks and e-wallets an account can be bound to, shipped with the server (no network at run
 * time). Banks come from `vietnam-qr-pay` (a maintained list of VietQR/NAPAS members: code, short
 * name, legal name, BIN): every member that is not deprecated, has a BIN and is a bank (MoMo is in
 * that list too; it is a wallet here). Where two members share a BIN (DongA Bank became Vikki Bank)
 * the one VietQR still transfers to is kept. A bank's id is its BIN as a number: stable across
 * package updates, so a stored bankId keeps naming the same bank. The package ships no logos.
 */
const WALLET_CODES_IN_BANK_LIST = new Set(['MOMO']);

function buildBanks(): BankChannel[] {
  const byBin = new Map<string, (typeof vietnamQrPay.Banks)[number]>();
  for (const bank of vietnamQrPay.Banks) {
    if (bank.deprecated || !/^\d{6}$/.test(bank.bin) || WALLET_CODES_IN_BANK_LIST.has(bank.code)) continue;
    const known = byBin.get(bank.bin);
    if (!known || bank.vietQRStatus > known.vietQRStatus) byBin.set(bank.bin, bank);
  }
  return [...byBin.values()]
    .map((bank) => ({
      id: Number(bank.bin),
      status: 1,
      bankCode: bank.code,
      bankName: bank.name,
      longCode: bank.shortName,
      shortName: bank.shortName,
      bin: bank.bin,
      logoUrl: '',
      countryId: VIETNAM_COUNTRY_ID,
    }))
    .sort((a, b) => a.shortName.localeCompare(b.shortName, 'vi'));
}

export const BANKS: readonly BankChannel[] = buildBanks();
const banksById = new Map(BANKS.map((bank) => [bank.id, bank]));

export function bankById(id: number): BankChannel | null {
  return banksById.get(id) ?? null;
}

export interface WalletProvider {
  id: number;
  code: string;
  name: string;
  description: string;
}

/** E-wallets licensed in Vietnam that pay out to a phone-number account; ids are ours and fixed. */
export const WALLETS: readonly WalletProvider[] = [
  { id: 1, code: 'MOMO', name: 'MoMo', description: 'Ví MoMo' },
  { id: 2, code: 'ZALOPAY', name: 'ZaloPay', description: 'Ví ZaloPay' },
  { id: 3, code: 'VIETTELMONEY', name: 'Viettel Money', description: 'Ví Viettel Money' },
  { id: 4, code: 'VNPTMONEY', name: 'VNPT Money', description: 'Ví VNPT Money' },
  { id: 5, code: 'SHOPEEPAY', name: 'ShopeePay', description: 'Ví ShopeePay' },
];
const walletsById = new Map(WALLETS.map((wallet) => [wallet.id, wallet]));

export function walletById(id: number): WalletProvider | null {
  return walletsById.get(id) ?? null;
}
