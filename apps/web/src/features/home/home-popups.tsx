import type { ProductCard } from '@sen/contract';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { money } from '../../shared/i18n/format.ts';

/** First approval (SPEC.md §4): the amount range and 'Borrow now'. */
export function CongratulationPopup({ visible, min, max, onBorrow, onClose }: { visible: boolean; min: number; max: number; onBorrow: () => void; onClose: () => void }) {
  const { t, language } = useT();
  return (
    <Modal
      visible={visible}
      onClose={onClose}
      title={t('home.congrats.title')}
      data-testid="congratulation-popup"
      footer={
        <div className="home-popup__actions">
          <Button block color="primary" shape="rounded" size="large" onClick={onBorrow} data-testid="borrow-now">
            {t('home.congrats.borrow')}
          </Button>
          <Button block fill="none" onClick={onClose}>
            {t('home.close')}
          </Button>
        </div>
      }
    >
      <p className="home-popup__text">{t('home.congrats.text')}</p>
      <p className="home-popup__amount" data-testid="congratulation-range">
        {min === max ? (
          <span className="home-popup__nowrap">{money(max, language)}</span>
        ) : (
          <>
            <span className="home-popup__nowrap">{money(min, language)}</span> – <span className="home-popup__nowrap">{money(max, language)}</span>
          </>
        )}
      </p>
    </Modal>
  );
}

/** 'Congratulations on getting {count} new products!' with the products and 'Immediate loan'. */
export function NewProductsPopup({ visible, products, onBorrow, onClose }: { visible: boolean; products: ProductCard[]; onBorrow: () => void; onClose: () => void }) {
  const { t, language } = useT();
  return (
    <Modal
      visible={visible}
      onClose={onClose}
      title={t('home.newProducts.title', { count: products.length })}
      data-testid="new-products-popup"
      footer={
        <div className="home-popup__actions">
          <Button block color="primary" shape="rounded" size="large" onClick={onBorrow} data-testid="immediate-loan">
            {t('home.newProducts.borrow')}
          </Button>
          <Button block fill="none" onClick={onClose}>
            {t('home.close')}
          </Button>
        </div>
      }
    >
      <ul className="home-popup__list">
        {products.map((product) => (
          <li key={product.productId}>
            <span>{product.productName}</span>
            <strong>{t('home.card.max', { amount: money(product.maxLoanAmount, language) })}</strong>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** Apply on a card whose pre-credit is pending (creditStatus 0) or failed (2, with the next date). */
export function PreCreditPopup({ state, onClose }: { state: { kind: 'pending' } | { kind: 'failed'; date: string } | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      visible={state !== null}
      onClose={onClose}
      title={state?.kind === 'failed' ? t('home.popup.failed') : t('home.popup.pending')}
      data-testid="pre-credit-popup"
      footer={
        <Button block color="primary" shape="rounded" onClick={onClose}>
          {t('home.popup.ok')}
        </Button>
      }
    >
      {state?.kind === 'failed' ? <p className="home-popup__text">{t('home.popup.failedDate', { date: state.date })}</p> : null}
    </Modal>
  );
}
