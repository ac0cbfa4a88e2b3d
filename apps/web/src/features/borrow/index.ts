/** The borrowing feature's surface for other features: the agreement dialog (an order's contracts), the query keys, the signing-code step (a restructure's acceptance). */
export { AgreementSheet } from './agreement-sheet.tsx';
export { borrowKeys } from './borrow-keys.ts';
export { SigningCodeStep, type SigningCodeProblem } from './signing-code-step.tsx';
