import { PERSONAL_INFO_BOOST_MAX_VND, type AuthItem } from '@sen/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { money } from '../../shared/i18n/format.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { refreshAuthStatus, useAuthStatus } from '../auth/index.ts';
import { INFO_ROUTES, STEP_ROUTES, centreItems, itemStatus, type ItemStatus } from './steps.ts';
import { LoadFailed, LoadingBlock } from './status-blocks.tsx';

const ITEM_KEYS: Record<AuthItem, TranslationKey> = {
  KYC: 'certification.item.KYC',
  ID: 'certification.item.ID',
  TELECOM: 'certification.item.TELECOM',
  BANK: 'certification.item.BANK',
  WORK: 'certification.item.WORK',
};

const STATUS_KEYS: Record<ItemStatus, TranslationKey> = {
  done: 'certification.status.done',
  todo: 'certification.status.todo',
  locked: 'certification.status.locked',
};

/**
 * /mine/certification-center: each configured item with its state. A done item opens its review
 * (and correction) page, an item to do opens its step, a locked one shows 'Not unlocked'.
 */
export function CertificationCenterPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const authStatus = useAuthStatus();
  const authConfig = authStatus?.authConfig ?? null;
  const authDetail = authStatus?.authDetail ?? null;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    refreshAuthStatus().catch(() => setFailed(true));
  }, []);

  const items = authConfig ? centreItems(authConfig) : [];
  return (
    <div className="page">
      <PageHeader title={t('page.certificationCenter')} />
      <main className="page__content" data-testid="certification-center">
        <p className="boost-banner">{t('certification.boost', { amount: money(PERSONAL_INFO_BOOST_MAX_VND, language) })}</p>
        {failed && !authConfig ? <LoadFailed onRetry={() => void refreshAuthStatus().then(() => setFailed(false), () => setFailed(true))} /> : null}
        {!failed && !authConfig ? <LoadingBlock /> : null}
        {authConfig ? (
          <ul className="menu">
            {items.map((item) => {
              const status = itemStatus(authConfig, authDetail, item);
              const target = status === 'done' ? INFO_ROUTES[item] : STEP_ROUTES[item];
              return (
                <li key={item}>
                  <button
                    type="button"
                    className="menu-row"
                    disabled={status === 'locked'}
                    aria-disabled={status === 'locked'}
                    onClick={() => void navigate(target)}
                    data-testid={`centre-item-${item}`}
                    data-status={status}
                  >
                    <span className="menu-row__label">{t(ITEM_KEYS[item])}</span>
                    <span className={`menu-row__value status-${status}`}>{t(STATUS_KEYS[status])}</span>
                    {status === 'locked' ? null : <ChevronRightIcon className="menu-row__chevron" />}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </main>
    </div>
  );
}
