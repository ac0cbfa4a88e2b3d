/** The orders feature's surface for other features: the status chip and the order queries' keys. */
export { OrderStatusTag, statusTone } from './order-status.tsx';
export { useOrderDetail } from './orders-api.ts';
export { orderKeys } from './orders-keys.ts';
export { RepaymentPlan } from './repayment-plan.tsx';
export { LoanAmountsFacts } from './loan-amounts.tsx';
