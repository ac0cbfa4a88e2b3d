export { LoanService, type LoadedLoan } from './loan.service.ts';
export { OrderRepository, newOrderNo, instalmentRowsOf, type NewOrder } from './order.repository.ts';
export * from './loan-state.ts';
export { PayoutService, type PayoutRun } from './payout.service.ts';
export { OrderService } from './order.service.ts';
export { BorrowingService } from './borrowing.service.ts';
