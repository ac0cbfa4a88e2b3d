import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** What a unit of work carries: the open transaction, and whether it is still open. */
interface Scope {
  tx: Db;
  open: boolean;
  /** Work to run once the outermost transaction has committed (event delivery). */
  afterCommit: (() => Promise<void>)[];
}

/**
 * The one way to run database work in a transaction (docs/decisions/010-unit-of-work.md).
 *
 * A service calls `transaction(work)`; every repository reads its executor from `db`, which is
 * the open transaction of the current async context (AsyncLocalStorage) or, outside one, the
 * pool. So repositories take the unit of work at construction, never a connection, and cannot
 * bypass a transaction their caller opened.
 *
 * - Nested `transaction()` calls join the outer transaction (one commit, one rollback): a service
 *   that is transactional on its own can be called from a bigger unit without change.
 * - Parallel transactions on PostgreSQL each get their own pooled connection. PGlite has one
 *   session: its client runs one transaction at a time (its transaction mutex) and queries from
 *   other async contexts wait for it, so parallel units serialise and none deadlocks; a nested
 *   call must join (a second BEGIN on that mutex would wait for itself), which is why it does.
 * - Work that outlives its transaction (a timer started inside) falls back to the pool instead of
 *   a closed transaction.
 */
export class UnitOfWork {
  private readonly scopes = new AsyncLocalStorage<Scope>();

  /**
   * The pool itself, for the few prepared reads that never need their caller's transaction (the
   * session lookup of every call); everything else reads `db`.
   */
  constructor(readonly root: Db) {}

  /** The executor for the current context: its open transaction, else the pool. */
  get db(): Db {
    const scope = this.scopes.getStore();
    return scope?.open ? scope.tx : this.root;
  }

  get inTransaction(): boolean {
    return this.scopes.getStore()?.open === true;
  }

  /** Runs `work` in a transaction (or in the caller's open one); commits when it resolves. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return work();
    const afterCommit: Scope['afterCommit'] = [];
    const result = await this.root.transaction(async (tx) => {
      const scope: Scope = { tx, open: true, afterCommit };
      try {
        return await this.scopes.run(scope, work);
      } finally {
        scope.open = false;
      }
    });
    // Outside any transaction's context, so what they do opens transactions of its own.
    await this.scopes.exit(async () => {
      for (const callback of afterCommit) await callback();
    });
    return result;
  }

  /**
   * Runs `callback` after the open transaction commits (never when it rolls back); the caller of
   * the outermost `transaction()` waits for it. A callback's failure is its own to handle.
   */
  afterCommit(callback: () => Promise<void>): void {
    const scope = this.scopes.getStore();
    if (!scope?.open) throw new Error('afterCommit needs an open unit of work');
    scope.afterCommit.push(callback);
  }

  /**
   * Runs `work` inside the open transaction behind a savepoint: when it throws, only its own
   * changes are rolled back and the caller's transaction goes on (e.g. borrowing again inside a
   * repayment's transaction, which must stand whether or not the new loan can be made).
   */
  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    const tx = this.requireTransaction('savepoint');
    return tx.transaction(async (inner) => {
      const scope: Scope = { tx: inner as Db, open: true, afterCommit: this.scopes.getStore()!.afterCommit };
      try {
        return await this.scopes.run(scope, work);
      } finally {
        scope.open = false;
      }
    });
  }

  /**
   * Transaction-scoped advisory locks (pg_advisory_xact_lock), released at commit or rollback.
   * Names are taken in sorted order, so two units locking overlapping sets cannot deadlock. On
   * PGlite (one session, units already serial) the locks are re-entrant and never wait.
   */
  async advisoryLock(...names: string[]): Promise<void> {
    const tx = this.requireTransaction('advisoryLock');
    for (const name of [...new Set(names)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    }
  }

  /**
   * Locks the rows of `table` matching `where` (SELECT … FOR UPDATE) until the transaction ends and
   * returns how many there were. Writers and other lockers of those rows wait; plain reads do not.
   */
  async lockRows(table: PgTable, where: SQL | undefined): Promise<number> {
    const tx = this.requireTransaction('lockRows');
    const rows = await tx.select({ one: sql<number>`1` }).from(table).where(where).for('update');
    return rows.length;
  }

  /** The open transaction; a lock outside one would be released at once, so that is a bug. */
  requireTransaction(what: string): Db {
    const scope = this.scopes.getStore();
    if (!scope?.open) throw new Error(`${what} needs an open unit of work (call it inside uow.transaction)`);
    return scope.tx;
  }
}
