import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costTable, quoteLoan } from './cost.ts';
import { dailyInterest } from './interest.ts';
import { buildSchedule, serviceFeeFor, splitDays, splitEvenly, type LoanTerms } from './schedule.ts';
import { termsArbitrary } from './test-arbitraries.ts';

const example: LoanTerms = {
  principal: 2_000_000n,
  dailyRatePpm: 300n,
  termDays: 91,
  planNums: 3,
  serviceFee: 200_000n,
  feeTiming: 'deducted',
  startDate: '2026-03-15',
};

describe('splitting by the house rule', () => {
  it('rounds each part down and puts the remainder on the last', () => {
    expect(splitEvenly(2_000_000n, 3)).toEqual([666_666n, 666_666n, 666_668n]);
    expect(splitEvenly(5n, 1)).toEqual([5n]);
    expect(splitDays(91, 3)).toEqual([30, 30, 31]);
    expect(() => splitDays(2, 3)).toThrow(RangeError);
  });

  it('always adds up, never goes negative, and the last part is the largest by less than the part count', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 1, max: 60 }), (total, parts) => {
        const split = splitEvenly(total, parts);
        expect(split).toHaveLength(parts);
        expect(split.reduce((a, b) => a + b, 0n)).toBe(total);
        const last = split[parts - 1]!;
        for (const part of split) {
          expect(part >= 0n).toBe(true);
          expect(last - part >= 0n && last - part < BigInt(parts)).toBe(true);
        }
      }),
    );
  });
});

describe('serviceFeeFor', () => {
  it('charges a fixed amount or a share rounded down', () => {
    expect(serviceFeeFor({ kind: 'fixed', amount: 200_000n }, 2_000_000n)).toBe(200_000n);
    expect(serviceFeeFor({ kind: 'rate', ppm: 100_000n }, 2_000_000n)).toBe(200_000n);
    expect(serviceFeeFor({ kind: 'rate', ppm: 33_333n }, 1_000_001n)).toBe(33_333n);
  });
});

describe('buildSchedule', () => {
  it('builds the worked example: three instalments, declining interest, fee out of the payout', () => {
    const schedule = buildSchedule(example);
    expect(schedule.instalments.map((row) => [row.planPart, row.dueDate, row.days, row.principal, row.interest, row.total])).toEqual([
      [1, '2026-04-14', 30, 666_666n, 18_000n, 684_666n],
      [2, '2026-05-14', 30, 666_666n, 12_000n, 678_666n],
      [3, '2026-06-14', 31, 666_668n, 6_200n, 672_868n],
    ]);
    expect(schedule.totals).toMatchObject({ interest: 36_200n, disbursed: 1_800_000n, repayable: 2_036_200n, cost: 236_200n });
  });

  it('a single payment is the principal plus simple interest for the whole term', () => {
    const schedule = buildSchedule({ ...example, planNums: 1, feeTiming: 'instalments' });
    expect(schedule.instalments).toHaveLength(1);
    expect(schedule.instalments[0]).toMatchObject({ dueDate: '2026-06-14', interest: 54_600n, fee: 200_000n, total: 2_254_600n });
    expect(schedule.totals.disbursed).toBe(2_000_000n);
  });

  it('refuses impossible terms', () => {
    expect(() => buildSchedule({ ...example, principal: 0n })).toThrow(RangeError);
    expect(() => buildSchedule({ ...example, planNums: 0 })).toThrow(RangeError);
    expect(() => buildSchedule({ ...example, serviceFee: 2_000_000n })).toThrow(RangeError);
    expect(() => buildSchedule({ ...example, startDate: '2026-02-31' })).toThrow(RangeError);
  });

  it('sums to the total: principal, fee and repayable add up exactly', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const { instalments, totals } = buildSchedule(terms);
        const sum = (pick: (row: (typeof instalments)[number]) => bigint) => instalments.reduce((acc, row) => acc + pick(row), 0n);
        expect(instalments).toHaveLength(terms.planNums);
        expect(sum((row) => row.principal)).toBe(terms.principal);
        expect(sum((row) => row.fee)).toBe(totals.instalmentFee);
        expect(totals.instalmentFee + totals.deductedFee).toBe(terms.serviceFee);
        expect(sum((row) => row.total)).toBe(totals.repayable);
        expect(totals.repayable).toBe(terms.principal + totals.interest + totals.instalmentFee);
        expect(totals.cost).toBe(totals.interest + terms.serviceFee);
        expect(instalments.reduce((acc, row) => acc + row.days, 0)).toBe(terms.termDays);
        for (const row of instalments) {
          expect(row.total).toBe(row.principal + row.interest + row.fee);
          expect(row.principal >= 0n && row.interest >= 0n && row.fee >= 0n).toBe(true);
          expect(row.interest).toBe(dailyInterest(row.openingPrincipal, terms.dailyRatePpm, row.days));
        }
        // Declining balance: never more interest than on the whole principal for the whole term.
        expect(totals.interest <= dailyInterest(terms.principal, terms.dailyRatePpm, terms.termDays)).toBe(true);
        // Due dates strictly increase and the last is the end of the term.
        for (let index = 1; index < instalments.length; index += 1) expect(instalments[index]!.dueDate > instalments[index - 1]!.dueDate).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the cost table equals the schedule', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const { schedule, cost } = quoteLoan(terms);
        expect(cost).toEqual(costTable(buildSchedule(terms)));
        expect(cost.rows).toEqual(schedule.instalments.map(({ planPart, dueDate, principal, interest, fee, total }) => ({ planPart, dueDate, principal, interest, fee, total })));
        expect(cost.rows.reduce((sum, row) => sum + row.total, 0n)).toBe(cost.totalRepayable);
        expect(cost.rows.reduce((sum, row) => sum + row.interest, 0n)).toBe(cost.interest);
        expect(cost.received + cost.costOfCredit).toBe(cost.totalRepayable);
        expect(cost.received).toBe(terms.principal - cost.deductedFee);
        expect(cost.firstRepayment).toBe(schedule.instalments[0]!.total);
        expect(cost.finalDueDate).toBe(schedule.instalments.at(-1)!.dueDate);
      }),
      { numRuns: 200 },
    );
  });
});
