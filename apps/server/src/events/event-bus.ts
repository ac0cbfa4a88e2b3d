import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { Clock } from '../shared/clock.ts';
import type { DomainEvents, DomainEventType, EventRecorder } from './domain-events.ts';
import { fromOutboxJson, toOutboxJson } from './outbox-json.ts';
import { OutboxRepository } from './outbox.repository.ts';

type Handler<T extends DomainEventType> = (payload: DomainEvents[T]) => Promise<void>;

interface Registration {
  type: DomainEventType;
  name: string;
  handle: (payload: never) => Promise<void>;
}

/** The first retry after a handler failed; each later one waits twice as long, at most an hour. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * Domain events with an outbox (decision 079). `record` writes the event in the caller's open
 * transaction and, once that transaction commits, delivers it; a rollback takes the event with
 * it. Each handler runs in its own transaction with its delivery row (outbox_deliveries), so a
 * handler is applied once even when delivery is repeated; a failing handler is retried with
 * backoff. What a crash leaves undelivered, `drain` delivers (at start, and by the outbox job).
 */
export class EventBus implements EventRecorder {
  private readonly handlers: Registration[] = [];
  private readonly outbox: OutboxRepository;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Off in processes that only record (the products command): the server's outbox job delivers. */
    private readonly delivers = true,
  ) {
    this.outbox = new OutboxRepository(uow);
  }

  /** Registers an idempotent handler under a stable name (its deliveries are remembered by it). */
  on<T extends DomainEventType>(type: T, name: string, handle: Handler<T>): void {
    if (this.handlers.some((handler) => handler.name === name)) throw new Error(`event handler ${name} registered twice`);
    this.handlers.push({ type, name, handle: handle as (payload: never) => Promise<void> });
  }

  async record<T extends DomainEventType>(type: T, payload: DomainEvents[T]): Promise<void> {
    // A change made outside a unit of work is its own transaction: so is its event.
    if (!this.uow.inTransaction) return this.uow.transaction(() => this.record(type, payload));
    const id = await this.outbox.insert(type, toOutboxJson(payload), this.clock());
    if (!this.delivers) return;
    this.uow.afterCommit(() =>
      this.deliver([id]).catch((error: unknown) => {
        // The event is safe in the outbox: the outbox job delivers it.
        this.log.warn({ eventId: id, type, err: error }, 'event not delivered after commit; the outbox job will');
      }),
    );
  }

  /** Delivers every undelivered event that is due (oldest first, up to `limit`); returns counts. */
  async drain(limit = 100): Promise<{ delivered: number; failed: number }> {
    if (!this.delivers) return { delivered: 0, failed: 0 };
    return this.deliverRows(await this.outbox.pending(this.clock(), limit));
  }

  private async deliver(ids: readonly string[]): Promise<void> {
    await this.deliverRows(await this.outbox.pending(this.clock(), ids.length, ids));
  }

  private async deliverRows(rows: Awaited<ReturnType<OutboxRepository['pending']>>): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    for (const row of rows) {
      const payload = fromOutboxJson<never>(row.payload);
      try {
        for (const handler of this.handlers) {
          if (handler.type !== row.type) continue;
          await this.uow.transaction(async () => {
            if (await this.outbox.claimDelivery(row.id, handler.name, this.clock())) await handler.handle(payload);
          });
        }
        await this.outbox.markDelivered(row.id, this.clock());
        delivered += 1;
      } catch (error) {
        failed += 1;
        const wait = Math.min(FIRST_RETRY_MS * 2 ** row.attempts, MAX_RETRY_MS);
        this.log.error({ eventId: row.id, type: row.type, attempts: row.attempts + 1, err: error }, 'event handler failed; will retry');
        await this.outbox.markFailed(row.id, new Date(this.clock().getTime() + wait), error instanceof Error ? error.message : String(error));
      }
    }
    return { delivered, failed };
  }
}
