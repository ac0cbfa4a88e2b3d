export { LedgerService, PostingConflictError, type LoanBalances, type PostResult } from './ledger.service.ts';
export type { LedgerCheck, LedgerCheckReport, LedgerViolation } from './ledger-checks.ts';
