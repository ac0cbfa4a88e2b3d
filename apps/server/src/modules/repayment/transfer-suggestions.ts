import type { TransferSuggestion } from '@sen/contract';

/*
 * Suggested owners of an unidentified transfer (decision 114), computed on read from the
 * repayment requests around its time: the amount says most (50 points equal, 25 within 10%), the
 * borrower's name in the transfer's content next (30 all of it, 15 half of its words or more), and
 * time last (up to 20 points, falling to none 72 hours away). A candidate with neither the amount
 * nor the name is no suggestion, however close in time.
 */

export interface SuggestionCandidate {
  repaymentRequestId: string;
  orderId: number;
  orderNo: string;
  borrowerName: string;
  amount: bigint;
  requestedAt: Date;
}

export interface UnidentifiedMoney {
  amount: bigint;
  content: string;
  bankTime: Date;
}

const HOUR_MS = 3_600_000;
/** How far from the transfer a request may have been made to be suggested. */
export const SUGGESTION_WINDOW_MS = 72 * HOUR_MS;
const SUGGESTIONS = 5;

/** Upper-case words without Vietnamese marks ('Nguyễn Văn Đức' → NGUYEN, VAN, DUC), as banks print names. */
export function foldedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter(Boolean);
}

export function scoreCandidate(money: UnidentifiedMoney, candidate: SuggestionCandidate): Pick<TransferSuggestion, 'score' | 'reasons'> {
  const reasons: TransferSuggestion['reasons'] = [];
  let score = 0;
  const difference = money.amount > candidate.amount ? money.amount - candidate.amount : candidate.amount - money.amount;
  if (difference === 0n) {
    score += 50;
    reasons.push('amountEqual');
  } else if (difference * 10n <= candidate.amount) {
    score += 25;
    reasons.push('amountClose');
  }
  const name = [...new Set(foldedWords(candidate.borrowerName))];
  if (name.length > 0) {
    const content = new Set(foldedWords(money.content));
    const found = name.filter((word) => content.has(word)).length;
    if (found === name.length) {
      score += 30;
      reasons.push('nameMatch');
    } else if (found * 2 >= name.length && found >= 2) {
      score += 15;
      reasons.push('namePartial');
    }
  }
  if (reasons.length === 0) return { score: 0, reasons };
  const apart = Math.abs(money.bankTime.getTime() - candidate.requestedAt.getTime());
  if (apart < SUGGESTION_WINDOW_MS) {
    score += Math.round(20 * (1 - apart / SUGGESTION_WINDOW_MS));
    if (apart <= 24 * HOUR_MS) reasons.push('timeClose');
  }
  return { score, reasons };
}

/** The best suggestions for one transfer, best first (ties: the nearer in time). */
export function rankSuggestions(money: UnidentifiedMoney, candidates: readonly SuggestionCandidate[]): TransferSuggestion[] {
  return candidates
    .map((candidate) => ({ candidate, ...scoreCandidate(money, candidate), apart: Math.abs(money.bankTime.getTime() - candidate.requestedAt.getTime()) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.apart - b.apart)
    .slice(0, SUGGESTIONS)
    .map(({ candidate, score, reasons }) => ({
      repaymentRequestId: candidate.repaymentRequestId,
      orderId: candidate.orderId,
      orderNo: candidate.orderNo,
      borrowerName: candidate.borrowerName,
      amount: Number(candidate.amount),
      requestedAt: candidate.requestedAt.toISOString(),
      score,
      reasons,
    }));
}
