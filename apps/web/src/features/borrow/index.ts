/** The borrowing feature's surface for other features: the agreement dialog (an order's contracts) and the query keys. */
export { AgreementSheet } from './agreement-sheet.tsx';
export { borrowKeys } from './borrow-keys.ts';
