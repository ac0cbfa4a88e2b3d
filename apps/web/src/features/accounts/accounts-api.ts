import {
  type AddAccountRequest,
  type BankAccount,
  type BankBindRequest,
  type BankChannel,
  type EmergencyContactsResponse,
  type Wallet,
} from '@sen/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { refreshAuthStatus } from '../auth/index.ts';
import { borrowKeys } from '../borrow/index.ts';
import { homeKeys } from '../home/index.ts';
import { accountKeys } from './accounts-keys.ts';

/** The bank picker's list (shipped with the server; changes rarely). */
export function useBanks() {
  return useQuery<BankChannel[]>({ queryKey: accountKeys.banks(), queryFn: () => callEndpoint(endpoints.bankList, {}), staleTime: 60 * 60_000 });
}

export function useWallets() {
  return useQuery<Wallet[]>({ queryKey: accountKeys.wallets(), queryFn: () => callEndpoint(endpoints.walletList, {}), staleTime: 60 * 60_000 });
}

/** One receiving account of either kind, as the list shows it. */
export interface ReceivingAccountItem {
  id: number;
  kind: 'CARD' | 'WALLET';
  name: string;
  /** The bank's or wallet's code (VCB, MOMO), for its badge. */
  code: string;
  holder: string;
  maskedNumber: string;
  isDefault: boolean;
}

function cardItem(card: BankAccount): ReceivingAccountItem {
  return { id: card.id, kind: 'CARD', name: card.bankName, code: card.bankCode, holder: card.accountUser, maskedNumber: card.bankNo, isDefault: card.isDefault === 1 };
}

function walletItem(wallet: Wallet): ReceivingAccountItem {
  return { id: wallet.id, kind: 'WALLET', name: wallet.walletName, code: wallet.walletCode, holder: wallet.accountUser, maskedNumber: wallet.accountCode, isDefault: wallet.defaultSign === 1 };
}

/** Every receiving account (cards from bank/myCard, wallets from userCashWallet/list/my), the default first. */
export function useReceivingAccounts() {
  return useQuery<ReceivingAccountItem[]>({
    queryKey: accountKeys.receiving(),
    queryFn: async () => {
      const [cards, wallets] = await Promise.all([callEndpoint(endpoints.bankMyCard, {}), callEndpoint(endpoints.cashWalletListMy, {})]);
      const items = [...cards.map(cardItem), ...wallets.map(walletItem)];
      return items.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },
  });
}

export function useEmergencyContacts() {
  return useQuery<EmergencyContactsResponse>({ queryKey: accountKeys.contacts(), queryFn: () => callEndpoint(endpoints.emergencyContacts, {}) });
}

/**
 * What a change to the receiving accounts changes, invalidated by key: this feature's lists, every
 * user's signed-in home (its bank-error flag lasts until the account changes) and the loan
 * application's quotes (they name the account the money goes to). Resolves once the shown ones
 * are loaded again.
 */
function invalidateAfterAccountChange(client: QueryClient): Promise<unknown> {
  return Promise.all([accountKeys.all, homeKeys.indexes(), borrowKeys.quotes(), borrowKeys.loanPage()].map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * The BANK step (bank/bind/v2): the receiving account and the emergency contacts together. Once
 * saved, the lists are loaded again and the certification status with them (the step is done).
 * Errors are the caller's to show (a duplicate account belongs beside its field).
 */
export function useBindAccountAndContacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BankBindRequest) => callEndpoint(endpoints.bankBind, input, { skipErrorHandler: true }),
    onSuccess: async () => {
      await invalidateAfterAccountChange(client);
      await refreshAuthStatus().catch(() => undefined);
    },
  });
}

/** Another receiving account (bank/addBank). Errors are the caller's to show. */
export function useAddAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddAccountRequest) => callEndpoint(endpoints.bankAdd, input, { skipErrorHandler: true }),
    onSuccess: () => invalidateAfterAccountChange(client),
  });
}

/**
 * Set default and unbind, with the request layer's toast on a refusal. The lists are loaded again
 * whatever the answer: a refusal may come from a list that was out of date.
 */
export function useAccountActions() {
  const client = useQueryClient();
  const onSettled = () => invalidateAfterAccountChange(client);
  const setDefault = useMutation({
    mutationFn: (account: ReceivingAccountItem) =>
      account.kind === 'CARD' ? callEndpoint(endpoints.bankSetDefault, { bankInfoId: String(account.id) }) : callEndpoint(endpoints.cashWalletSetDefault, { id: account.id }),
    onSettled,
  });
  const unbind = useMutation({
    mutationFn: (account: ReceivingAccountItem) => callEndpoint(endpoints.bankUnbind, { bankInfoId: String(account.id), payWay: account.kind }),
    onSettled,
  });
  return { setDefault, unbind };
}
