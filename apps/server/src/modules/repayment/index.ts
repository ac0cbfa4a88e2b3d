export type { AppliedToLoan, CollectionService, LoanSettledEvent, MoneyReceived } from './collection.service.ts';
export { SEPAY_PROVIDER, type TransferReceived } from './bank-transfer.service.ts';
