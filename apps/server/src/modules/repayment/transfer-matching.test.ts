import { accrueThrough, applyRepayment, buildSchedule, instalmentOutstanding, openLoan, sumComponents } from '@sen/domain';
import { describe, expect, it } from 'vitest';
import { makeTransferContent } from '../../shared/vietqr.ts';
import { repaidOnTime } from './collection.service.ts';
import { formatBankTime, isRequestCode, newRequestCode, normaliseAccountNumber, orderNoCandidates, parseBankTime, requestCodeCandidates, returnMemoCandidates, returnMemoOf } from './transfer-matching.ts';

describe('request codes in a transfer content', () => {
  it('makes codes of SEN, 8 unambiguous characters and a check character', () => {
    for (let index = 0; index < 200; index += 1) {
      const code = newRequestCode();
      expect(code).toMatch(/^SEN[2-9A-HJ-NP-Z]{8}[0-9A-Z]$/);
      expect(isRequestCode(code)).toBe(true);
    }
  });

  it('finds a code however banks write it, and only codes whose check character is right', () => {
    const code = makeTransferContent('R8K2P4Q7');
    expect(requestCodeCandidates([`MBVCB.3278.NGUYEN VAN A chuyen tien ${code}.CT tu 0123`])).toEqual([code]);
    expect(requestCodeCandidates([code.toLowerCase()])).toEqual([code]);
    expect(requestCodeCandidates([`${code.slice(0, 6)} ${code.slice(6)}`])).toEqual([code]);
    expect(requestCodeCandidates([`${code.slice(0, 3)}-${code.slice(3, 8)}-${code.slice(8)}`])).toEqual([code]);
    // Words before the code do not hide it: here 'SENDERNGUYEN' even checks out by chance (1 in 36),
    // which is why every candidate is looked up and the one the database knows wins.
    expect(requestCodeCandidates([`SENDER NGUYEN SEN ${code}`])).toEqual(expect.arrayContaining([code, 'SENDERNGUYEN']));
    // One character off by one ('R' → 'S'): the check character catches it.
    const typo = `${code.slice(0, 3)}S${code.slice(4)}`;
    expect(requestCodeCandidates([typo])).toEqual([]);
    expect(requestCodeCandidates([null, undefined, ''])).toEqual([]);
  });

  it('finds order numbers (the memo of offline repayments)', () => {
    expect(orderNoCandidates(['tra no SEN26111512345678 cam on'])).toEqual(['SEN26111512345678']);
    expect(orderNoCandidates(['sen2611151234 5678'])).toEqual(['SEN26111512345678']);
    expect(orderNoCandidates(['SEN2611'])).toEqual([]);
  });

  it('finds return memos (decision 121) however banks write them, each id once', () => {
    expect(returnMemoOf(1234)).toBe('HOANTRA1234');
    expect(returnMemoCandidates(['HOANTRA1234 hoan tien chuyen nham'])).toContain(1234);
    expect(returnMemoCandidates(['hoan tra 1234'])).toEqual([1234]);
    expect(returnMemoCandidates(['hoantra-1234', 'HOANTRA1234'])).toEqual([1234]);
    expect(returnMemoCandidates(['chuyen tien', null, undefined, 'HOANTRA', 'HOANTRA0'])).toEqual([]);
  });

  it('reads account numbers and bank times', () => {
    expect(normaliseAccountNumber(' 0000 1234-56789 ')).toBe('0000123456789');
    expect(parseBankTime('2026-11-15 08:30:05')?.toISOString()).toBe('2026-11-15T01:30:05.000Z');
    expect(parseBankTime('2026-11-15 00:10:00')?.toISOString()).toBe('2026-11-14T17:10:00.000Z');
    expect(parseBankTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseBankTime('15/11/2026')).toBeNull();
    expect(formatBankTime(new Date('2026-11-14T17:10:00.000Z'))).toBe('2026-11-15 00:10:00');
  });
});

describe('repaid on time (replayed with the domain)', () => {
  const schedule = buildSchedule({ principal: 3_000_000n, dailyRatePpm: 400n, termDays: 90, planNums: 3, serviceFee: 0n, feeTiming: 'deducted', startDate: '2026-01-01' });
  const start = openLoan(schedule);
  const dueDates = schedule.instalments.map((row) => row.dueDate);

  /** Pays, on each date, everything owed then of the instalments due by that date (as the domain allocates it). */
  function payOn(dates: string[]): Array<{ date: string; amount: bigint }> {
    let state = start;
    return dates.map((date) => {
      state = accrueThrough(state, date).state;
      const amount = state.instalments.filter((row) => row.dueDate <= date).reduce((sum, row) => sum + sumComponents(instalmentOutstanding(row)), 0n);
      state = applyRepayment(state, amount).state;
      return { date, amount };
    });
  }

  it('each instalment paid on its due date, or everything paid early: on time', () => {
    expect(repaidOnTime(start, payOn(dueDates))).toBe(true);
    expect(repaidOnTime(start, [{ date: '2026-01-10', amount: 4_000_000n }])).toBe(true);
  });

  it('an instalment paid early that still owed the rest of its period’s interest after its due date: not on time', () => {
    // Instalment 1 paid five days before its due date: the period's last five days of interest are its too.
    const early = sumComponents(instalmentOutstanding(accrueThrough(start, '2026-01-26').state.instalments[0]!));
    const afterEarly = applyRepayment(accrueThrough(start, '2026-01-26').state, early).state;
    const restOfPeriod = sumComponents(instalmentOutstanding(accrueThrough(afterEarly, dueDates[0]!).state.instalments[0]!));
    expect(restOfPeriod).toBeGreaterThan(0n);
    expect(repaidOnTime(start, [{ date: '2026-01-26', amount: early }, { date: dueDates[1]!, amount: 5_000_000n }])).toBe(false);
    // The rest of the period's interest paid on the due date itself: on time.
    expect(repaidOnTime(start, [{ date: '2026-01-26', amount: early }, { date: dueDates[0]!, amount: restOfPeriod }, { date: dueDates[1]!, amount: 5_000_000n }])).toBe(true);
  });

  it('a payment after a due date that had something owing: not on time; no payment at all: not on time', () => {
    expect(dueDates[0]! < '2026-02-05').toBe(true);
    expect(repaidOnTime(start, [{ date: '2026-02-05', amount: 5_000_000n }])).toBe(false);
    expect(repaidOnTime(start, [])).toBe(false);
  });
});
