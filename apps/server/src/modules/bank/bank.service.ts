import {
  contactPhoneProblem,
  PAY_WAY,
  VIETNAM_COUNTRY_ID,
  type BankAccount,
  type BankChannel,
  type ParsedAccount,
  type ParsedContact,
  type Wallet,
} from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { maskTail, type FieldCipher } from '../../shared/field-cipher.ts';
import type { CertificationService } from '../certification/index.ts';
import type { UserService } from '../user/index.ts';
import { BANKS, WALLETS, bankById, walletById, type WalletProvider } from './bank-catalogue.ts';
import type { AccountRow, BankRepository } from './bank.repository.ts';
import { familyDateTime } from '../../shared/family-time.ts';

/** What the borrow and order modules see of a receiving account: never the full number. */
export interface ReceivingAccount {
  id: number;
  kind: 'CARD' | 'WALLET';
  /** Bank code (e.g. 'VCB') or wallet code (e.g. 'MOMO'). */
  bankCode: string;
  bankName: string;
  /** NAPAS/VietQR BIN of the bank; '' for a wallet. */
  bin: string;
  holderName: string;
  maskedNumber: string;
}

/**
 * Refuses an unbind when it returns true: e.g. the order module says a loan is being paid out to
 * this account. Runs inside the unbind's transaction, with the user's accounts locked.
 */
export type UnbindGuard = (account: { userId: string; accountId: number }) => Promise<boolean>;

const BLIND_INDEX_PURPOSE = 'receiving-account';

/**
 * Receiving accounts (bank accounts and e-wallets) and emergency contacts. Numbers are encrypted at
 * rest and leave this service masked, except through accountNumberForPayout. Every change runs in
 * one transaction with the user's accounts locked, so the "at most one default" rule and the unbind
 * rules hold under concurrent calls (decision 046).
 */
export class BankService {
  private readonly unbindGuards: UnbindGuard[] = [];

  constructor(
    private readonly repository: BankRepository,
    private readonly uow: UnitOfWork,
    private readonly cipher: FieldCipher,
    private readonly users: UserService,
    private readonly certification: CertificationService,
    private readonly clock: Clock,
  ) {}

  banks(): readonly BankChannel[] {
    return BANKS;
  }

  wallets(): Wallet[] {
    return WALLETS.map((wallet, index) => walletView(wallet, { id: wallet.id, sort: index + 1 }));
  }

  /** The order module registers "a loan is being paid out to this account" here. */
  addUnbindGuard(guard: UnbindGuard): void {
    this.unbindGuards.push(guard);
  }

  /** The BANK step: the account (made the default) and the two contacts, saved whole or not at all. */
  async bind(userId: string, input: { account: ParsedAccount; contacts: ParsedContact[] }): Promise<void> {
    await this.checkContacts(userId, input.contacts);
    const provider = this.provider(input.account);
    await this.uow.transaction(async () => {
      const now = this.clock();
      await this.repository.lockUserAccounts(userId);
      const numberIndex = this.numberIndex(input.account, provider.code);
      const existing = await this.repository.findByNumberIndex(userId, numberIndex);
      // The step sent again (a correction of the contacts) keeps the account it already bound.
      let accountId: number;
      if (existing) {
        accountId = existing.id;
        if (input.account.holderName) await this.repository.updateHolderName(userId, existing.id, input.account.holderName, now);
      } else {
        accountId = (await this.repository.insert(this.newAccount(userId, input.account, provider, numberIndex), now)).id;
      }
      await this.repository.setDefault(userId, accountId, now);
      await this.repository.replaceContacts(
        userId,
        input.contacts.map((contact) => ({ relationship: contact.relationship, name: contact.name, phone: contact.phone })),
        now,
      );
      await this.certification.markItem(userId, 'BANK');
    });
  }

  /** Another account; the same one twice is refused. The first account, or `isDefault`, becomes the default. */
  async add(userId: string, input: { account: ParsedAccount; isDefault: boolean }): Promise<number> {
    const provider = this.provider(input.account);
    return this.uow.transaction(async () => {
      const now = this.clock();
      await this.repository.lockUserAccounts(userId);
      const numberIndex = this.numberIndex(input.account, provider.code);
      if (await this.repository.findByNumberIndex(userId, numberIndex)) throw new AppError('BANK_ACCOUNT_DUPLICATE');
      const row = await this.repository.insert(this.newAccount(userId, input.account, provider, numberIndex), now);
      if (input.isDefault || !(await this.repository.findDefault(userId))) await this.repository.setDefault(userId, row.id, now);
      return row.id;
    });
  }

  async setDefault(userId: string, accountId: number, kind?: 'CARD' | 'WALLET'): Promise<void> {
    await this.uow.transaction(async () => {
      await this.repository.lockUserAccounts(userId);
      const account = await this.repository.findActive(userId, accountId);
      if (!account || (kind && account.kind !== kind)) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
      if (!account.isDefault) await this.repository.setDefault(userId, accountId, this.clock());
    });
  }

  /**
   * Unbinds an account. Refused while a guard says a loan is being paid out to it, and for the
   * default while it is the only account; another default is chosen (the newest) otherwise.
   */
  async unbind(userId: string, accountId: number): Promise<void> {
    await this.uow.transaction(async () => {
      const now = this.clock();
      await this.repository.lockUserAccounts(userId);
      const account = await this.repository.findActive(userId, accountId);
      if (!account) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
      for (const guard of this.unbindGuards) {
        if (await guard({ userId, accountId })) throw new AppError('BANK_UNBIND_PAYOUT');
      }
      if (!account.isDefault) {
        await this.repository.unbind(userId, accountId, now);
        return;
      }
      const next = (await this.repository.listActive(userId)).find((other) => other.id !== accountId);
      if (!next) throw new AppError('BANK_UNBIND_ONLY_ACCOUNT');
      await this.repository.unbind(userId, accountId, now);
      await this.repository.setDefault(userId, next.id, now);
    });
  }

  /** bank/myCard: the bank accounts, default first. */
  async myCards(userId: string, publicUserId: number): Promise<BankAccount[]> {
    const rows = await this.repository.listActive(userId, 'CARD');
    return rows.map((row) => cardView(row, publicUserId));
  }

  /** userCashWallet/list/my: the wallet accounts, default first. */
  async myWallets(userId: string): Promise<Wallet[]> {
    const rows = await this.repository.listActive(userId, 'WALLET');
    return rows.map((row, index) => {
      const wallet = walletById(row.providerId) ?? { id: row.providerId, code: row.providerCode, name: row.providerName, description: '' };
      return walletView(wallet, {
        id: row.id,
        sort: index + 1,
        defaultSign: row.isDefault ? 1 : 0,
        accountCode: row.numberMasked,
        accountUser: row.holderName,
        createTime: familyDateTime(row.createdAt),
        updateTime: familyDateTime(row.updatedAt),
      });
    });
  }

  async emergencyContacts(userId: string) {
    return this.repository.listContacts(userId);
  }

  // ---- public service for the borrow and order modules ----

  async defaultAccount(userId: string): Promise<ReceivingAccount | null> {
    const row = await this.repository.findDefault(userId);
    return row ? publicView(row) : null;
  }

  async accountOf(userId: string, accountId: number): Promise<ReceivingAccount | null> {
    const row = await this.repository.findActive(userId, accountId);
    return row ? publicView(row) : null;
  }

  /** An account as a loan's record shows it (masked), even after it was unbound. */
  async accountRecord(userId: string, accountId: number): Promise<ReceivingAccount | null> {
    const row = await this.repository.findAny(userId, accountId);
    return row ? publicView(row) : null;
  }

  /** The full number, decrypted: for the payout provider only, never for a response or a log. */
  async accountNumberForPayout(userId: string, accountId: number): Promise<string | null> {
    const row = await this.repository.findActive(userId, accountId);
    return row ? this.cipher.decrypt(row.numberCipher) : null;
  }

  // ---- helpers ----

  private async checkContacts(userId: string, contacts: ParsedContact[]): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const problem = contactPhoneProblem(contacts, user.phone);
    if (problem) throw new AppError('VALIDATION_FAILED', { messageKey: problem.message });
  }

  private provider(account: ParsedAccount): { code: string; name: string; bin: string; id: number } {
    if (account.kind === 'CARD') {
      const bank = bankById(account.bankId);
      if (!bank) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.select' });
      return { id: bank.id, code: bank.bankCode, name: bank.longCode, bin: bank.bin };
    }
    const wallet = walletById(account.walletId);
    if (!wallet) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.select' });
    return { id: wallet.id, code: wallet.code, name: wallet.name, bin: '' };
  }

  private numberIndex(account: ParsedAccount, providerCode: string): string {
    return this.cipher.blindIndex(BLIND_INDEX_PURPOSE, `${account.kind}:${providerCode}:${account.number}`);
  }

  private newAccount(userId: string, account: ParsedAccount, provider: { id: number; code: string; name: string; bin: string }, numberIndex: string) {
    return {
      userId,
      kind: account.kind,
      providerId: provider.id,
      providerCode: provider.code,
      providerName: provider.name,
      bin: provider.bin,
      holderName: account.holderName ?? '',
      numberCipher: this.cipher.encrypt(account.number),
      numberIndex,
      numberMasked: maskTail(account.number),
      isDefault: false,
    };
  }
}

function publicView(row: AccountRow): ReceivingAccount {
  return {
    id: row.id,
    kind: row.kind,
    bankCode: row.providerCode,
    bankName: row.providerName,
    bin: row.bin,
    holderName: row.holderName,
    maskedNumber: row.numberMasked,
  };
}

function cardView(row: AccountRow, publicUserId: number): BankAccount {
  const bindTime = familyDateTime(row.createdAt);
  return {
    id: row.id,
    userId: publicUserId,
    appId: 1,
    countryId: VIETNAM_COUNTRY_ID,
    bankCode: row.providerCode,
    bankName: row.providerName,
    bankNo: row.numberMasked,
    cardNo: '',
    accountUser: row.holderName,
    bankPhone: '',
    isDefault: row.isDefault ? 1 : 0,
    status: 1,
    loanState: 0,
    payOutFailSign: false,
    bindTime,
    createTime: bindTime,
    updateTime: familyDateTime(row.updatedAt),
    payWay: PAY_WAY.CARD,
    bin: row.bin,
    logoUrl: '',
  };
}

function walletView(wallet: WalletProvider, extra: Partial<Wallet> & { id: number; sort: number }): Wallet {
  return {
    walletId: wallet.id,
    walletCode: wallet.code,
    walletName: wallet.name,
    walletType: PAY_WAY.WALLET,
    walletKey: wallet.code,
    walletValue: wallet.name,
    walletDesc: wallet.description,
    status: 1,
    defaultSign: 0,
    effectiveTime: '',
    expireTime: '',
    operator: '',
    createTime: '',
    updateTime: '',
    accountCode: '',
    accountUser: '',
    ...extra,
  };
}
