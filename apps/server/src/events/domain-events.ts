import type { AuthItem } from '@sen/contract';

/**
 * The domain events (decision 079): facts recorded in the transaction of the change and delivered
 * after it commits, at least once, to idempotent handlers registered in compose.ts. Payloads are
 * plain data (bigints and dates survive the outbox's JSON).
 */
export interface DomainEvents {
  /** A certification item changed state; `hasAuth` when every configured item is done. */
  'certification.itemChanged': { userId: string; item: AuthItem; state: string; hasAuth: boolean };
  /** The review job decided a credit review. */
  'credit.decided': {
    userId: string;
    reviewId: string;
    outcome: 'approve' | 'reject' | 'calm';
    status: number;
    creditLimitVnd: bigint;
    /** yyyy-MM-dd: next try after a rejection, or the end of a calm period; null on approval. */
    nextTryDate: string | null;
    reasons: string[];
  };
  /** A product flagged new became visible to borrowers (once per activation: `eventKey`). */
  'product.opened': { productId: number; eventKey: string };
  /** A loan was repaid in full. */
  'loan.settled': {
    userId: string;
    orderId: number;
    orderNo: string;
    productId: number;
    /** No instalment was paid after its due date. */
    onTime: boolean;
    settledAt: Date;
    /** The order's apply/again wish (loan_orders.reloan_sign): 1 same product, 2 all, null none. */
    reloanSign: number | null;
  };
  /** A loan was written off (manually on a four-eyes approval, or by the daily job at the threshold). */
  'loan.writtenOff': { userId: string; orderId: number; orderNo: string; writtenOffOn: string; by: 'manual' | 'automatic' };
}

export type DomainEventType = keyof DomainEvents;

/** What a service needs to raise an event: record it in its open transaction. */
export interface EventRecorder {
  record<T extends DomainEventType>(type: T, payload: DomainEvents[T]): Promise<void>;
}
