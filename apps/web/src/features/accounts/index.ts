/** What other features may use of receiving accounts: the list of the user's accounts (default first), and making one the default. */
export { useAccountActions, useReceivingAccounts, type ReceivingAccountItem } from './accounts-api.ts';
export type { AccountAndContactsPageState } from './account-and-contacts-page.tsx';
export type { AccountPageState } from './account-page.tsx';
