import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { outboxDeliveries, outboxEvents, users } from '../src/db/schema.ts';
import type { DomainEvents } from '../src/events/domain-events.ts';
import { EventBus } from '../src/events/event-bus.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const log = pino({ level: 'silent' });
let testDb: TestDatabase;
let database: Database;
let now = new Date('2026-03-01T03:00:00Z');
const clock = () => now;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
});
afterAll(async () => {
  await testDb.close();
});

const settled = (orderId: number): DomainEvents['loan.settled'] => ({
  userId: 'u-1',
  orderId,
  orderNo: `SEN${orderId}`,
  productId: 1,
  onTime: true,
  settledAt: new Date('2026-03-01T02:00:00Z'),
  reloanSign: null,
});

describe('domain events with an outbox', () => {
  it('delivers an event once its transaction commits, with bigints and dates intact, and never one that rolled back', async () => {
    const bus = new EventBus(database.uow, clock, log);
    const heard: unknown[] = [];
    bus.on('loan.settled', 'test.heard', async (event) => {
      heard.push(event);
    });
    bus.on('credit.decided', 'test.decided', async (event) => {
      heard.push(event.creditLimitVnd);
    });
    await expect(
      database.uow.transaction(async () => {
        await bus.record('loan.settled', settled(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(heard).toEqual([]);
    await database.uow.transaction(async () => {
      await bus.record('loan.settled', settled(2));
      // Not before the commit: a handler never sees a change that could still roll back.
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([settled(2)]);
    await bus.record('credit.decided', { userId: 'u-1', reviewId: 'r', outcome: 'approve', status: 1, creditLimitVnd: 12_000_000n, nextTryDate: null, reasons: [] });
    expect(heard[1]).toBe(12_000_000n);
    expect(await bus.drain()).toEqual({ delivered: 0, failed: 0 });
    expect(await database.db.$count(outboxEvents, eq(outboxEvents.type, 'loan.settled'))).toBe(1);
  });

  it('loses nothing when the process dies between commit and delivery: the next start drains the outbox', async () => {
    // A process that records and is killed before delivering (its bus never delivers).
    const dying = new EventBus(database.uow, clock, log, false);
    await database.uow.transaction(() => dying.record('loan.settled', settled(3)));
    // The restarted process: the same handlers, registered again, drain at start.
    const heard: number[] = [];
    const restarted = new EventBus(database.uow, clock, log);
    restarted.on('loan.settled', 'test.restart', async (event) => {
      heard.push(event.orderId);
    });
    const drained = await restarted.drain();
    expect(drained.delivered).toBeGreaterThanOrEqual(1);
    expect(heard).toContain(3);
    await restarted.drain();
    expect(heard.filter((orderId) => orderId === 3)).toHaveLength(1);
  });

  it('retries a failing handler with backoff and never applies a handler twice', async () => {
    const bus = new EventBus(database.uow, clock, log);
    let failing = true;
    let applied = 0;
    let other = 0;
    bus.on('loan.settled', 'test.steady', async (event) => {
      if (event.orderId !== 4) return;
      other += 1;
      // Its own write commits with its delivery row.
      await database.uow.db.insert(users).values({ phone: '0900000444' });
    });
    bus.on('loan.settled', 'test.flaky', async (event) => {
      if (event.orderId !== 4) return;
      if (failing) throw new Error('provider down');
      applied += 1;
    });
    await bus.record('loan.settled', settled(4));
    const [pending] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.lastError, 'provider down'));
    expect(pending).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(pending!.nextAttemptAt.getTime()).toBe(now.getTime() + 5_000);
    // Not due yet: nothing happens.
    expect(await bus.drain()).toEqual({ delivered: 0, failed: 0 });
    now = new Date(now.getTime() + 5_000);
    expect(await bus.drain()).toEqual({ delivered: 0, failed: 1 });
    const [again] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, pending!.id));
    expect(again!.nextAttemptAt.getTime()).toBe(now.getTime() + 10_000);
    failing = false;
    now = new Date(now.getTime() + 10_000);
    expect(await bus.drain()).toEqual({ delivered: 1, failed: 0 });
    expect({ applied, other }).toEqual({ applied: 1, other: 1 });
    expect(await database.db.$count(users, eq(users.phone, '0900000444'))).toBe(1);
    expect(await database.db.select({ handler: outboxDeliveries.handler }).from(outboxDeliveries).where(eq(outboxDeliveries.eventId, pending!.id))).toHaveLength(2);
  });
});
