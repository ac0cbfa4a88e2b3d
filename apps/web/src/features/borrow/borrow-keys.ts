import type { AgreementQuery } from './borrow-api.ts';

/** Query keys of the loan application. */
export const borrowKeys = {
  all: ['borrow'] as const,
  quotes: () => [...borrowKeys.all, 'quote'] as const,
  quote: (productId: number, amount: number) => [...borrowKeys.quotes(), productId, amount] as const,
  loanPage: () => [...borrowKeys.all, 'loan-page'] as const,
  /** The loan page for a total asked (withdraw with an amount choice), or all the credit (null). */
  loanPageFor: (amount: number | null) => [...borrowKeys.loanPage(), amount ?? 'all'] as const,
  agreements: () => [...borrowKeys.all, 'agreement'] as const,
  agreement: (query: AgreementQuery | null, language: string) => [...borrowKeys.agreements(), query, language] as const,
};
