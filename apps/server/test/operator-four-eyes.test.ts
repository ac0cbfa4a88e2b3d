import { ADMIN_PATHS, allAdminEndpoints, API_PATHS, ERRORS, STATEMENT_COLUMNS, type CollectionRules, type ProductInput, type ProductRecord, type ProposalView } from '@sen/contract';
import { addDays, addVietnamDays, vietnamDate } from '@sen/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, loanProducts, operatorAudit, productVersions, unidentifiedTransfers } from '../src/db/schema.ts';
import { randomIdNumber, savePersonalData } from './helpers/borrowers.ts';
import { sampleJpeg } from './helpers/images.ts';
import { committedOrder, createBorrower, demoProducts, openLoan } from './helpers/loans.ts';
import { postMultipart } from './helpers/multipart.ts';
import { postSepay, sepayTransfer } from './helpers/sepay.ts';
import { testProduct, type OperatorSession } from './helpers/operators.ts';
import { createTestApp, randomPhone, type TestApp } from './helpers/test-app.ts';

/*
 * Four eyes (decision 091) and the audit trail (decision 090): a proposal changes nothing until a
 * different operator approves it; approval applies it once, also when two approve at the same
 * moment (on PostgreSQL, two concurrent requests); rejection and expiry; every back-office change
 * writes exactly one audit row.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let secondChecker: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  await demoProducts(t);
  maker = await t.operatorSession('finance');
  checker = await t.operatorSession('admin');
  secondChecker = await t.operatorSession('finance');
});
afterAll(async () => t?.close());

const product = (change: Partial<ProductInput> = {}): ProductInput => testProduct({ name: 'Four eyes', ...change });

async function propose(session: OperatorSession, input: ProductInput) {
  const response = await session.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.productPropose, { product: input, reason: 'new pricing' });
  expect(response.envelope.code, response.body).toBe(200);
  return response.envelope.data.proposal;
}

const productByCode = async (code: string) => (await t.database.db.select().from(loanProducts).where(eq(loanProducts.code, code)))[0] ?? null;
const versionsOf = async (code: string) => t.database.db.select().from(productVersions).where(eq(productVersions.productCode, code));
const auditRows = async () => (await t.database.db.select({ rows: count() }).from(operatorAudit))[0]!.rows;

describe('four eyes on a product change', () => {
  it('changes nothing until a different operator approves; the proposer cannot approve their own', async () => {
    const input = product();
    const proposal = await propose(maker, input);
    expect(proposal).toMatchObject({ kind: 'product.change', status: 'pending', before: null, proposedBy: { id: maker.operator.id } });
    expect(await productByCode(input.code)).toBeNull();
    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect([own.statusCode, own.envelope.code, own.envelope.message]).toEqual([403, ERRORS.PROPOSAL_OWN.code, 'You cannot approve your own proposal: another operator must']);
    expect(await productByCode(input.code)).toBeNull();

    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(approved.envelope.data.proposal).toMatchObject({ status: 'approved', decidedBy: { id: checker.operator.id }, result: { code: input.code, version: 1 } });
    expect(await productByCode(input.code)).toMatchObject({ code: input.code, dailyRatePpm: 400 });
    const [version] = await versionsOf(input.code);
    expect(version).toMatchObject({ version: 1, proposalId: proposal.id, proposedBy: maker.operator.id, approvedBy: checker.operator.id });
    const again = await secondChecker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect([again.statusCode, again.envelope.code]).toEqual([409, ERRORS.PROPOSAL_NOT_PENDING.code]);
  });

  it('checks the legal cap when proposed, and one pending proposal per product', async () => {
    const overCap = await maker.browser.post(ADMIN_PATHS.productPropose, { product: product({ dailyRatePpm: 548, overdueDailyRatePpm: 0 }) });
    expect(overCap.envelope.code).toBe(ERRORS.RATE_OVER_CAP.code);
    const input = product();
    await propose(maker, input);
    const duplicate = await checker.browser.post(ADMIN_PATHS.productPropose, { product: { ...input, name: 'Other' } });
    expect(duplicate.envelope.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);
  });

  it('applies once when two operators approve at the same moment', async () => {
    const input = product();
    const proposal = await propose(maker, input);
    const answers = await Promise.all([checker, secondChecker].map((session) => session.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id })));
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual([200, ERRORS.PROPOSAL_NOT_PENDING.code]);
    expect(await versionsOf(input.code)).toHaveLength(1);
    const approvals = (await t.database.db.execute(sql`select count(*)::int as n from operator_audit where action = 'proposal.approve' and target_id = ${String(proposal.id)}`)) as unknown as { rows: unknown[] };
    expect((approvals.rows[0] as { n: number }).n).toBe(1);
  });

  it('a rejection changes nothing and keeps the reason; an undecided proposal expires after 7 days (the job)', async () => {
    const rejectedInput = product();
    const rejected = await propose(maker, rejectedInput);
    const noReason = await checker.browser.post(ADMIN_PATHS.proposalReject, { proposalId: rejected.id, reason: ' ' });
    expect(noReason.envelope).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, message: 'Please state a reason (at least 3 characters)' });
    const decided = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalReject, { proposalId: rejected.id, reason: 'rate too high for launch' });
    expect(decided.envelope.data.proposal).toMatchObject({ status: 'rejected', decisionReason: 'rate too high for launch' });
    expect(await productByCode(rejectedInput.code)).toBeNull();

    const expiring = await propose(maker, product());
    t.clock.advance(7 * 86_400_000 + 1000);
    expect(await t.services.proposals.expireDue()).toBeGreaterThanOrEqual(1);
    const fresh = await t.operatorSession('admin');
    const late = await fresh.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: expiring.id });
    expect(late.envelope.code).toBe(ERRORS.PROPOSAL_NOT_PENDING.code);
    const expired = await fresh.browser.get<{ items: ProposalView[] }>(ADMIN_PATHS.proposals, { status: 'expired' });
    expect(expired.envelope.data.items.map((item) => item.id)).toContain(expiring.id);
    maker = await t.operatorSession('finance');
    checker = fresh;
    secondChecker = await t.operatorSession('finance');
  });

  it('lists the history of approved versions with who proposed and approved', async () => {
    const input = product();
    await checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: (await propose(maker, input)).id });
    await checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: (await propose(maker, { ...input, name: 'Renamed' })).id });
    const list = await maker.browser.get<{ products: ProductRecord[]; history: { productCode: string; version: number; product: ProductInput; proposedBy: { id: number }; approvedBy: { id: number } }[] }>(ADMIN_PATHS.products);
    const history = list.envelope.data.history.filter((version) => version.productCode === input.code);
    expect(history.map((version) => [version.version, version.product.name, version.proposedBy.id, version.approvedBy.id])).toEqual([
      [2, 'Renamed', maker.operator.id, checker.operator.id],
      [1, 'Four eyes', maker.operator.id, checker.operator.id],
    ]);
  });
});

describe('the audit trail', () => {
  it('every back-office change writes exactly one audit row, with its actor, action, IP and user agent', async () => {
    const borrower = await createBorrower(t);
    const loan = await openLoan(t, borrower, { principal: 2_000_000n, planNums: 1 });
    const uploaded = await postMultipart(t, API_PATHS.uploadCert, {
      token: borrower.token,
      fields: { orderId: String(loan.order.id), repayInfoId: String(borrower.accountId), repayType: '1' },
      files: { imagCert: { data: await sampleJpeg({ exif: false }) } },
    });
    expect(uploaded.envelope.code).toBe(200);
    const receipts = await maker.browser.get<{ id: number; orderNo: string }[]>(ADMIN_PATHS.receipts);
    const receiptId = receipts.envelope.data.find((receipt) => receipt.orderNo === loan.order.orderNo)!.id;
    const logoutSession = await t.operatorSession('viewer');
    // An overdue loan (15 days past due: no dunning step that day) and its collection case.
    const overdue = await openLoan(t, await createBorrower(t), { principal: 2_000_000n, planNums: 1, startDate: addDays(vietnamDate(t.clock.now()), -105) });
    await t.services.collections.run();
    const [collectionCase] = await t.database.db.execute(sql`select id from collection_cases where order_id = ${overdue.order.id}`).then((result) => (result as unknown as { rows: Array<{ id: number }> }).rows);
    const caseId = collectionCase!.id;
    let invitedId = 0;
    let proposalId = 0;
    let reviewId = 0;
    let dataRequestId = 0;
    let breachId = 0;
    const changes: Record<string, () => Promise<{ statusCode: number; body: string }>> = {
      adminInviteOperator: async () => {
        const response = await checker.browser.post<{ operator: { id: number } }>(ADMIN_PATHS.operatorInvite, { email: `audit-${Date.now()}@sen.test`, name: 'Audited', role: 'viewer' });
        invitedId = response.envelope.data.operator.id;
        return response;
      },
      adminChangeOperatorRole: () => checker.browser.post(ADMIN_PATHS.operatorRole, { operatorId: invitedId, role: 'reviewer', reason: 'promotion' }),
      adminDeactivateOperator: () => checker.browser.post(ADMIN_PATHS.operatorDeactivate, { operatorId: invitedId }),
      adminProposeProduct: async () => {
        const response = await maker.browser.post<{ proposal: { id: number } }>(ADMIN_PATHS.productPropose, { product: product() });
        proposalId = response.envelope.data.proposal.id;
        return response;
      },
      adminApproveProposal: () => checker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId }),
      adminRejectProposal: async () => {
        const other = await maker.browser.post<{ proposal: { id: number } }>(ADMIN_PATHS.productPropose, { product: product() });
        const before = await auditRows();
        const response = await checker.browser.post(ADMIN_PATHS.proposalReject, { proposalId: other.envelope.data.proposal.id, reason: 'not now' });
        expect(await auditRows()).toBe(before + 1);
        return response;
      },
      adminProposeCollectionRules: async () => {
        const rules = (await maker.browser.get<{ current: CollectionRules }>(ADMIN_PATHS.collectionRules)).envelope.data.current;
        return checker.browser.post(ADMIN_PATHS.collectionRulesPropose, { rules: { ...rules, rules: rules.rules.slice(1) }, reason: 'audit trail test: collection rules' });
      },
      adminReviewRepaymentReceipt: () => maker.browser.post(ADMIN_PATHS.receiptReview, { id: receiptId, approve: false, note: 'no such transfer' }),
      adminExportAudit: () => checker.browser.get(ADMIN_PATHS.auditExport),
      adminRevealBorrower: async () => {
        await savePersonalData(t, borrower.userId, { fullName: 'Phạm Văn Kiểm', idNumber: randomIdNumber() });
        return checker.browser.post(ADMIN_PATHS.borrowerReveal, { userId: borrower.session.id, what: 'idNumber', reason: 'Audit trail test: reveal the ID number' });
      },
      adminOpenAppeal: async () => {
        // A borrower the engine rejects on its own (too old), appealed by an operator.
        const phone = randomPhone();
        const rejected = await t.loginWithOtp(phone);
        await t.app.inject({ method: 'POST', url: API_PATHS.devCreditCertify, payload: { phone, birthDate: '1950-01-01', monthlySalaryBand: '2' } });
        await t.services.credit.runReviews();
        // Opened by a reviewer: the checker decides it below (the opener may not, decision 110).
        const opener = await t.operatorSession('reviewer');
        const response = await opener.browser.post<{ review: { id: number } }>(ADMIN_PATHS.reviewAppeal, { userId: rejected.id, reason: 'audit trail test: appeal' });
        reviewId = response.envelope.data.review.id;
        return response;
      },
      adminDecideReview: () => checker.browser.post(ADMIN_PATHS.reviewDecide, { reviewId, decision: 'reject', reason: 'audit trail test: still too old' }),
      adminProposeCreditRules: () =>
        maker.browser.post(ADMIN_PATHS.creditRulesPropose, { rules: { manualReview: { failedRules: ['incomeBand'], maxFailedRules: 1, approvalsFromVnd: null } }, reason: 'audit trail test' }),
      // A contact the governor refuses (out of hours, the 6th…) is audited like one it allows: one row either way.
      adminCollectionContact: () => checker.browser.post(ADMIN_PATHS.collectionContact, { caseId, channel: 'call', target: 'borrower', outcome: 'no_answer' }),
      adminCollectionPromise: () => checker.browser.post(ADMIN_PATHS.collectionPromise, { caseId, amount: 500_000, promisedDate: vietnamDate(t.clock.now()) }),
      adminCollectionAssign: () => checker.browser.post(ADMIN_PATHS.collectionAssign, { caseId, operatorId: checker.operator.id }),
      adminLogout: () => logoutSession.browser.post(ADMIN_PATHS.logout),
      // Refunds and write-offs (decision 100): an overpaid loan, and one 30 days past due.
      adminProposeRefund: async () => {
        const overpaid = await openLoan(t, borrower, { principal: 1_000_000n, planNums: 1 });
        const owed = (await t.post<{ actualNeedRepayAmount: number }>(API_PATHS.orderDetail, { token: borrower.token, payload: { orderId: overpaid.order.id } })).envelope.data.actualNeedRepayAmount;
        await postSepay(t, sepayTransfer(t, { content: `tra no ${overpaid.order.orderNo}`, transferAmount: owed + 9_000 }));
        return maker.browser.post(ADMIN_PATHS.refundPropose, { orderId: overpaid.order.id, reason: 'audit trail test: refund' });
      },
      adminProposeWriteOff: async () => {
        const overdue = await openLoan(t, borrower, { principal: 1_000_000n, planNums: 1, startDate: addVietnamDays(vietnamDate(t.clock.now()), -120) });
        return maker.browser.post(ADMIN_PATHS.writeOffPropose, { orderId: overdue.order.id, reason: 'audit trail test: write-off' });
      },
      // The unmatched queue (decision 114): money naming nothing of ours, proposed to a loan or back to its sender.
      adminProposeTransferMatch: async () => {
        // Another borrower: this one's loan 120 days old (the write-off above) bars a new loan (decision 115).
        const loan = await openLoan(t, await createBorrower(t), { principal: 1_000_000n, planNums: 1 });
        const body = sepayTransfer(t, { content: 'chuyen tien', transferAmount: 12_000 });
        await postSepay(t, body);
        const [transfer] = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(body.id)));
        return maker.browser.post(ADMIN_PATHS.unidentifiedMatch, { transferId: transfer!.id, orderNo: loan.order.orderNo, reason: 'audit trail test: match' });
      },
      adminRetryPayout: async () => {
        const order = await committedOrder(t, await createBorrower(t), 500_000n);
        return maker.browser.post(ADMIN_PATHS.payoutRetry, { orderId: order.id, reason: 'audit trail test: retry' });
      },
      adminProposePayoutCancel: async () => {
        const order = await committedOrder(t, await createBorrower(t), 500_000n);
        return maker.browser.post(ADMIN_PATHS.payoutCancelPropose, { orderId: order.id, reason: 'audit trail test: cancel' });
      },
      // A restructure offer (decision 117): a collections operator proposes it for a loan 10 days past due.
      adminProposeRestructure: async () => {
        const loan = await openLoan(t, await createBorrower(t), { principal: 1_000_000n, planNums: 3, startDate: addVietnamDays(vietnamDate(t.clock.now()), -40) });
        return checker.browser.post(ADMIN_PATHS.restructurePropose, { orderId: loan.order.id, planNums: 3, periodDays: 30, reason: 'audit trail test: restructure' });
      },
      adminProposeTransferReturn: async () => {
        const body = sepayTransfer(t, { content: 'chuyen tien', transferAmount: 13_000 });
        await postSepay(t, body);
        const [transfer] = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(body.id)));
        return maker.browser.post(ADMIN_PATHS.unidentifiedReturn, { transferId: transfer!.id, reason: 'audit trail test: return' });
      },
      // A return sent without its memo, recorded by hand (decision 125); approved to return beforehand in the table (no audited call of its own).
      adminProposeTransferReturned: async () => {
        const incoming = sepayTransfer(t, { content: 'chuyen nham', transferAmount: 14_000 });
        await postSepay(t, incoming);
        const [transfer] = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(incoming.id)));
        await t.database.db.update(unidentifiedTransfers).set({ state: 'to_return' }).where(eq(unidentifiedTransfers.transferId, transfer!.id));
        const outgoing = sepayTransfer(t, { transferType: 'out', content: 'hoan tien', transferAmount: 14_000 });
        await postSepay(t, outgoing);
        const [out] = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.providerTransactionId, String(outgoing.id)));
        return maker.browser.post(ADMIN_PATHS.unidentifiedReturned, { transferId: transfer!.id, outgoingTransferId: out!.id, reason: 'audit trail test: returned' });
      },
      adminImportStatement: async () => {
        const row = ['880000001', 'MBBank', '2026-11-25 08:00:00', '0000999888777', '', 'audit trail test: money out', 'out', '5000', '0', '', ''];
        const file = Buffer.from(`${STATEMENT_COLUMNS.join(',')}\r\n${row.join(',')}\r\n`);
        return maker.browser.upload(ADMIN_PATHS.statementImport, { fileName: 'audit.csv' }, { statement: { data: file, filename: 'audit.csv', contentType: 'text/csv' } });
      },
      // Data-subject requests and the breach register (decision 116).
      adminExtendDataRequest: async () => {
        const filed = await t.post<{ id: number }>(API_PATHS.dataRightsFile, { token: borrower.token, payload: { kind: 'access' } });
        dataRequestId = filed.envelope.data.id;
        return checker.browser.post(ADMIN_PATHS.dataRequestExtend, { id: dataRequestId, days: 5, reason: 'audit trail test: extend' });
      },
      adminCompleteDataRequest: () => checker.browser.post(ADMIN_PATHS.dataRequestComplete, { id: dataRequestId, note: 'audit trail test: done' }),
      adminRefuseDataRequest: async () => {
        const filed = await t.post<{ id: number }>(API_PATHS.dataRightsFile, { token: borrower.token, payload: { kind: 'delete' } });
        return checker.browser.post(ADMIN_PATHS.dataRequestRefuse, { id: filed.envelope.data.id, reason: 'audit trail test: refuse' });
      },
      adminRecordBreach: async () => {
        const response = await checker.browser.post<{ id: number }>(ADMIN_PATHS.breachRecord, {
          discoveredAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
          description: 'audit trail test: breach',
          dataAffected: 'phones',
          borrowersAffected: 3,
        });
        breachId = response.envelope.data.id;
        return response;
      },
      adminMarkBreachNotified: () => checker.browser.post(ADMIN_PATHS.breachNotified, { id: breachId, notifiedAt: t.clock.now().toISOString(), reference: 'A05-audit-test' }),
    };
    const audited = allAdminEndpoints.filter((endpoint) => endpoint.audited).map((endpoint) => endpoint.id);
    expect(Object.keys(changes).sort()).toEqual([...audited].sort());
    for (const [id, change] of Object.entries(changes)) {
      const endpoint = { id };
      const before = await auditRows();
      const response = await change();
      expect([endpoint.id, response.statusCode], response.body).toEqual([endpoint.id, 200]);
      // adminRejectProposal's own proposal is one row more (proposal.create).
      expect(await auditRows(), endpoint.id).toBe(before + (endpoint.id === 'adminRejectProposal' ? 2 : 1));
    }
    const search = await checker.browser.get<{ items: { action: string; actor: { id: number; name: string } | null; ip: string | null; userAgent: string | null }[]; nextCursor: string | null }>(ADMIN_PATHS.audit, { action: 'operator.', limit: 2 });
    expect(search.envelope.data.items.map((item) => item.action)).toEqual(['operator.deactivate', 'operator.role']);
    expect(search.envelope.data.items[0]).toMatchObject({ actor: { id: checker.operator.id, name: 'Test admin' }, ip: checker.browser.ip, userAgent: checker.browser.userAgent });
    const next = await checker.browser.get<{ items: { action: string }[] }>(ADMIN_PATHS.audit, { action: 'operator.', limit: 2, cursor: search.envelope.data.nextCursor! });
    expect(next.envelope.data.items.map((item) => item.action)).toContain('operator.invite');
  });

  it('exports CSV with a header, quoting, and no formula injection; refuses a bad cursor with a clear message', async () => {
    await t.services.operatorAudit.record({ operator: null, ip: null, userAgent: '=HYPERLINK("x")' }, 'test.csv', { targetType: 'test', targetId: 'a,b', reason: 'line "one"' });
    const exported = await checker.browser.get(ADMIN_PATHS.auditExport, { action: 'test.csv' });
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = exported.body.split('\r\n');
    expect(header).toBe('id,at,actorId,actorEmail,action,targetType,targetId,reason,ip,userAgent,before,after');
    expect(row).toContain(',test.csv,test,"a,b","line ""one""",,"\'=HYPERLINK(""x"")",,');
    const bad = await checker.browser.get(ADMIN_PATHS.audit, { cursor: 'nonsense' });
    expect(bad.envelope).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, message: 'Invalid page cursor, please reload the list' });
  });
});
