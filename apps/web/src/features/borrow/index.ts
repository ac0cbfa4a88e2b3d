/** The borrowing feature's surface for other features: the agreement dialog (an order's contracts). */
export { AgreementSheet } from './agreement-sheet.tsx';
