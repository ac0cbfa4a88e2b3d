import { bankBadge } from './bank-badge.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import type { ReceivingAccountItem } from './accounts-api.ts';

/** One receiving account: its code as its logo, name, masked number, holder and the default badge. */
export function AccountCard({ account, children }: { account: ReceivingAccountItem; children?: React.ReactNode }) {
  const { t } = useT();
  return (
    <article className={`account-card${account.isDefault ? ' is-default' : ''}`} data-testid={`account-${account.id}`} aria-label={`${account.name} ${account.maskedNumber}`}>
      <div className="account-card__top">
        <span className="bank-logo" aria-hidden="true">
          {bankBadge(account.code, account.name)}
        </span>
        <div className="account-card__names">
          <span className="account-card__name">{account.name}</span>
          <span className="account-card__kind">{t(account.kind === 'CARD' ? 'accounts.payWay.card' : 'accounts.payWay.wallet')}</span>
        </div>
        {account.isDefault ? (
          <span className="account-card__badge" data-testid="default-badge">
            {t('accounts.default')}
          </span>
        ) : null}
      </div>
      <p className="account-card__number" data-testid="account-number">
        {account.maskedNumber}
      </p>
      {account.holder ? <p className="account-card__holder">{account.holder}</p> : null}
      {children ? <div className="account-card__actions">{children}</div> : null}
    </article>
  );
}
