import type { ReconciliationDifference, ReconciliationReport } from '@sen/contract';
import { addVietnamDays, type IsoDate, vietnamMidnight } from '@sen/domain';
import type { Clock } from '../../shared/clock.ts';
import type { ReconciliationRepository } from './reconciliation.repository.ts';
import { orderNoCandidates } from './transfer-matching.ts';

/** The most differences one report lists (the count is always whole). */
export const DIFFERENCE_LIMIT = 500;

/** The bank transfer a ledger key is about: 'repayment:transfer-12:7', 'unidentified:transfer-12', … */
const TRANSFER_KEY = /(?:^|:)transfer-(\d+)(?::|$)/;

/** The outgoing bank transfer of a return's key: 'unidentified-return:transfer-12:out-40' (decision 121). */
const RETURN_KEY = /:out-(\d+)$/;

/** Money the ledger paid out of a cash account on the date: a loan's payout or a refund. */
interface LedgerOut {
  kind: 'payout' | 'refund';
  key: string;
  orderId: number | null;
  orderNo: string | null;
  /** The partner's reference (PO…/RF…), when known. */
  reference: string | null;
  amount: bigint;
}

const vnd = (amount: bigint | null) => (amount === null ? null : Number(amount));

/**
 * The daily reconciliation report (issue 23 item 2; docs/decisions/118): for a Vietnam date, the
 * bank's side (every transfer it dated that day, from the webhook or a statement) against the
 * ledger's cash accounts (collection_bank, disbursement_bank) on that business date, matched item
 * by item:
 * - money in is matched by transfer: a transfer's postings (receipt, suspense, match) carry its id
 *   in their keys, so the ledger's net debit of collection_bank per transfer must equal the bank's
 *   amount;
 * - money out is matched by order: a payout's or refund's statement row names the order (the
 *   partner's memo and reference carry the order number), and must equal what the ledger paid.
 * - a return of an unidentified transfer (decision 121) is matched by the outgoing transfer its
 *   posting names (the statement row or webhook that reported it).
 * Money held in suspense up to the date is listed too: it is in the bank but belongs to no one yet.
 * Reads only; a date's report can be recomputed at any time.
 */
export class ReconciliationService {
  constructor(
    private readonly deps: {
      repository: ReconciliationRepository;
      clock: Clock;
    },
  ) {}

  async report(date: IsoDate): Promise<ReconciliationReport> {
    const { repository } = this.deps;
    const [transfers, movements, held] = await Promise.all([
      repository.transfersOn(date),
      repository.cashMovementsOn(date),
      repository.heldBefore(vietnamMidnight(addVietnamDays(date, 1))),
    ]);
    const differences: ReconciliationDifference[] = [];
    const difference = (entry: Partial<ReconciliationDifference> & Pick<ReconciliationDifference, 'kind'>) =>
      differences.push({ transferId: null, bankTransactionId: null, reference: null, orderNo: null, bankAmount: null, ledgerAmount: null, at: null, state: null, ...entry });

    // ── money in: the ledger's net collection_bank movement per transfer (or per other source) ──
    const ledgerIn = new Map<string, { amount: bigint; transferId: number | null; loanId: string | null; key: string }>();
    let ledgerInTotal = 0n;
    const outs: LedgerOut[] = [];
    let ledgerOutTotal = 0n;
    // Returns of unidentified transfers (decision 121), by the outgoing bank transfer that carried them.
    const returns = new Map<number, { amount: bigint; key: string }>();
    for (const movement of movements) {
      const net = movement.debit - movement.credit;
      const outgoing = movement.event === 'unidentified_return' ? RETURN_KEY.exec(movement.key)?.[1] : undefined;
      if (outgoing) {
        ledgerOutTotal += -net;
        const entry = returns.get(Number(outgoing)) ?? { amount: 0n, key: movement.key };
        entry.amount += -net;
        returns.set(Number(outgoing), entry);
      } else if (movement.accountCode === 'collection_bank') {
        ledgerInTotal += net;
        const transferId = TRANSFER_KEY.exec(movement.key)?.[1];
        // A receipt's money (an operator's match of a receipt) is one source per receipt, whatever the loans it paid.
        const source = transferId ? `transfer-${transferId}` : (/(?:^|:)(receipt-\d+)(?::|$)/.exec(movement.key)?.[1] ?? movement.key);
        const entry = ledgerIn.get(source) ?? { amount: 0n, transferId: transferId ? Number(transferId) : null, loanId: movement.loanId, key: movement.key };
        entry.amount += net;
        ledgerIn.set(source, entry);
      } else {
        ledgerOutTotal += -net;
        if (net < 0n) outs.push({ kind: movement.event === 'refund' ? 'refund' : 'payout', key: movement.key, orderId: movement.loanId ? Number(movement.loanId) : null, orderNo: null, reference: movement.event === 'refund' ? movement.key.replace(/^refund:/, '') : null, amount: -net });
      }
    }
    await this.describeOuts(outs);

    const bankIn = transfers.filter((row) => row.transferType === 'in' && row.amount > 0n && row.outcome !== 'foreign_account');
    const bankOut = transfers.filter((row) => row.transferType === 'out');
    for (const row of bankIn) {
      const ledger = ledgerIn.get(`transfer-${row.id}`);
      ledgerIn.delete(`transfer-${row.id}`);
      const common = { transferId: row.id, bankTransactionId: row.providerTransactionId, bankAmount: vnd(row.amount), at: row.transactionDate };
      if (!ledger || ledger.amount === 0n) difference({ kind: 'bank_in_not_in_ledger', ...common });
      else if (ledger.amount !== row.amount) difference({ kind: 'amount_mismatch', ...common, reference: ledger.key, ledgerAmount: vnd(ledger.amount) });
    }
    const orderNos = await repository.orderNos([...ledgerIn.values()].flatMap((entry) => (entry.loanId && /^\d+$/.test(entry.loanId) ? [Number(entry.loanId)] : [])));
    for (const entry of ledgerIn.values()) {
      if (entry.amount === 0n) continue;
      difference({ kind: 'ledger_in_not_in_bank', transferId: entry.transferId, reference: entry.key, orderNo: entry.loanId ? (orderNos.get(Number(entry.loanId)) ?? null) : null, ledgerAmount: vnd(entry.amount) });
    }

    // ── money out: each statement row to the payout or refund of the order it names ──
    const open = [...outs];
    for (const row of bankOut) {
      const returned = returns.get(row.id);
      if (returned) {
        returns.delete(row.id);
        if (returned.amount !== row.amount) difference({ kind: 'amount_mismatch', transferId: row.id, bankTransactionId: row.providerTransactionId, bankAmount: vnd(row.amount), at: row.transactionDate, reference: returned.key, ledgerAmount: vnd(returned.amount) });
        continue;
      }
      const texts = [row.code, row.content, row.description, row.referenceCode];
      const named = new Set(orderNoCandidates(texts));
      const joined = texts.filter(Boolean).join(' ').toUpperCase().replace(/[^0-9A-Z]/g, '');
      const candidates = open.filter((out) => out.orderNo !== null && named.has(out.orderNo));
      const chosen =
        candidates.find((out) => out.reference !== null && joined.includes(out.reference.replace(/[^0-9A-Z]/g, ''))) ?? candidates.find((out) => out.amount === row.amount) ?? candidates[0];
      const common = { transferId: row.id, bankTransactionId: row.providerTransactionId, bankAmount: vnd(row.amount), at: row.transactionDate };
      if (!chosen) {
        difference({ kind: 'bank_out_not_in_ledger', ...common, orderNo: [...named][0] ?? null });
        continue;
      }
      open.splice(open.indexOf(chosen), 1);
      if (chosen.amount !== row.amount) difference({ kind: 'amount_mismatch', ...common, reference: chosen.reference ?? chosen.key, orderNo: chosen.orderNo, ledgerAmount: vnd(chosen.amount) });
    }
    // Without the day's statement a payout is not missing from it, only not checked yet (decision 121).
    const statementRows = transfers.filter((row) => row.fromStatement).length;
    const statementImported = statementRows > 0;
    const awaiting = statementImported ? [] : open;
    if (statementImported) for (const out of open) difference({ kind: 'payout_not_on_statement', reference: out.reference ?? out.key, orderNo: out.orderNo, ledgerAmount: vnd(out.amount) });
    // A return posted on this date whose outgoing transfer the bank dated another day.
    for (const [transferId, returned] of returns) difference({ kind: 'payout_not_on_statement', transferId, reference: returned.key, ledgerAmount: vnd(returned.amount) });

    // ── money still in suspense ──
    for (const row of held) {
      // Returned after the date: it was waiting to go back then.
      const state = row.state === 'returned' ? 'to_return' : row.state;
      difference({ kind: 'unidentified_held', transferId: row.transferId, bankTransactionId: row.providerTransactionId, bankAmount: vnd(row.amount), at: row.transactionDate, state });
    }

    return {
      date,
      generatedAt: this.deps.clock().toISOString(),
      totals: {
        bankIn: vnd(bankIn.reduce((sum, row) => sum + row.amount, 0n))!,
        ledgerIn: vnd(ledgerInTotal)!,
        bankOut: vnd(bankOut.reduce((sum, row) => sum + row.amount, 0n))!,
        ledgerOut: vnd(ledgerOutTotal)!,
        unidentifiedHeld: vnd(held.reduce((sum, row) => sum + row.amount, 0n))!,
      },
      statementRows,
      statementImported,
      awaitingStatement: { count: awaiting.length, amount: vnd(awaiting.reduce((sum, out) => sum + out.amount, 0n))! },
      differences: differences.slice(0, DIFFERENCE_LIMIT),
      differenceCount: differences.length,
    };
  }

  /** Each payout's and refund's order number and partner reference (what its statement row names). */
  private async describeOuts(outs: LedgerOut[]): Promise<void> {
    const { repository } = this.deps;
    const refunds = await repository.refundsByReference(outs.flatMap((out) => (out.kind === 'refund' && out.reference ? [out.reference] : [])));
    for (const out of outs) {
      if (out.kind === 'refund') out.orderId = refunds.find((refund) => refund.reference === out.reference)?.orderId ?? out.orderId;
    }
    const ids = outs.flatMap((out) => (out.orderId !== null && Number.isSafeInteger(out.orderId) ? [out.orderId] : []));
    const [orderNos, payouts] = await Promise.all([repository.orderNos(ids), repository.succeededPayouts(outs.filter((out) => out.kind === 'payout').flatMap((out) => (out.orderId ? [out.orderId] : [])))]);
    for (const out of outs) {
      if (out.orderId !== null) out.orderNo = orderNos.get(out.orderId) ?? null;
      if (out.kind === 'payout') out.reference = payouts.find((payout) => payout.orderId === out.orderId)?.reference ?? null;
    }
  }
}
