import type { ProductCard as Card } from '@sen/contract';
import { formatPercent } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { displayDate, money, moneyRange } from '../../shared/i18n/format.ts';
import { isCardLocked, needsAdditionalInformation } from './home-rules.ts';

/** What a card's amount line shows. */
type AmountLineKind = 'minimum' | 'single' | 'range' | 'maximumAndRange';

/** The first that applies, in this order: a limit below the minimum, one amount, locked, unlocked. */
function amountLineKind(card: Card, locked: boolean): AmountLineKind {
  // The limit is below the product's smallest amount: no range to borrow in, only where it starts.
  if (locked && card.lockReason === 'limit') return 'minimum';
  // One amount only (what is left equals the product's minimum): not a range.
  if (card.minLoanAmount === card.maxLoanAmount) return 'single';
  if (locked) return 'range';
  // SPEC.md §4: an unlocked card shows its maximum and its range too (issue 25 item 8).
  return 'maximumAndRange';
}

function AmountLine({ card, locked }: { card: Card; locked: boolean }) {
  const { t, language } = useT();
  const range = (
    <>
      <span className="product-card__label">{t('home.card.range')}</span> {moneyRange(card.minLoanAmount, card.maxLoanAmount, language)}
    </>
  );
  switch (amountLineKind(card, locked)) {
    case 'minimum':
      return (
        <>
          <span className="product-card__label">{t('home.card.min')}</span> {money(card.minLoanAmount, language)}
        </>
      );
    case 'single':
      return (
        <span data-testid="card-range">
          <span className="product-card__label">{t('home.card.amount')}</span> {money(card.maxLoanAmount, language)}
        </span>
      );
    case 'range':
      return range;
    case 'maximumAndRange':
      return (
        <>
          {t('home.card.max', { amount: money(card.maxLoanAmount, language) })}
          <span className="product-card__range" data-testid="card-range">
            {range}
          </span>
        </>
      );
  }
}

/**
 * A product card (SPEC.md §4): locked cards say 'Not unlocked' and show the range; a card whose
 * condition sign is '1' offers 'Go to add information'; an unlocked card shows its maximum and its range.
 */
export function ProductCardView({ card, onApply, onAddInformation }: { card: Card; onApply: (card: Card) => void; onAddInformation: () => void }) {
  const { t, language } = useT();
  const locked = isCardLocked(card);
  const addInfo = needsAdditionalInformation(card);
  const titleId = `product-${card.productId}-name`;
  return (
    <li className={`product-card${locked ? ' product-card--locked' : ''}`} data-testid={`product-card-${card.productId}`} data-locked={locked}>
      <div className="product-card__head">
        <h3 id={titleId} className="product-card__name">
          {card.productName}
        </h3>
        {card.newSign === 1 ? <span className="product-card__badge">{t('home.card.new')}</span> : null}
      </div>
      <p className="product-card__amount">
        <AmountLine card={card} locked={locked} />
      </p>
      <p className="product-card__facts">
        <span>{t('home.card.term', { days: card.timeLimit })}</span>
        <span aria-hidden="true"> · </span>
        <span>{t('home.card.rate', { rate: formatPercent(card.interestRate, language) })}</span>
      </p>
      {card.tagList.length > 0 ? (
        <ul className="product-card__tags" aria-label={card.productName}>
          {card.tagList.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
      {locked && card.lockReason === 'overdue' ? (
        <p className="product-card__note product-card__note--alert" role="note" data-testid="lock-reason">
          {t('home.card.lockedOverdue')}
        </p>
      ) : locked && card.lockReason === 'consent' ? (
        <p className="product-card__note product-card__note--alert" role="note" data-testid="lock-reason">
          {t('home.card.lockedConsent')}
        </p>
      ) : locked && card.lockReason === 'watch' ? (
        <p className="product-card__note product-card__note--alert" role="note" data-testid="lock-reason">
          {t('home.card.lockedWatch')}
        </p>
      ) : locked && card.lockReason === 'credit' ? (
        <p className="product-card__note" role="note" data-testid="lock-reason">
          {t('home.card.lockedCredit')}
        </p>
      ) : locked && card.lockReason === 'limit' ? (
        <p className="product-card__note" role="note" data-testid="lock-reason">
          {t('home.card.lockedLimit')}
        </p>
      ) : null}
      {card.quotaUsedUp ? (
        <p className="product-card__note" role="note">
          {t('home.card.quotaUsedUp', { date: displayDate(card.enableLoanDate, card.enableLoanStr, language) })}
        </p>
      ) : null}
      <div className="product-card__actions">
        {addInfo ? (
          <Button color="primary" fill="outline" shape="rounded" size="small" onClick={onAddInformation} data-testid="add-information">
            {t('home.card.addInfo')}
          </Button>
        ) : null}
        <Button
          color="primary"
          shape="rounded"
          size="small"
          disabled={locked && !(card.creditStatus === 0 || card.creditStatus === 2)}
          onClick={() => onApply(card)}
          aria-label={t('home.card.applyProduct', { name: card.productName })}
          data-testid="apply-product"
        >
          {locked ? t('home.card.locked') : t('home.card.apply')}
        </Button>
      </div>
    </li>
  );
}
