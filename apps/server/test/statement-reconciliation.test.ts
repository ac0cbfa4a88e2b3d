import { ADMIN_PATHS, ERRORS, STATEMENT_COLUMNS, type ProposalView, type ReconciliationReport, type StatementImportResult, type UnidentifiedTransferView } from '@sen/contract';
import { addVietnamDays, vietnamDate } from '@sen/domain';
import { and, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, ledgerEntries, loanRepayments, operatorAudit, unidentifiedTransfers } from '../src/db/schema.ts';
import { SEPAY_PROVIDER } from '../src/modules/repayment/index.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The bank statement import and the daily reconciliation report (issue 23 item 2; decision 118):
 * a statement's rows go the webhook's way, keyed by the bank's id (a transfer posts once whichever
 * reports it first, however its id is written), new money in only on a second operator's approval;
 * the report of a day finds each kind of difference planted in it and none on a clean day.
 * PGlite and PostgreSQL.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let viewer: OperatorSession;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
  viewer = await t.operatorSession('viewer');
});
afterAll(async () => t?.close());

let nextId = 880_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const newBankId = () => (nextId += 1);
const today = () => vietnamDate(t.clock.now());

type Row = Partial<Record<(typeof STATEMENT_COLUMNS)[number], string | number | null>>;
/** A statement row: money in to the collection account unless told otherwise. */
function statementRow(row: Row): Row {
  return {
    id: newBankId(),
    gateway: 'MBBank',
    transactionDate: `${today()} 09:00:00`,
    accountNumber: t.config.collection.accountNumber,
    code: '',
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 100_000,
    accumulated: 0,
    referenceCode: '',
    description: '',
    ...row,
  };
}
function csv(rows: Row[]): Buffer {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from([STATEMENT_COLUMNS.join(','), ...rows.map((row) => STATEMENT_COLUMNS.map((name) => cell(row[name])).join(','))].join('\r\n'));
}
const upload = (session: OperatorSession, file: Buffer, fileName = 'statement.csv') =>
  session.browser.upload<StatementImportResult>(ADMIN_PATHS.statementImport, { fileName }, { statement: { data: file, filename: fileName, contentType: 'text/csv' } });
async function imported(file: Buffer, fileName?: string): Promise<StatementImportResult> {
  const response = await upload(maker, file, fileName);
  expect(response.statusCode, response.body).toBe(200);
  return response.envelope.data;
}
const approve = async (proposal: ProposalView) => {
  const response = await checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
  expect(response.envelope.code, response.body).toBe(200);
};
const transferOf = async (bankId: string | number) =>
  (await t.database.db.select().from(bankTransfers).where(and(eq(bankTransfers.provider, SEPAY_PROVIDER), eq(bankTransfers.providerTransactionId, String(bankId)))))[0];
/** Every ledger entry of a transfer: its key ends with 'transfer-<id>' or names it before a loan ('transfer-<id>:<orderId>'). */
const entriesOf = async (transferId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(or(like(ledgerEntries.key, `%transfer-${transferId}`), like(ledgerEntries.key, `%transfer-${transferId}:%`)))
    .orderBy(ledgerEntries.id);
const expectLedgerOk = async () => expect((await t.services.ledger.check()).violations).toEqual([]);
const report = async (date: string) => {
  const response = await maker.browser.get<ReconciliationReport>(ADMIN_PATHS.reconciliationReport, { date });
  expect(response.statusCode, response.body).toBe(200);
  return response.envelope.data;
};

describe('the statement import', { timeout: 60_000 }, () => {
  it('knows a transfer the webhook posted, however its id is written, and posts nothing again', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n });
    const bankId = newBankId();
    const body = sepayTransfer(t, { id: bankId, content: `tra no ${loan.order.orderNo}`, transferAmount: 300_000 });
    expect((await postSepay(t, body)).statusCode).toBe(200);
    const transfer = (await transferOf(bankId))!;
    expect(transfer.outcome).toBe('matched');
    const entries = await entriesOf(transfer.id);
    expect(entries.map((entry) => entry.event)).toEqual(['repayment']);

    // The statement writes the id with a leading zero: the same transfer.
    const result = await imported(csv([statementRow({ id: `0${bankId}`, content: body.content, transferAmount: 300_000, transactionDate: body.transactionDate })]));
    expect(result).toMatchObject({ rows: 1, recorded: 0, proposed: 0, known: 1, errors: [], proposal: null });
    expect(await entriesOf(transfer.id)).toEqual(entries);
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toHaveLength(1);
  });

  it('records new money in only on a second operator\'s approval, then as the webhook would; the webhook after it posts nothing', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n });
    const paying = statementRow({ content: `NGUYEN VAN A ${loan.order.orderNo}`, transferAmount: 250_000 });
    const stranger = statementRow({ content: 'ung ho', transferAmount: 40_000 });
    const file = csv([paying, stranger]);

    const first = await imported(file, 'mb-2026-11-25.csv');
    expect(first).toMatchObject({ rows: 2, recorded: 0, known: 0, proposed: 2, proposedAmount: 290_000, alreadyProposed: false, errors: [] });
    expect(first.proposal).toMatchObject({ kind: 'statement.import', status: 'pending', payload: { sha256: first.sha256, fileName: 'mb-2026-11-25.csv' } });
    // Nothing recorded or posted before the approval; the same file again waits on the same proposal.
    expect(await transferOf(paying.id!)).toBeUndefined();
    const again = await imported(file, 'mb-2026-11-25.csv');
    expect(again).toMatchObject({ proposed: 2, proposal: null, alreadyProposed: true });
    // The proposer cannot approve their own import.
    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: first.proposal!.id });
    expect(own.envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);

    await approve(first.proposal!);
    const matched = (await transferOf(paying.id!))!;
    expect(matched).toMatchObject({ outcome: 'matched', userId: borrower.userId, amount: 250_000n });
    expect(await t.database.db.select().from(loanRepayments).where(eq(loanRepayments.orderId, loan.order.id))).toMatchObject([{ source: `transfer:${matched.id}`, amount: 250_000n }]);
    const held = (await transferOf(stranger.id!))!;
    expect(held.outcome).toBe('unmatched');
    expect((await t.database.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, held.id)))[0]).toMatchObject({ state: 'open', amount: 40_000n });

    // The bank's webhook reports the paying transfer afterwards: recorded once, posted once.
    const entries = await entriesOf(matched.id);
    expect(entries.map((entry) => entry.event)).toEqual(['repayment']);
    const webhook = await postSepay(t, sepayTransfer(t, { id: Number(paying.id), content: String(paying.content), transferAmount: 250_000, transactionDate: String(paying.transactionDate) }));
    expect(webhook.statusCode).toBe(200);
    expect(await entriesOf(matched.id)).toEqual(entries);

    // Re-uploaded after the approval: nothing new, and it says so.
    expect(await imported(file, 'mb-2026-11-25.csv')).toMatchObject({ rows: 2, recorded: 0, proposed: 0, known: 2, proposal: null, errors: [] });
    await expectLedgerOk();
  });

  it('an approval after the webhook reported one of its transfers posts that one once', async () => {
    const row = statementRow({ content: 'khong ro', transferAmount: 60_000 });
    const result = await imported(csv([row]));
    await postSepay(t, sepayTransfer(t, { id: Number(row.id), content: 'khong ro', transferAmount: 60_000 }));
    const transfer = (await transferOf(row.id!))!;
    const entries = await entriesOf(transfer.id);
    expect(entries).toHaveLength(1);
    await approve(result.proposal!);
    expect(await entriesOf(transfer.id)).toEqual(entries);
    await expectLedgerOk();
  });

  it('records money out at once (it posts nothing), once, and lists rows that disagree with what the bank reported', async () => {
    const out = statementRow({ transferType: 'out', transferAmount: 1_500_000, content: 'chi ho SEN26010100000001' });
    const known = sepayTransfer(t, { id: newBankId(), transferAmount: 70_000, content: 'khong ro' });
    await postSepay(t, known);
    const file = csv([out, statementRow({ id: known.id, transferAmount: 71_000, content: 'khong ro' })]);
    const first = await imported(file);
    expect(first).toMatchObject({ rows: 2, recorded: 1, known: 0, proposed: 0, proposal: null, errors: [{ row: 3, problem: 'conflict', field: null, transactionId: String(known.id) }] });
    expect(await transferOf(out.id!)).toMatchObject({ outcome: 'outgoing', transferType: 'out', amount: 1_500_000n });
    expect(await imported(file)).toMatchObject({ recorded: 0, known: 1, errors: [{ row: 3, problem: 'conflict' }] });
    await expectLedgerOk();
  });

  it('lists bad rows by number and refuses a file with the wrong header as a whole', async () => {
    const good = statementRow({ transferType: 'out', transferAmount: 5_000 });
    const result = await imported(csv([good, statementRow({ transferAmount: '12.5' }), statementRow({ id: 'abc' })]));
    expect(result).toMatchObject({ rows: 3, recorded: 1, errors: [{ row: 3, problem: 'invalid', field: 'transferAmount' }, { row: 4, problem: 'invalid', field: 'id' }] });

    const header = [...STATEMENT_COLUMNS.filter((name) => name !== 'transferAmount'), 'amount'].join(',');
    const refused = await upload(maker, Buffer.from(`${header}\r\n1,MB,2026-11-25 09:00:00,1,,x,in,5,0,,,`));
    expect([refused.statusCode, refused.envelope.code]).toEqual([400, ERRORS.STATEMENT_HEADER_INVALID.code]);
    expect(refused.envelope.message).toContain('missing: transferAmount');
    expect(refused.envelope.message).toContain('unknown: amount');
    const picture = await upload(maker, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
    expect(picture.envelope.code).toBe(ERRORS.STATEMENT_UNREADABLE.code);
    const large = await upload(maker, Buffer.alloc(2 * 1024 * 1024 + 1, 0x41));
    expect([large.statusCode, large.envelope.code]).toEqual([413, ERRORS.STATEMENT_TOO_LARGE.code]);
    expect(large.envelope.message).toBe('The statement is larger than 2 MB: split it by day');
    const empty = await upload(maker, Buffer.alloc(0));
    expect(empty.envelope.code).toBe(ERRORS.STATEMENT_UNREADABLE.code);
  });

  it('is permission-gated and audited', async () => {
    const refused = await upload(viewer, csv([statementRow({ transferType: 'out' })]));
    expect([refused.statusCode, refused.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);
    const result = await imported(csv([statementRow({ transferType: 'out' })]), 'audited.csv');
    const [row] = await t.database.db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'statement.import'), eq(operatorAudit.targetId, result.sha256)));
    expect(row).toMatchObject({ actorId: maker.operator.id, targetType: 'statement', after: expect.objectContaining({ fileName: 'audited.csv', rows: 1, recorded: 1 }) });
  });
});

describe('the daily reconciliation report', { timeout: 60_000 }, () => {
  it('reports none on a clean day: payouts on the statement, money in posted, nothing held', async () => {
    const day = addVietnamDays(today(), -40);
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 3_000_000n, startDate: day });
    const repay = sepayTransfer(t, { id: newBankId(), transactionDate: `${day} 15:30:00`, content: `tra no ${loan.order.orderNo}`, transferAmount: 120_000 });
    await postSepay(t, repay);
    await imported(
      csv([
        statementRow({ id: `00${repay.id}`, transactionDate: repay.transactionDate, content: repay.content, transferAmount: 120_000 }),
        statementRow({ transferType: 'out', transactionDate: `${day} 08:01:00`, accountNumber: '0000999888777', content: `${loan.order.orderNo} giai ngan khoan vay`, transferAmount: Number(loan.order.disbursedAmount) }),
      ]),
    );
    const clean = await report(day);
    expect(clean.differences).toEqual([]);
    expect(clean).toMatchObject({
      date: day,
      differenceCount: 0,
      statementRows: 1,
      totals: { bankIn: 120_000, ledgerIn: 120_000, bankOut: Number(loan.order.disbursedAmount), ledgerOut: Number(loan.order.disbursedAmount), unidentifiedHeld: 0 },
    });
  });

  it('finds each kind of difference planted in a day', async () => {
    const day = addVietnamDays(today(), -20);
    const at = (time: string) => `${day} ${time}`;
    const borrower = await createBorrower(t);
    const onStatement = await openLoan(t, borrower, { principal: 2_000_000n, startDate: day });
    const notOnStatement = await openLoan(t, await createBorrower(t), { principal: 1_000_000n, startDate: day });

    // Money in the ledger knows (held in suspense), and a transfer recorded without its posting (before decision 114).
    const held = sepayTransfer(t, { id: newBankId(), transactionDate: at('09:00:00'), content: 'khong ro', transferAmount: 45_000 });
    await postSepay(t, held);
    const unposted = await t.database.db
      .insert(bankTransfers)
      .values({ provider: SEPAY_PROVIDER, providerTransactionId: String(newBankId()), gateway: 'MBBank', transactionDate: at('10:00:00'), accountNumber: t.config.collection.accountNumber, content: 'cu', transferType: 'in', amount: 33_000n, outcome: 'unmatched', raw: {}, receivedAt: t.clock.now() })
      .returning();
    // A repayment the bank dated the next day (the ledger dates it today): in the ledger, not in today's bank.
    const moved = sepayTransfer(t, { id: newBankId(), transactionDate: at('23:59:00'), content: `tra no ${onStatement.order.orderNo}`, transferAmount: 80_000 });
    await postSepay(t, moved);
    const movedRow = (await transferOf(moved.id))!;
    await t.database.db.update(bankTransfers).set({ transactionDate: `${addVietnamDays(day, 1)} 00:00:30` }).where(eq(bankTransfers.id, movedRow.id));
    // The statement: the payout for less than the ledger paid, and money out that is no payout of ours.
    const result = await imported(
      csv([
        statementRow({ transferType: 'out', transactionDate: at('08:00:00'), content: `PO${onStatement.order.orderNo}-1`, transferAmount: Number(onStatement.order.disbursedAmount) - 1000 }),
        statementRow({ transferType: 'out', transactionDate: at('11:00:00'), content: 'chuyen nham', transferAmount: 9_000 }),
      ]),
    );
    expect(result.recorded).toBe(2);

    const found = await report(day);
    const kinds = found.differences.map((entry) => entry.kind).sort();
    expect(kinds).toEqual(['amount_mismatch', 'bank_in_not_in_ledger', 'bank_out_not_in_ledger', 'ledger_in_not_in_bank', 'payout_not_on_statement', 'unidentified_held']);
    const of = (kind: string) => found.differences.find((entry) => entry.kind === kind)!;
    expect(of('bank_in_not_in_ledger')).toMatchObject({ transferId: unposted[0]!.id, bankAmount: 33_000, ledgerAmount: null });
    expect(of('ledger_in_not_in_bank')).toMatchObject({ transferId: movedRow.id, orderNo: onStatement.order.orderNo, ledgerAmount: 80_000, bankAmount: null });
    expect(of('amount_mismatch')).toMatchObject({ orderNo: onStatement.order.orderNo, bankAmount: Number(onStatement.order.disbursedAmount) - 1000, ledgerAmount: Number(onStatement.order.disbursedAmount) });
    expect(of('payout_not_on_statement')).toMatchObject({ orderNo: notOnStatement.order.orderNo, ledgerAmount: Number(notOnStatement.order.disbursedAmount), bankAmount: null });
    expect(of('bank_out_not_in_ledger')).toMatchObject({ bankAmount: 9_000, ledgerAmount: null });
    expect(of('unidentified_held')).toMatchObject({ transferId: (await transferOf(held.id))!.id, bankAmount: 45_000, state: 'open' });
    expect(found.totals).toMatchObject({ bankIn: 45_000 + 33_000, ledgerIn: 45_000 + 80_000, unidentifiedHeld: 45_000 });
    expect(found.differenceCount).toBe(6);

    // The next day's report sees the moved transfer from the bank's side.
    const next = await report(addVietnamDays(day, 1));
    expect(next.differences.filter((entry) => entry.transferId === movedRow.id).map((entry) => entry.kind)).toEqual(['bank_in_not_in_ledger']);
  });

  it('a return of an unidentified transfer leaves suspense when the statement shows it, and is reconciled; money out naming no return approved stays listed', async () => {
    const day = addVietnamDays(today(), -12);
    const dayBefore = addVietnamDays(day, -1);
    const returning = sepayTransfer(t, { id: newBankId(), transactionDate: `${dayBefore} 20:00:00`, content: 'ck nham', transferAmount: 70_000 });
    const kept = sepayTransfer(t, { id: newBankId(), transactionDate: `${day} 09:30:00`, content: 'khong ro', transferAmount: 50_000 });
    await postSepay(t, returning);
    await postSepay(t, kept);
    const [returningRow, keptRow] = [(await transferOf(returning.id))!, (await transferOf(kept.id))!];
    const proposed = await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.unidentifiedReturn, { transferId: returningRow.id, reason: 'sender asked' });
    expect(proposed.envelope.code, proposed.body).toBe(200);
    await approve(proposed.envelope.data.proposal);
    // The queue says what memo to send it back with.
    const queued = (await maker.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'to_return' })).envelope.data.find((row) => row.transferId === returningRow.id);
    expect(queued).toMatchObject({ returnMemo: `HOANTRA${returningRow.id}`, returnedAt: null });

    const account = t.config.collection.accountNumber;
    const returnRow = statementRow({ transferType: 'out', accountNumber: account, transactionDate: `${day} 10:00:00`, content: `HOANTRA${returningRow.id} hoan tien chuyen nham`, transferAmount: 70_000 });
    // Money out naming a transfer nobody approved to return, and the right memo with another amount.
    const notApproved = statementRow({ transferType: 'out', accountNumber: account, transactionDate: `${day} 11:00:00`, content: `HOANTRA${keptRow.id}`, transferAmount: 50_000 });
    const otherAmount = statementRow({ transferType: 'out', accountNumber: account, transactionDate: `${day} 12:00:00`, content: `HOANTRA${returningRow.id}`, transferAmount: 69_000 });
    const file = csv([returnRow, notApproved, otherAmount]);
    const result = await imported(file);
    // The return moves money in the ledger: it waits for a second operator like money in.
    expect(result).toMatchObject({ recorded: 2, proposed: 1 });
    expect(await transferOf(returnRow.id!)).toBeUndefined();
    await approve(result.proposal!);
    const outgoing = (await transferOf(returnRow.id!))!;
    const queueRow = async (transferId: number) => (await t.database.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, transferId)))[0]!;
    expect(await queueRow(returningRow.id)).toMatchObject({ state: 'returned', returnTransferId: outgoing.id });
    expect(await queueRow(keptRow.id)).toMatchObject({ state: 'open', returnTransferId: null });
    expect((await entriesOf(returningRow.id)).map((entry) => [entry.event, entry.key, entry.businessDate])).toEqual([
      ['unidentified_receipt', `unidentified:transfer-${returningRow.id}`, dayBefore],
      ['unidentified_return', `unidentified-return:transfer-${returningRow.id}:out-${outgoing.id}`, day],
    ]);
    await expectLedgerOk();

    // The bank's webhook reporting it too, and the same file again: nothing more.
    await postSepay(t, sepayTransfer(t, { id: Number(returnRow.id), transferType: 'out', transactionDate: `${day} 10:00:00`, content: String(returnRow.content), transferAmount: 70_000 }));
    expect((await imported(file)).known).toBe(3);
    expect(await entriesOf(returningRow.id)).toHaveLength(2);

    const found = await report(day);
    // Money held by the other tests' days stays held: this test's transfers only.
    const ours = new Set([returningRow.id, keptRow.id, outgoing.id, (await transferOf(notApproved.id!))!.id, (await transferOf(otherAmount.id!))!.id]);
    const heldElsewhere = found.differences.filter((entry) => entry.kind === 'unidentified_held' && !ours.has(entry.transferId!));
    expect(found.differences.filter((entry) => !heldElsewhere.includes(entry)).map((entry) => [entry.kind, entry.transferId]).sort()).toEqual(
      [
        ['bank_out_not_in_ledger', (await transferOf(notApproved.id!))!.id],
        ['bank_out_not_in_ledger', (await transferOf(otherAmount.id!))!.id],
        ['unidentified_held', keptRow.id],
      ].sort(),
    );
    expect(found.totals).toMatchObject({ bankOut: 70_000 + 50_000 + 69_000, ledgerOut: 70_000, unidentifiedHeld: 50_000 + heldElsewhere.reduce((sum, entry) => sum + entry.bankAmount!, 0) });
    // The day before, it was in suspense waiting to go back.
    expect((await report(dayBefore)).differences.filter((entry) => entry.transferId === returningRow.id)).toEqual([expect.objectContaining({ kind: 'unidentified_held', state: 'to_return', bankAmount: 70_000 })]);
    const returned = (await maker.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'returned' })).envelope.data.find((row) => row.transferId === returningRow.id);
    expect(returned).toMatchObject({ state: 'returned', returnMemo: `HOANTRA${returningRow.id}`, returnedAt: expect.any(String) });
  });

  it('a return whose memo named nothing is recorded by hand on a second operator\'s approval, out of suspense once, and reconciled (decision 125)', async () => {
    const day = addVietnamDays(today(), -14);
    const dayBefore = addVietnamDays(day, -1);
    const incoming = async (amount: number, content: string) => {
      const transfer = sepayTransfer(t, { id: newBankId(), transactionDate: `${dayBefore} 15:00:00`, content, transferAmount: amount });
      await postSepay(t, transfer);
      return (await transferOf(transfer.id))!;
    };
    const outgoing = async (amount: number, content: string, time = '10:00:00') => {
      const transfer = sepayTransfer(t, { id: newBankId(), transferType: 'out', transactionDate: `${day} ${time}`, content, transferAmount: amount });
      await postSepay(t, transfer);
      return (await transferOf(transfer.id))!;
    };
    const toReturn = async (amount: number) => {
      const row = await incoming(amount, 'ck nham khong ro');
      const proposed = await maker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.unidentifiedReturn, { transferId: row.id, reason: 'sender asked' });
      expect(proposed.envelope.code, proposed.body).toBe(200);
      await approve(proposed.envelope.data.proposal);
      return row;
    };
    const recordReturn = (transferId: number, outgoingTransferId: number, session = maker) =>
      session.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.unidentifiedReturned, { transferId, outgoingTransferId, reason: 'bank sent it without the memo' });
    const queueRow = async (transferId: number) => (await t.database.db.select().from(unidentifiedTransfers).where(eq(unidentifiedTransfers.transferId, transferId)))[0]!;

    const held = await toReturn(81_000);
    const stillOpen = await incoming(81_000, 'khong ro 2');
    // Finance sent it back without the memo: nothing moves by itself.
    const carried = await outgoing(81_000, 'hoan tien');
    const otherAmount = await outgoing(80_000, 'hoan tien');
    const aPayout = await outgoing(81_000, 'PO SEN20261101000001 giai ngan', '11:00:00');
    expect(await queueRow(held.id)).toMatchObject({ state: 'to_return', returnTransferId: null });

    // The queue offers the money out of the same amount that names no loan.
    const listed = (await maker.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'to_return' })).envelope.data.find((row) => row.transferId === held.id)!;
    expect(listed.returnCandidates.map((candidate) => candidate.transferId)).toEqual([carried.id]);
    expect(listed.returnCandidates[0]).toMatchObject({ amount: 81_000, content: 'hoan tien', providerTransactionId: carried.providerTransactionId });

    // Refused, each with its reason: not approved to return; another amount, money in, a payout, no such transfer.
    const refusals = [
      [stillOpen.id, carried.id],
      [held.id, otherAmount.id],
      [held.id, stillOpen.id],
      [held.id, aPayout.id],
      [held.id, 999_999_999],
    ];
    const codes = [];
    for (const [transferId, outgoingId] of refusals) codes.push((await recordReturn(transferId!, outgoingId!)).envelope.code);
    expect(codes).toEqual([ERRORS.TRANSFER_NOT_TO_RETURN.code, ...Array(4).fill(ERRORS.RETURN_TRANSFER_INVALID.code)]);

    const proposed = await recordReturn(held.id, carried.id);
    expect(proposed.envelope.code, proposed.body).toBe(200);
    expect(proposed.envelope.data.proposal).toMatchObject({ kind: 'transfer.returned', status: 'pending', payload: { transferId: held.id, outgoingTransferId: carried.id } });
    // One operator alone moves nothing.
    expect(await queueRow(held.id)).toMatchObject({ state: 'to_return' });
    expect(await entriesOf(held.id)).toHaveLength(1);
    await approve(proposed.envelope.data.proposal);
    expect(await queueRow(held.id)).toMatchObject({ state: 'returned', returnTransferId: carried.id });
    expect((await entriesOf(held.id)).map((entry) => [entry.event, entry.key, entry.businessDate])).toEqual([
      ['unidentified_receipt', `unidentified:transfer-${held.id}`, dayBefore],
      ['unidentified_return', `unidentified-return:transfer-${held.id}:out-${carried.id}`, day],
    ]);
    await expectLedgerOk();

    // The same money out cannot return a second transfer, and the returned one cannot be returned again.
    const another = await toReturn(81_000);
    expect((await recordReturn(another.id, carried.id)).envelope.code).toBe(ERRORS.RETURN_TRANSFER_INVALID.code);
    expect((await recordReturn(held.id, carried.id)).envelope.code).toBe(ERRORS.TRANSFER_NOT_TO_RETURN.code);
    const anotherListed = (await maker.browser.get<UnidentifiedTransferView[]>(ADMIN_PATHS.unidentifiedTransfers, { state: 'to_return' })).envelope.data.find((row) => row.transferId === another.id)!;
    expect(anotherListed.returnCandidates).toEqual([]);

    // The report matches the return to its money out: neither is a difference any more.
    const found = await report(day);
    expect(found.differences.filter((entry) => entry.transferId === carried.id || entry.transferId === held.id)).toEqual([]);
    expect(found.differences.filter((entry) => entry.transferId === otherAmount.id).map((entry) => entry.kind)).toEqual(['bank_out_not_in_ledger']);
    const audited = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'transfer.proposeReturned'));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });

  it('a day with no statement imported says so: its payouts wait for the statement, not listed as missing from it', async () => {
    const day = addVietnamDays(today(), -30);
    const loans = [await openLoan(t, await createBorrower(t), { principal: 2_000_000n, startDate: day }), await openLoan(t, await createBorrower(t), { principal: 1_000_000n, startDate: day })];
    const paid = loans.reduce((sum, loan) => sum + Number(loan.order.disbursedAmount), 0);
    const before = await report(day);
    expect(before).toMatchObject({ statementRows: 0, statementImported: false, awaitingStatement: { count: 2, amount: paid }, differenceCount: 0, differences: [] });
    expect(before.totals).toMatchObject({ ledgerOut: paid, bankOut: 0 });

    // The statement shows one payout: the other is now a real difference.
    await imported(csv([statementRow({ transferType: 'out', transactionDate: `${day} 08:00:00`, accountNumber: '0000999888777', content: `PO${loans[0]!.order.orderNo}-1`, transferAmount: Number(loans[0]!.order.disbursedAmount) })]));
    const after = await report(day);
    expect(after).toMatchObject({ statementRows: 1, statementImported: true, awaitingStatement: { count: 0, amount: 0 }, differenceCount: 1 });
    expect(after.differences).toEqual([expect.objectContaining({ kind: 'payout_not_on_statement', orderNo: loans[1]!.order.orderNo, ledgerAmount: Number(loans[1]!.order.disbursedAmount) })]);
  });

  it('refuses a date that is not a calendar day, and a role without ledger.read', async () => {
    const bad = await maker.browser.get(ADMIN_PATHS.reconciliationReport, { date: '2026-02-30' });
    expect(bad.envelope.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const refused = await viewer.browser.get(ADMIN_PATHS.reconciliationReport, { date: today() });
    expect([refused.statusCode, refused.envelope.code]).toEqual([403, ERRORS.OPERATOR_PERMISSION_DENIED.code]);
  });
});
