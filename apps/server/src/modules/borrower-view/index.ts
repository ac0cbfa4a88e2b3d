export type { BorrowerViewService } from './borrower-view.service.ts';
