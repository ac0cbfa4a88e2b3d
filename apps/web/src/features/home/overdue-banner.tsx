import type { HomeIndex } from '@sen/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';

/**
 * The overdue banner (issue 25, item 2): how many days the oldest loan is overdue, what settles
 * the overdue loans today, and 'Repay now' to the repayment of them. Shown whenever a loan is
 * overdue, and never dismissed: it is the first thing an overdue borrower must read.
 */
export function OverdueBanner({ home }: { home: Pick<HomeIndex, 'overdueOrderCount' | 'overdueDays' | 'overdueAmount'> }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  if (home.overdueOrderCount <= 0) return null;
  return (
    <section className="overdue-banner" role="alert" aria-labelledby="overdue-title" data-testid="overdue-banner">
      <div>
        <strong id="overdue-title">{t(home.overdueDays === 1 ? 'home.overdue.titleOneDay' : 'home.overdue.title', { days: home.overdueDays })}</strong>
        <p>
          {t(home.overdueOrderCount > 1 ? 'home.overdue.textMany' : 'home.overdue.textOne', { count: home.overdueOrderCount })}{' '}
          <strong data-testid="overdue-amount">{money(home.overdueAmount, language)}</strong>
        </p>
      </div>
      <Button color="danger" shape="rounded" onClick={() => navigate(paths.orderBatchRepayList)} data-testid="overdue-repay">
        {t('home.overdue.repay')}
      </Button>
    </section>
  );
}
