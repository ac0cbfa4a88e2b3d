import type { IsoDate } from './calendar.ts';
import type { Vnd } from './money.ts';
import {
  accrueThrough,
  instalmentOutstanding,
  instalmentsRecoverable,
  loanOutstanding,
  loanTotals,
  sumComponents,
  type LoanState,
} from './repayment.ts';

/**
 * The borrower's vocabulary of amounts (issue 25 item 3; docs/decisions/119-one-vocabulary-of-amounts.md).
 * Every screen that names one of these shows this figure, computed here once, under one label:
 *
 * - due now: what is owed today of the instalments whose due date has come (overdue ones with their
 *   overdue fee and interest, and the one due today), accrued through today;
 * - next instalment: the first instalment not yet due, with what it will ask on its due date if
 *   nothing else is paid before (its principal and fee left, and the interest of its period);
 * - to settle today: the whole loan if paid today: principal left, interest for the days used
 *   (never the days not used), fees and overdue fees;
 * - remaining principal: the principal not yet repaid.
 *
 * Two more figures of the order: the interest accrued so far (what the days used have cost, beside
 * the contract's interest, which is the schedule's and never changes) and the total repayment (what
 * the loan asks in all: everything charged so far plus the interest still to come by the schedule,
 * so an overdue loan's total includes its overdue fee).
 *
 * A written-off loan (decision 111) has no schedule left: all it still owes is due now and settles
 * it, and nothing is 'next'.
 */

export interface NextInstalment {
  planPart: number;
  dueDate: IsoDate;
  /** What the instalment asks on its due date (interest of its whole period), if nothing else is paid before. */
  amount: Vnd;
}

export interface BorrowerAmounts {
  dueNow: Vnd;
  /** The instalments that make up `dueNow` (paying these is paying what is due now). */
  duePlanParts: number[];
  nextInstalment: NextInstalment | null;
  settleToday: Vnd;
  remainingPrincipal: Vnd;
  /** Interest charged for the days used so far (the contract's interest is the schedule's). */
  accruedInterest: Vnd;
  /** What the loan asks in all: charged so far, plus the interest still to accrue by the schedule. */
  totalRepayment: Vnd;
}

/** The vocabulary's figures of a paid-out loan on `today` (accrued on a copy: nothing is written). */
export function borrowerAmounts(state: LoanState, today: IsoDate): BorrowerAmounts {
  const accrued = accrueThrough(state, today).state;
  const totals = loanTotals(accrued);
  if (accrued.writtenOffOn !== null) {
    const open = instalmentsRecoverable(accrued);
    const owed = open.map(sumComponents);
    const all = owed.reduce((sum, amount) => sum + amount, 0n);
    return {
      dueNow: all,
      duePlanParts: accrued.instalments.filter((_, index) => owed[index]! > 0n).map((instalment) => instalment.planPart),
      nextInstalment: null,
      settleToday: all,
      remainingPrincipal: open.reduce((sum, parts) => sum + parts.principal, 0n),
      accruedInterest: totals.charged.interest,
      totalRepayment: sumComponents(totals.charged),
    };
  }
  const owed = accrued.instalments.map((instalment) => sumComponents(instalmentOutstanding(instalment)));
  const dueIndexes = accrued.instalments.flatMap((instalment, index) => (instalment.dueDate <= today && owed[index]! > 0n ? [index] : []));
  const nextIndex = accrued.instalments.findIndex((instalment, index) => instalment.dueDate > today && owed[index]! > 0n);
  let nextInstalment: NextInstalment | null = null;
  if (nextIndex >= 0) {
    const next = accrued.instalments[nextIndex]!;
    const onDueDate = accrueThrough(accrued, next.dueDate).state.instalments[nextIndex]!;
    nextInstalment = { planPart: next.planPart, dueDate: next.dueDate, amount: sumComponents(instalmentOutstanding(onDueDate)) };
  }
  const outstanding = loanOutstanding(accrued);
  // The schedule's remaining interest: accrue to the last due date (or today, when that has passed) on a copy.
  const lastDueDate = accrued.instalments.reduce((last, instalment) => (instalment.dueDate > last ? instalment.dueDate : last), today);
  const projected = loanTotals(accrueThrough(accrued, lastDueDate).state).charged;
  return {
    dueNow: dueIndexes.reduce((sum, index) => sum + owed[index]!, 0n),
    duePlanParts: dueIndexes.map((index) => accrued.instalments[index]!.planPart),
    nextInstalment,
    settleToday: sumComponents(outstanding),
    remainingPrincipal: outstanding.principal,
    accruedInterest: totals.charged.interest,
    totalRepayment: projected.principal + projected.fee + projected.interest + accrued.instalments.reduce((sum, instalment) => sum + instalment.charged.overdueFee, 0n),
  };
}
