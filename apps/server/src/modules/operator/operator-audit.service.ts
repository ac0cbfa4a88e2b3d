import type { AuditEntry } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import type { AuditWrite, OperatorInfo } from '../../types.ts';
import type { AuditFilter, AuditRow, OperatorAuditRepository } from './operator-audit.repository.ts';

/** Who did it and from where: the operator (null for the system) and the request's IP and user agent. */
export interface AuditActor {
  operator: Pick<OperatorInfo, 'operatorId' | 'email'> | null;
  ip: string | null;
  userAgent: string | null;
}

/** The most rows one CSV export carries. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const CSV_COLUMNS = ['id', 'at', 'actorId', 'actorEmail', 'action', 'targetType', 'targetId', 'reason', 'ip', 'userAgent', 'before', 'after'] as const;

/**
 * The operators' audit trail (decision 090): one append-only row per change, written in the
 * change's transaction by the audited runner; searched with a cursor and exported as CSV.
 */
export class OperatorAuditService {
  constructor(
    private readonly repository: OperatorAuditRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Writes one row (inside the caller's transaction when there is one). */
  async record(actor: AuditActor, action: string, entry: AuditWrite): Promise<void> {
    await this.repository.insert({
      at: this.clock(),
      actorId: actor.operator?.operatorId ?? null,
      actorEmail: actor.operator?.email ?? null,
      action: entry.action ?? action,
      targetType: entry.targetType,
      targetId: entry.targetId === null ? null : String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    });
  }

  /**
   * Runs `work` in one transaction and gives it the function that writes its audit row; the work
   * must write exactly one, or nothing of it stands (a bug, answered as a 500).
   */
  async audited<T>(actor: AuditActor, action: string, work: (audit: (entry: AuditWrite) => Promise<void>) => Promise<T>): Promise<T> {
    return this.uow.transaction(async () => {
      let written = 0;
      const result = await work(async (entry) => {
        written += 1;
        await this.record(actor, action, entry);
      });
      if (written !== 1) throw new Error(`${action} wrote ${written} audit rows; exactly one is required`);
      return result;
    });
  }

  async search(filter: AuditFilter, limit: number): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
    const rows = await this.repository.search(filter, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { items: page.map(toEntry), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  async exportCsv(filter: AuditFilter): Promise<{ csv: string; rows: number }> {
    const rows = await this.repository.search(filter, AUDIT_EXPORT_MAX_ROWS);
    const lines = [CSV_COLUMNS.join(',')];
    for (const row of rows) {
      const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
        id: row.id,
        at: row.at.toISOString(),
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        reason: row.reason,
        ip: row.ip,
        userAgent: row.userAgent,
        before: row.before === null ? null : JSON.stringify(row.before),
        after: row.after === null ? null : JSON.stringify(row.after),
      };
      lines.push(CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
    }
    return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '', name: row.actorName ?? '' },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** RFC 4180 quoting; a cell a spreadsheet would read as a formula is prefixed with ' (CSV injection). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The cursor: the last row's time and id, so the next page starts strictly after it. */
export function encodeCursor(row: Pick<AuditRow, 'at' | 'id'>): string {
  return Buffer.from(`${row.at.getTime()}.${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: number } | null {
  const match = /^(\d{1,16})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) return null;
  const at = new Date(Number(match[1]));
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && !Number.isNaN(at.getTime()) ? { at, id } : null;
}
