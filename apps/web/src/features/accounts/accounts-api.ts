import {
  type AddAccountRequest,
  type BankAccount,
  type BankBindRequest,
  type BankChannel,
  type EmergencyContactsResponse,
  type Wallet,
} from '@sen/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import type { RequestOptions } from '../../shared/request/request.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
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
  holder: string;
  maskedNumber: string;
  isDefault: boolean;
}

function cardItem(card: BankAccount): ReceivingAccountItem {
  return { id: card.id, kind: 'CARD', name: card.bankName, holder: card.accountUser, maskedNumber: card.bankNo, isDefault: card.isDefault === 1 };
}

function walletItem(wallet: Wallet): ReceivingAccountItem {
  return { id: wallet.id, kind: 'WALLET', name: wallet.walletName, holder: wallet.accountUser, maskedNumber: wallet.accountCode, isDefault: wallet.defaultSign === 1 };
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

export function bindAccountAndContacts(input: BankBindRequest, options?: RequestOptions) {
  return callEndpoint(endpoints.bankBind, input, options);
}

export function addAccount(input: AddAccountRequest, options?: RequestOptions) {
  return callEndpoint(endpoints.bankAdd, input, options);
}

/** Set default and unbind, refreshing the lists afterwards. */
export function useAccountActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
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
