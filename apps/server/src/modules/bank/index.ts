export type { BankService, ReceivingAccount, UnbindGuard } from './bank.service.ts';
