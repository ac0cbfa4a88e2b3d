export type { BorrowerViewService } from './borrower-view.service.ts';
export { maskPhoneForOperators } from './borrower-search.ts';
