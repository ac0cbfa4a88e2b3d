import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { creditRuleVersions, operators } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export type CreditRuleVersionRow = typeof creditRuleVersions.$inferSelect;
type OperatorRef = { id: number; email: string; name: string };

/** Approved versions of the credit rules (decision 095), one row each. */
export class CreditRulesRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get db() {
    return this.uow.db;
  }

  /** The newest version (a primary-key lookup), or null before the first approval. */
  async latest(): Promise<Pick<CreditRuleVersionRow, 'version' | 'rules'> | null> {
    const [row] = await this.db.select({ version: creditRuleVersions.version, rules: creditRuleVersions.rules }).from(creditRuleVersions).orderBy(desc(creditRuleVersions.version)).limit(1);
    return row ?? null;
  }

  /** Every version, newest first, with the names of who proposed and approved it. */
  async versions(): Promise<Array<{ version: CreditRuleVersionRow; proposedBy: OperatorRef | null; approvedBy: OperatorRef | null }>> {
    const proposer = alias(operators, 'proposer');
    const approver = alias(operators, 'approver');
    const rows = await this.db
      .select({
        version: creditRuleVersions,
        proposer: { id: proposer.id, email: proposer.email, name: proposer.name },
        approver: { id: approver.id, email: approver.email, name: approver.name },
      })
      .from(creditRuleVersions)
      .leftJoin(proposer, eq(proposer.id, creditRuleVersions.proposedBy))
      .leftJoin(approver, eq(approver.id, creditRuleVersions.approvedBy))
      .orderBy(desc(creditRuleVersions.version));
    return rows.map((row) => ({ version: row.version, proposedBy: row.proposer?.id ? row.proposer : null, approvedBy: row.approver?.id ? row.approver : null }));
  }

  /** Inserts a version; the primary key refuses a number taken meanwhile. */
  async insert(values: typeof creditRuleVersions.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(creditRuleVersions).values(values).returning({ version: creditRuleVersions.version });
    return row!.version;
  }
}
