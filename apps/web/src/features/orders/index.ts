/** The orders feature's surface for other features: the status chip and the order queries' keys. */
export { OrderStatusTag, statusTone } from './order-status.tsx';
export { orderKeys, useOrderDetail } from './orders-api.ts';
export { RepaymentPlan } from './repayment-plan.tsx';
