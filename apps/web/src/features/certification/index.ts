/** The certification feature's public surface: the step runner's rules (pages are loaded by the router). */
export { STEP_ROUTES, batchItems, nextBatchItem, stepsBeforeBorrowing } from './steps.ts';
export { useLeaveConfirm } from './leave-confirm.tsx';
