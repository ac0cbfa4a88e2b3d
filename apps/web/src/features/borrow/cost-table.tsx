import type { InstallmentPlan } from '@sen/contract';
import { useT } from '../../shared/i18n/use-translation.ts';
import { displayDate, formatApr, formatInteger, money, shortDate } from '../../shared/i18n/format.ts';

/**
 * The full cost of a plan before the borrower commits (DESIGN.md departure): what reaches their
 * account, the interest, every fee, the total to repay, the effective annual rate, and each
 * instalment with its due date — all the server's figures, none computed here. Withdrawing from
 * several products shows one per product (`title`, `idSuffix` keep their headings apart).
 */
export function CostSummary({ plan, amount, title, idSuffix = '' }: { plan: InstallmentPlan; amount: number; title?: string; idSuffix?: string }) {
  const { t, language } = useT();
  const titleId = `cost-title${idSuffix}`;
  const rows: Array<[string, string, string?]> = [
    [t('borrow.cost.amount'), money(amount, language)],
    [t('borrow.cost.received'), money(plan.actualAmount, language), 'received'],
    [t('borrow.cost.interest'), money(plan.interestAmount, language)],
    [t('borrow.cost.fee'), money(plan.serviceAmount, language)],
    [t('borrow.cost.total'), money(plan.totalRepayment, language), 'total'],
    [t('borrow.cost.costOfCredit'), money(plan.costOfCredit, language)],
  ];
  return (
    <section className="borrow-card" aria-labelledby={titleId} data-testid="cost-summary">
      <h2 id={titleId} className="borrow-card__title">
        {title ?? t('borrow.cost.title')}
      </h2>
      <dl className="cost-list">
        {rows.map(([label, value, id]) => (
          <div key={label} className={`cost-list__row${id === 'total' ? ' cost-list__row--strong' : ''}`} data-testid={id ? `cost-${id}` : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="cost-list__row cost-list__row--apr" data-testid="cost-apr">
          <dt>
            {t('borrow.cost.apr')}
            <span className="cost-list__hint">{t('borrow.cost.aprHint')}</span>
          </dt>
          <dd>{t('borrow.cost.aprValue', { apr: formatApr(plan.aprPercent, language) })}</dd>
        </div>
      </dl>
      <p className="cost-list__note">{t('borrow.cost.firstDue', { date: displayDate(plan.appRepaymentPlanDTOList[0]?.dueDate, '', language), amount: money(plan.firstRepayment, language) })}</p>
    </section>
  );
}

/** The repayment schedule: each instalment's due date, principal, interest and fee, and total; ₫ in the headers so the rows fit 360 px. */
export function ScheduleTable({ plan }: { plan: InstallmentPlan }) {
  const { t, language } = useT();
  return (
    <section className="borrow-card" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="borrow-card__title">
        {t('borrow.schedule.title')}
      </h2>
      <div className="schedule-scroll" tabIndex={0} role="region" aria-labelledby="schedule-title">
        <table className="schedule" data-testid="schedule">
          <thead>
            <tr>
              <th scope="col">{t('borrow.schedule.part')}</th>
              <th scope="col">{t('borrow.schedule.due')}</th>
              <th scope="col">{t('borrow.schedule.principal')} (₫)</th>
              <th scope="col">{t('borrow.schedule.interest')} (₫)</th>
              <th scope="col">{t('borrow.schedule.total')} (₫)</th>
            </tr>
          </thead>
          <tbody>
            {plan.appRepaymentPlanDTOList.map((row) => (
              <tr key={row.planPart}>
                <th scope="row">{row.planPart}</th>
                <td>{shortDate(row.dueDate, '', language)}</td>
                <td>{formatInteger(row.repayActualAmount, language)}</td>
                <td>{formatInteger(row.repayInterestAmount + row.repayAfterHandleAmount, language)}</td>
                <td className="schedule__total">{formatInteger(row.totalRepayment, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
