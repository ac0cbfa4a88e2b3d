import { ADMIN_PATHS, ERRORS, type CollectionRules, type ProposalView } from '@sen/contract';
import { addDays, vietnamDate, vietnamInstant } from '@sen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/database.ts';
import { createBorrower, openLoan } from './helpers/loans.ts';
import type { OperatorSession } from './helpers/operators.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The collection rules through four eyes (decision 122): a set of buckets, dunning steps and
 * approved templates is checked (gaps, overlaps, links in an SMS, steps without an approved
 * template, unknown placeholders), proposed with an audit row, changes nothing until a second
 * operator approves, and is what the next run of the collections job uses.
 */

let t: TestApp;
let maker: OperatorSession;
let checker: OperatorSession;
let collector: OperatorSession;

interface RulesAnswer {
  current: CollectionRules;
  openCases: Record<string, number>;
  pending: ProposalView | null;
  lastApproved: ProposalView | null;
}

const today = () => vietnamDate(t.clock.now());
const read = async () => (await collector.browser.get<RulesAnswer>(ADMIN_PATHS.collectionRules)).envelope.data;
const propose = (session: OperatorSession, rules: CollectionRules, lang = 'en_US') =>
  session.browser.call<{ proposal: ProposalView }>('POST', ADMIN_PATHS.collectionRulesPropose, { rules, reason: 'gentler first notice' }, { headers: { lang } });

/** A loan whose only instalment is `dpd` days past due today. */
async function overdueLoan(dpd: number) {
  const borrower = await createBorrower(t, 50_000_000n);
  const loan = await openLoan(t, borrower, { startDate: addDays(today(), -(90 + dpd)), principal: 2_000_000n, planNums: 1 });
  return { borrower, orderId: loan.order.id };
}

const caseOf = async (orderId: number) =>
  (await executeRows<{ id: number; bucket: string }>(t.database.db, sql`select id, bucket from collection_cases where order_id = ${orderId} and status = 'open'`))[0]!;
const automatic = async (caseId: number) =>
  executeRows<{ status: string; template: string; content: string }>(t.database.db, sql`select status, template, content from collection_contacts where case_id = ${caseId} and operator_id is null order by id`);
const auditOf = async (action: string, proposalId: number) =>
  executeRows<{ actor_id: number }>(t.database.db, sql`select actor_id from operator_audit where action = ${action} and target_type = 'proposal' and target_id = ${String(proposalId)}`);

beforeAll(async () => {
  t = await createTestApp();
  // 10:00 Vietnam tomorrow: within the governor's hours.
  const target = vietnamInstant(addDays(today(), 1), '10:00').getTime();
  t.clock.advance(target - t.clock.now().getTime());
  maker = await t.operatorSession('admin');
  checker = await t.operatorSession('finance');
  collector = await t.operatorSession('collector');
});
afterAll(async () => t?.close());

describe('the collection rules', () => {
  it('shows the shipped set; refuses a set that breaks a rule with every problem named, an unchanged set, and a role without the permission', async () => {
    const { current, pending } = await read();
    expect(current.buckets.map((bucket) => [bucket.code, bucket.minDays, bucket.maxDays])).toEqual([
      ['1-10', 1, 10],
      ['11-30', 11, 30],
      ['31-90', 31, 90],
      ['91-180', 91, 180],
      ['180+', 181, null],
    ]);
    expect(current.templates.find((template) => template.code === 'overdue_notice')).toMatchObject({ channel: 'sms', approved: true, bodyEn: expect.stringContaining('Your loan {orderNo}') });
    expect(current.rules).toContainEqual({ dayPastDue: 1, template: 'overdue_notice', active: true });
    expect(pending).toBeNull();

    const broken: CollectionRules = {
      buckets: [
        { code: '1-10', minDays: 1, maxDays: 10 },
        { code: '12-30', minDays: 12, maxDays: 40 },
        { code: '31+', minDays: 31, maxDays: null },
      ],
      templates: [
        ...current.templates,
        { code: 'pay_here', channel: 'sms', bodyVn: 'Thanh toan {amount} tai sen.vn/pay', bodyEn: 'Pay {amount} at {link}', approved: true },
      ],
      rules: [...current.rules, { dayPastDue: 3, template: 'no_such_template', active: true }],
    };
    const refused = await propose(maker, broken);
    expect([refused.statusCode, refused.envelope.code], refused.body).toEqual([400, ERRORS.COLLECTION_RULES_INVALID.code]);
    expect(refused.envelope.message).toBe('Days 11–11 past due fall in no bucket (between 1-10 and 12-30)');
    expect(refused.envelope.data).toEqual({
      problems: [
        'Days 11–11 past due fall in no bucket (between 1-10 and 12-30)',
        'Buckets 12-30 and 31+ overlap on days 31–40 past due',
        'SMS template pay_here (vn) contains a link or web address; an SMS about a debt may not',
        'Template pay_here (en) asks for {link}, which is never filled in (only orderNo, amount, daysPastDue are)',
        'The step of day 3 sends no_such_template, which is not on the approved list',
      ],
    });
    // In the operator's language.
    const inVietnamese = await propose(maker, broken, 'vi_VN');
    expect(inVietnamese.envelope.message).toBe('Các ngày quá hạn 11–11 không thuộc nhóm nào (giữa 1-10 và 12-30)');
    // A step naming a withdrawn template, and a last bucket with an end.
    const withdrawn = await propose(maker, {
      buckets: [{ code: '1-30', minDays: 1, maxDays: 30 }],
      templates: current.templates.map((template) => (template.code === 'overdue_reminder' ? { ...template, approved: false } : template)),
      rules: current.rules,
    });
    expect((withdrawn.envelope.data as unknown as { problems: string[] }).problems).toEqual([
      'The last bucket (1-30) must have no upper bound, so that cases past day 30 have one',
      'The step of day 10 sends overdue_reminder, which is not on the approved list',
      'The step of day 30 sends overdue_reminder, which is not on the approved list',
    ]);
    const unchanged = await propose(maker, { ...current, rules: [...current.rules].reverse() });
    expect([unchanged.statusCode, unchanged.envelope.code]).toEqual([409, ERRORS.COLLECTION_RULES_UNCHANGED.code]);
    const notAllowed = await propose(collector, { ...current, buckets: current.buckets.slice(1) });
    expect(notAllowed.statusCode).toBe(403);
    expect(await executeRows(t.database.db, sql`select id from proposals where kind = 'collections.rules'`)).toEqual([]);
  });

  it('changes nothing until a second operator approves (audited); then the job buckets and dunns by the new rules, in the borrower’s language', async () => {
    const { current } = await read();
    const early = await overdueLoan(3);
    const english = await overdueLoan(3);
    await t.database.db.execute(sql`insert into user_languages (user_id, language) values (${english.borrower.userId}, 'en') on conflict (user_id) do update set language = 'en'`);
    const twelve = await overdueLoan(12);
    const proposed: CollectionRules = {
      buckets: [
        { code: '1-15', minDays: 1, maxDays: 15 },
        { code: '16-30', minDays: 16, maxDays: 30 },
        ...current.buckets.slice(2),
      ],
      templates: [
        // promise_reminder left out: withdrawn.
        ...current.templates.filter((template) => template.code !== 'promise_reminder'),
        {
          code: 'gentle_notice',
          channel: 'sms',
          bodyVn: 'Khoan vay {orderNo} da qua han {daysPastDue} ngay. Vui long thanh toan {amount} VND trong ung dung.',
          bodyEn: 'Loan {orderNo} is {daysPastDue} days overdue. Please pay {amount} VND in the app.',
          approved: true,
        },
      ],
      rules: [...current.rules.filter((rule) => rule.dayPastDue !== 30), { dayPastDue: 3, template: 'gentle_notice', active: true }],
    };
    const proposal = (await propose(maker, proposed)).envelope.data.proposal;
    expect(proposal).toMatchObject({ kind: 'collections.rules', status: 'pending', summary: expect.stringContaining('5 buckets (1-15, 16-30, 31-90, 91-180, 180+)') });
    expect(await auditOf('proposal.create', proposal.id)).toEqual([{ actor_id: maker.operator.id }]);
    expect((await propose(maker, { ...proposed, rules: proposed.rules.slice(1) })).envelope.code).toBe(ERRORS.PROPOSAL_DUPLICATE.code);

    // Pending: the job runs by the rules in force.
    await t.services.collections.run();
    const earlyCase = await caseOf(early.orderId);
    expect(await automatic(earlyCase.id)).toEqual([]);
    expect((await caseOf(twelve.orderId)).bucket).toBe('11-30');
    const waiting = await read();
    expect(waiting.pending?.id).toBe(proposal.id);
    expect(waiting.current).toEqual(current);

    const own = await maker.browser.post(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(own.envelope.code).toBe(ERRORS.PROPOSAL_OWN.code);
    const approved = await checker.browser.post<{ proposal: ProposalView }>(ADMIN_PATHS.proposalApprove, { proposalId: proposal.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await auditOf('proposal.approve', proposal.id)).toEqual([{ actor_id: checker.operator.id }]);
    const after = await read();
    expect(after.pending).toBeNull();
    expect(after.lastApproved?.id).toBe(proposal.id);
    expect(after.current.buckets.map((bucket) => bucket.code)).toEqual(['1-15', '16-30', '31-90', '91-180', '180+']);
    expect(after.current.templates.find((template) => template.code === 'promise_reminder')?.approved).toBe(false);
    expect(after.current.rules).toContainEqual({ dayPastDue: 3, template: 'gentle_notice', active: true });
    expect(after.current.rules.some((rule) => rule.dayPastDue === 30)).toBe(false);

    // The next run: the 12-day case moves to 1-15, the 3-day ones get the new step, each in their language.
    await t.services.collections.run();
    expect((await caseOf(twelve.orderId)).bucket).toBe('1-15');
    expect(await automatic(earlyCase.id)).toEqual([{ status: 'sent', template: 'gentle_notice', content: expect.stringMatching(/^Sen: Khoan vay \S+ da qua han 3 ngay\. Vui long thanh toan/) }]);
    expect(await automatic((await caseOf(english.orderId)).id)).toEqual([{ status: 'sent', template: 'gentle_notice', content: expect.stringMatching(/^Sen: Loan \S+ is 3 days overdue\. Please pay/) }]);
    // The withdrawn template is refused by the governor from now on.
    const refused = await collector.browser.post<{ refusal: { rule: string } | null }>(ADMIN_PATHS.collectionContact, { caseId: earlyCase.id, channel: 'sms', target: 'borrower', template: 'promise_reminder' });
    expect(refused.envelope.data.refusal?.rule).toBe('template_not_approved');
  });
});
