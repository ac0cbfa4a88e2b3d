/** What other features may use of the home: its query keys (a loan or a repayment changes the home) and the common/index query. */
export { homeKeys } from './home-keys.ts';
export { useCommonIndex } from './home-api.ts';
