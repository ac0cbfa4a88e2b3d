import { zodResolver } from '@hookform/resolvers/zod';
import type { AddAccountRequest, BankBindRequest } from '@sen/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface ContactFormValues {
  relatives: string;
  relativesName: string;
  relativesMobile: string;
}

/** What the account forms hold: the wire's fields, as typed (ids as strings, '' when not chosen). */
export interface AccountFormValues {
  payWay: 'CARD' | 'WALLET';
  bankId: string;
  accountUser: string;
  bankNo: string;
  confirmBankNo: string;
  walletId: string;
  accountCode: string;
  confirmAccountCode: string;
  relativesInfoVOList: ContactFormValues[];
}

export const emptyContact = (): ContactFormValues => ({ relatives: '', relativesName: '', relativesMobile: '' });

export function emptyAccountForm(contacts: ContactFormValues[] = [emptyContact(), emptyContact()]): AccountFormValues {
  return { payWay: 'CARD', bankId: '', accountUser: '', bankNo: '', confirmBankNo: '', walletId: '', accountCode: '', confirmAccountCode: '', relativesInfoVOList: contacts };
}

const loadSchemas = () => import('./account-form-schemas.ts');

type AnyResolver = Resolver<AccountFormValues>;

/**
 * The contract's form schemas as a react-hook-form resolver. The account and the contacts are
 * checked separately and their errors merged, so every field's message shows at once (the bind
 * schema reports the account's rules only once the contacts' types are right).
 */
export function accountFormResolver(mode: 'bind' | 'add', borrowerPhone: string | null): AnyResolver {
  return async (values, context, options) => {
    const { addAccountFormSchema, bankBindFormSchema } = await loadSchemas();
    const account = await (zodResolver(addAccountFormSchema() as never, undefined, { raw: true }) as AnyResolver)(values, context, options);
    if (mode === 'add') return account;
    const bind = await (zodResolver(bankBindFormSchema(borrowerPhone) as never, undefined, { raw: true }) as AnyResolver)(values, context, options);
    const errors: FieldErrors<AccountFormValues> = { ...bind.errors, ...account.errors };
    if (Object.keys(errors).length === 0) return bind;
    return { values: {}, errors };
  };
}

/** The account's fields of its kind only, as the wire has them. */
function accountPayload(values: AccountFormValues) {
  return values.payWay === 'CARD'
    ? { payWay: 'CARD' as const, bankId: values.bankId, accountUser: values.accountUser, bankNo: values.bankNo, confirmBankNo: values.confirmBankNo }
    : {
        payWay: 'WALLET' as const,
        walletId: values.walletId,
        accountCode: values.accountCode,
        confirmAccountCode: values.confirmAccountCode,
        ...(values.accountUser.trim() ? { accountUser: values.accountUser } : {}),
      };
}

export function bindPayload(values: AccountFormValues): BankBindRequest {
  return {
    ...accountPayload(values),
    relativesInfoVOList: values.relativesInfoVOList.map((contact) => ({ ...contact, relatives: Number(contact.relatives) || contact.relatives })),
  } as BankBindRequest;
}

export function addPayload(values: AccountFormValues, isDefault: boolean): AddAccountRequest {
  return { ...accountPayload(values), isDefault } as AddAccountRequest;
}
