import { useEffect, useState } from 'react';
import { digitsValue, groupDigits, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { TextField } from '../../shared/ui/text-field.tsx';

export type WithdrawProblem = { key: 'withdraw.amount.tooLow'; min: number } | { key: 'withdraw.amount.tooHigh'; max: number } | { key: 'withdraw.amount.step'; step: number } | null;

/**
 * Whether a total can be withdrawn: within the smallest and largest total the products lend
 * together (the server's minApplyAmount, maxApplyAmount), in steps of `step` (the smallest and the
 * largest themselves always allowed: the credit left need not be a round number).
 */
export function withdrawProblem(amount: number | null, min: number, max: number, step: number): WithdrawProblem {
  if (amount === null || amount < min) return { key: 'withdraw.amount.tooLow', min };
  if (amount > max) return { key: 'withdraw.amount.tooHigh', max };
  if (amount !== min && amount !== max && amount % step !== 0) return { key: 'withdraw.amount.step', step };
  return null;
}

/**
 * Withdraw with an amount choice (decision 119): the total typed (grouped as typed), − and + by
 * `step`, validated with a clear message; a valid total is handed on once the borrower stops typing.
 * A total typed outside the range is brought back into it by − (to the largest) or + (to the
 * smallest), never moved a step further out.
 */
export function WithdrawAmount({ amount, min, max, step, onAmount }: { amount: number; min: number; max: number; step: number; onAmount: (amount: number) => void }) {
  const { t, language } = useT();
  const [text, setText] = useState(() => groupDigits(String(amount), language));
  const value = digitsValue(text);
  const problem = withdrawProblem(value, min, max, step);

  useEffect(() => {
    if (problem || value === null || value === amount) return;
    const timer = setTimeout(() => onAmount(value), 350);
    return () => clearTimeout(timer);
  }, [value, problem, amount, onAmount]);

  const set = (next: number) => setText(groupDigits(String(next), language));
  const message = problem
    ? problem.key === 'withdraw.amount.tooLow'
      ? t(problem.key, { min: money(problem.min, language) })
      : problem.key === 'withdraw.amount.tooHigh'
        ? t(problem.key, { max: money(problem.max, language) })
        : t(problem.key, { step: money(problem.step, language) })
    : null;
  return (
    <section className="borrow-card borrow-amount" aria-labelledby="withdraw-amount-title" data-testid="withdraw-amount">
      <h1 id="withdraw-amount-title" className="borrow-card__title">
        {t('withdraw.amount.title')}
      </h1>
      <div className="borrow-amount__controls borrow-amount__controls--field">
        <button
          type="button"
          className="borrow-amount__step"
          aria-label={t('borrow.amount.less', { amount: money(step, language) })}
          disabled={value === null || value <= min}
          onClick={() => set(value !== null && value > max ? max : Math.max(min, Math.ceil((value ?? min) / step) * step - step))}
          data-testid="withdraw-less"
        >
          −
        </button>
        <TextField
          id="withdraw-amount-input"
          label={t('withdraw.amount.label')}
          value={text}
          onChange={(next) => setText(groupDigits(next, language))}
          inputMode="numeric"
          autoComplete="off"
          error={message}
          suffix="₫"
          data-testid="withdraw-amount-input"
        />
        <button
          type="button"
          className="borrow-amount__step"
          aria-label={t('borrow.amount.more', { amount: money(step, language) })}
          disabled={value !== null && value >= max}
          onClick={() => set(value === null || value < min ? min : Math.min(max, Math.floor(value / step) * step + step))}
          data-testid="withdraw-more"
        >
          +
        </button>
      </div>
      <p className="borrow-amount__range">{t('withdraw.amount.range', { min: money(min, language), max: money(max, language), step: money(step, language) })}</p>
    </section>
  );
}
