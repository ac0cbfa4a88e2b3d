import { describe, expect, it } from 'vitest';
import { foldedWords, rankSuggestions, scoreCandidate, type SuggestionCandidate } from './transfer-suggestions.ts';

const at = new Date('2026-11-20T03:00:00Z');
const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);
const candidate = (over: Partial<SuggestionCandidate>): SuggestionCandidate => ({
  repaymentRequestId: 'r',
  orderId: 1,
  orderNo: 'SEN26112000000001',
  borrowerName: 'Nguyễn Văn Đức',
  amount: 1_000_000n,
  requestedAt: hours(-2),
  ...over,
});
const money = { amount: 1_000_000n, content: 'NGUYEN VAN DUC chuyen tien', bankTime: at };

describe('suggested matches of an unidentified transfer', () => {
  it('folds Vietnamese names as banks print them', () => {
    expect(foldedWords('Nguyễn Văn Đức')).toEqual(['NGUYEN', 'VAN', 'DUC']);
  });

  it('scores amount, then name, then time', () => {
    expect(scoreCandidate(money, candidate({}))).toEqual({ score: 50 + 30 + 19, reasons: ['amountEqual', 'nameMatch', 'timeClose'] });
    expect(scoreCandidate(money, candidate({ amount: 1_050_000n, borrowerName: 'Trần Văn Đức' }))).toEqual({ score: 25 + 15 + 19, reasons: ['amountClose', 'namePartial', 'timeClose'] });
    // Neither the amount nor the name: no suggestion, however close in time.
    expect(scoreCandidate(money, candidate({ amount: 5_000_000n, borrowerName: 'Lê Thị Hoa' }))).toEqual({ score: 0, reasons: [] });
    // Far in time: no time points.
    expect(scoreCandidate(money, candidate({ requestedAt: hours(-100) }))).toEqual({ score: 80, reasons: ['amountEqual', 'nameMatch'] });
  });

  it('ranks best first, nearer in time on ties, at most five', () => {
    const ranked = rankSuggestions(money, [
      candidate({ repaymentRequestId: 'far', requestedAt: hours(-48) }),
      candidate({ repaymentRequestId: 'near', requestedAt: hours(-1) }),
      candidate({ repaymentRequestId: 'name-only', amount: 9_000_000n }),
      candidate({ repaymentRequestId: 'none', amount: 9_000_000n, borrowerName: 'Lê Thị Hoa' }),
      ...['a', 'b', 'c', 'd'].map((id) => candidate({ repaymentRequestId: id, requestedAt: hours(-60) })),
    ]);
    expect(ranked.map((entry) => entry.repaymentRequestId)).toEqual(['near', 'far', 'a', 'b', 'c']);
    expect(ranked[0]).toMatchObject({ orderNo: 'SEN26112000000001', amount: 1_000_000, borrowerName: 'Nguyễn Văn Đức' });
  });
});
