import { formatVnd } from '@sen/domain';
import { moneyRange } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useCreditSummary } from './mine-api.ts';

/** Credit status 1: approved (API-FAMILY.md §4.3). */
const APPROVED = 1;

/**
 * The credit summary of /mine (SPEC.md §3 Credit): available, used, the amount range (what can be
 * borrowed now) and the maximum amount (the credit limit), once a limit is granted. Nothing while loading, on failure (the home shows those) or
 * without a granted limit.
 */
export function CreditSummary({ userId }: { userId: number | undefined }) {
  const { t, language } = useT();
  const index = useCreditSummary(userId);
  const data = index.data;
  if (!data || data.userCreditStatus !== APPROVED || data.totalCreditAmount <= 0) return null;
  const money = (amount: number) => formatVnd(BigInt(Math.trunc(amount)), language, { symbol: true });
  // The amount range is what can be borrowed now (the open products, up to the credit available);
  // the maximum is the limit. A range up to the limit beside 'available 2,000,000' read as
  // borrowable (issue 25: '1,000,000 – 2,000,000' beside 'Maximum 7,000,000', named alike).
  const top = Math.min(data.maxLoanAmount, data.userCreditAmount);
  const range =
    data.showProducts.length > 0 && data.minLoanAmount > 0 && top >= data.minLoanAmount
      ? moneyRange(data.minLoanAmount, top, language)
      : t('mine.credit.rangeNone');
  return (
    <section className="mine-card mine-credit" aria-labelledby="mine-credit-title" data-testid="mine-credit">
      <h2 className="mine-credit__title" id="mine-credit-title">
        {t('mine.credit.title')}
      </h2>
      <p className="mine-credit__available">
        <span className="mine-credit__label">{t('mine.credit.available')}</span>
        <strong data-testid="mine-credit-available">{money(data.userCreditAmount)}</strong>
      </p>
      <dl className="mine-credit__facts">
        <div>
          <dt>{t('mine.credit.used')}</dt>
          <dd>{money(data.usedAmount)}</dd>
        </div>
        <div>
          <dt>{t('mine.credit.range')}</dt>
          <dd>{range}</dd>
        </div>
        <div>
          <dt>{t('mine.credit.maximum')}</dt>
          <dd>{money(data.totalCreditAmount)}</dd>
        </div>
      </dl>
    </section>
  );
}
