import { createHash } from 'node:crypto';
import type { StatementRowError } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import { type BankTransferService, sameTransfer, type SepayTransfer } from './bank-transfer.service.ts';
import { parseStatement, type StatementRow } from './statement-csv.ts';

/** A statement.import proposal's payload: the file it came from and its new money-in rows. */
export interface StatementProposal {
  sha256: string;
  fileName: string;
  rows: StatementRow[];
}

/** What reading and recording a statement found (the proposal of its new money in is the caller's). */
export interface StatementImport {
  fileName: string;
  sha256: string;
  rows: number;
  recorded: number;
  known: number;
  errors: StatementRowError[];
  /** New money into the collection account: recorded only when another operator approves. */
  toPropose: StatementRow[];
}

/**
 * The bank statement import (docs/decisions/118). A statement row is the webhook's transfer: it is
 * recorded through BankTransferService.receive, keyed by the bank's id, so a transfer the webhook
 * already recorded is known and never posted twice, and one it missed is matched by reference or
 * held in suspense exactly as the webhook would. A row that would move money (money into the
 * collection account) comes from a file one operator uploaded, not from the bank's signed
 * webhook, so it is recorded only when a second operator approves (`statement.import`); so is a
 * row of money out that sends back an unidentified transfer approved to return (it posts the
 * return out of suspense; decision 121). The rest (other money out, other accounts, zero amounts)
 * posts nothing and is recorded at once for the report.
 */
export class StatementImportService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork;
      transfers: BankTransferService;
      /** COLLECTION_ACCOUNT_NUMBER. */
      accountNumber: string;
    },
  ) {}

  /** What the transfer row of a statement says besides the bank's fields: where it came from. */
  private raw(transfer: SepayTransfer, source: { sha256: string; fileName: string; row: number }): Record<string, unknown> {
    return { ...transfer, statement: source };
  }

  /** Whether a recorded transfer is the row's: same amount, direction and account (the bank's id cannot mean two transfers). */

  /** Reads the file and records what posts nothing; lists the new money in for a proposal. In the caller's (audited) transaction. */
  async import(file: Buffer | undefined, fileName: string): Promise<StatementImport> {
    this.deps.uow.requireTransaction('StatementImportService.import');
    if (!file || file.length === 0) throw new AppError('STATEMENT_UNREADABLE');
    const sha256 = createHash('sha256').update(file).digest('hex');
    const parsed = parseStatement(file);
    const known = await this.deps.transfers.known(parsed.rows.map((row) => row.transfer.id));
    const result: StatementImport = { fileName, sha256, rows: parsed.total, recorded: 0, known: 0, errors: [...parsed.errors], toPropose: [] };
    for (const row of parsed.rows) {
      const recorded = known.get(row.transfer.id);
      if (recorded) {
        if (sameTransfer(recorded, row.transfer)) result.known += 1;
        else result.errors.push({ row: row.row, problem: 'conflict', field: null, transactionId: row.transfer.id });
        continue;
      }
      if (await this.deps.transfers.movesMoney(row.transfer)) {
        result.toPropose.push(row);
        continue;
      }
      const received = await this.deps.transfers.receive(row.transfer, this.raw(row.transfer, { sha256, fileName, row: row.row }));
      if (received.duplicate) result.known += 1;
      else result.recorded += 1;
    }
    result.errors.sort((a, b) => a.row - b.row);
    return result;
  }

  /** What a proposal would record (checked when proposed and again when approved). */
  summary(proposal: StatementProposal): { count: number; amount: number; returned: number } {
    const sum = (type: 'in' | 'out') => proposal.rows.reduce((total, row) => total + (row.transfer.transferType === type ? row.transfer.transferAmount : 0), 0);
    // Money in, and money out that returns unidentified transfers (decision 121).
    return { count: proposal.rows.length, amount: sum('in'), returned: sum('out') };
  }

  /**
   * Applies an approved statement.import: each row through the webhook's path. A row the bank
   * reported meanwhile is known and skipped (posted once); one it reported otherwise refuses the
   * whole approval (STATEMENT_CONFLICT), since the file and the bank disagree.
   */
  async apply(proposal: StatementProposal): Promise<{ recorded: number; known: number; matched: number; unidentified: number }> {
    this.deps.uow.requireTransaction('StatementImportService.apply');
    const outcome = { recorded: 0, known: 0, matched: 0, unidentified: 0 };
    for (const row of proposal.rows) {
      const received = await this.deps.transfers.receive(row.transfer, this.raw(row.transfer, { sha256: proposal.sha256, fileName: proposal.fileName, row: row.row }));
      if (received.duplicate) {
        if (!sameTransfer(received.transfer, row.transfer)) throw new AppError('STATEMENT_CONFLICT', { data: { row: row.row, transactionId: row.transfer.id } });
        outcome.known += 1;
        continue;
      }
      outcome.recorded += 1;
      if (received.transfer.outcome === 'matched') outcome.matched += 1;
      else outcome.unidentified += 1;
    }
    return outcome;
  }
}
