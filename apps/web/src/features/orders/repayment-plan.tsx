import { PLAN_STATUS, type OrderDetail } from '@sen/contract';
import { displayDate, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';

/**
 * The repayment plan of an order (SPEC.md §3: phase, first repayment, daily interest): each
 * instalment with its due date, its amount per contract, what was paid, and (decision 119) what is
 * due now of an instalment whose date has come, or, of one not yet due, its remaining principal, fee
 * left and the interest accrued on it to date, each under its own name (never one figure labelled as
 * owed or accrued: its period's interest is still to come); the overdue fee where it applies.
 */
export function RepaymentPlan({ detail }: { detail: OrderDetail }) {
  const { t, language } = useT();
  const plans = detail.installmentRepaymentPlanDTOList;
  const first = plans[0];
  const due = new Set(detail.amounts?.duePlanParts ?? []);
  return (
    <section className="order-card" aria-labelledby="plan-heading" data-testid="repayment-plan">
      <h2 id="plan-heading" className="order-card__title">
        {t('orders.plan.title')}
      </h2>
      <dl className="order-facts order-facts--compact">
        <div>
          <dt>{t('orders.plan.phases')}</dt>
          <dd>{plans.length}</dd>
        </div>
        {first ? (
          <div>
            <dt>{t('orders.plan.first')}</dt>
            <dd>{money(first.scheduledTotal, language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orders.plan.dailyInterest')}</dt>
          <dd>{money(detail.dailyAmount, language)}</dd>
        </div>
      </dl>
      <ol className="plan-list">
        {plans.map((row) => {
          const overdue = row.planStatus === PLAN_STATUS.OVERDUE;
          const settled = row.planStatus === PLAN_STATUS.SETTLED;
          return (
            <li key={row.planPart} className={`plan-list__item${overdue ? ' is-overdue' : ''}${settled ? ' is-settled' : ''}`} data-testid="plan-row" data-plan-status={row.planStatus}>
              <div className="plan-list__head">
                <strong>{t('orders.plan.phase', { part: row.planPart, count: plans.length })}</strong>
                <span>{displayDate(row.dueDate, '', language)}</span>
              </div>
              <div className="plan-list__figures">
                <span>
                  {t('amounts.instalment.contract')}: {money(row.scheduledTotal, language)}
                </span>
                <span>
                  {t('orders.plan.paid')}: {money(row.paidAmount, language)}
                </span>
                {settled ? (
                  <span className="plan-list__owed" data-testid="plan-owed">
                    {t('orders.plan.settled')}
                  </span>
                ) : due.has(row.planPart) ? (
                  <span className="plan-list__owed" data-testid="plan-owed">
                    {t('amounts.dueNow')}: {money(row.actualNeedRepayAmount, language)}
                  </span>
                ) : (
                  // Not yet due: nothing is owed of it yet, so no one figure under an 'owed' or 'accrued'
                  // name (its principal read as 'Accrued to date'); each part under its own (decision 119).
                  <>
                    <span className="plan-list__owed" data-testid="plan-owed">
                      {t('amounts.remainingPrincipal')}: {money(row.needRepayLoanAmount, language)}
                    </span>
                    {row.needRepayAfterHandleAmount > 0 ? (
                      <span data-testid="plan-fee">
                        {t('orders.serviceFee')}: {money(row.needRepayAfterHandleAmount, language)}
                      </span>
                    ) : null}
                    <span data-testid="plan-accrued-interest">
                      {t('amounts.accruedInterest')}: {money(row.needRepayInterestSum, language)}
                    </span>
                  </>
                )}
                {row.needRepayPenaltyAmount > 0 ? (
                  <span className="plan-list__penalty" data-testid="plan-overdue-fee">
                    {t('orders.overdueFee')}: {money(row.needRepayPenaltyAmount, language)}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
