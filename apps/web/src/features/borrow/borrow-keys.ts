import type { AgreementQuery } from './borrow-api.ts';

/** Query keys of the loan application. */
export const borrowKeys = {
  all: ['borrow'] as const,
  quotes: () => [...borrowKeys.all, 'quote'] as const,
  quote: (productId: number, amount: number) => [...borrowKeys.quotes(), productId, amount] as const,
  loanPage: () => [...borrowKeys.all, 'loan-page'] as const,
  agreements: () => [...borrowKeys.all, 'agreement'] as const,
  agreement: (query: AgreementQuery | null, language: string) => [...borrowKeys.agreements(), query, language] as const,
};
