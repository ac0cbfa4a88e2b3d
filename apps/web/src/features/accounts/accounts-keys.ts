/** Query keys of receiving accounts and emergency contacts; every change to an account invalidates `all`. */
export const accountKeys = {
  all: ['accounts'] as const,
  /** The bank picker's list. */
  banks: () => [...accountKeys.all, 'banks'] as const,
  /** The e-wallet picker's list. */
  wallets: () => [...accountKeys.all, 'wallets'] as const,
  /** The borrower's own cards and wallets, default first. */
  receiving: () => [...accountKeys.all, 'receiving'] as const,
  contacts: () => [...accountKeys.all, 'contacts'] as const,
};
