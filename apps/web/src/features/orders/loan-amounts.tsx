import type { LoanAmounts } from '@sen/contract';
import { displayDate, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import './loan-amounts.css';

type Figure = 'dueNow' | 'nextInstalment' | 'settleToday' | 'remainingPrincipal';

/**
 * The borrower's vocabulary of amounts (decision 119), one label per figure on every screen: due
 * now, next instalment (with its date), to settle today, remaining principal. The figures are the
 * server's (the domain's borrowerAmounts), never recomputed here. `show` picks which, in that order.
 */
export function LoanAmountsFacts({ amounts, show = ['dueNow', 'nextInstalment', 'settleToday', 'remainingPrincipal'] }: { amounts: LoanAmounts; show?: readonly Figure[] }) {
  const { t, language } = useT();
  const next = amounts.nextInstalment;
  return (
    <dl className="loan-amounts" data-testid="loan-amounts">
      {show.includes('dueNow') ? (
        <div className={amounts.dueNow > 0 ? 'is-due' : undefined}>
          <dt>{t('amounts.dueNow')}</dt>
          <dd data-testid="amount-due-now">{amounts.dueNow > 0 ? money(amounts.dueNow, language) : t('amounts.nothingDue')}</dd>
        </div>
      ) : null}
      {show.includes('nextInstalment') && next ? (
        <div>
          <dt>{t('amounts.nextInstalment.on', { date: displayDate(next.dueDate, next.dueDate, language) })}</dt>
          <dd data-testid="amount-next-instalment">{money(next.amount, language)}</dd>
        </div>
      ) : null}
      {show.includes('settleToday') ? (
        <div>
          <dt>{t('amounts.settleToday')}</dt>
          <dd data-testid="amount-settle-today">{money(amounts.settleToday, language)}</dd>
        </div>
      ) : null}
      {show.includes('remainingPrincipal') ? (
        <div>
          <dt>{t('amounts.remainingPrincipal')}</dt>
          <dd data-testid="amount-remaining-principal">{money(amounts.remainingPrincipal, language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
