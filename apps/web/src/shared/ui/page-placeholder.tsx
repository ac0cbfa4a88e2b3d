import { useNavigate } from 'react-router';
import type { TranslationKey } from '../../locales/en.ts';
import { useT } from '../i18n/use-translation.ts';
import { AppImage } from './app-image.tsx';
import { Button } from './button.tsx';
import { PageHeader } from './page-header.tsx';

/**
 * A route whose screen is built in a later issue: its real title, a back button and an honest
 * "being prepared" note. It shows no data, real or invented.
 */
export function PagePlaceholder({ titleKey, showBack = true }: { titleKey: TranslationKey; showBack?: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <div className="page">
      {/* A tab's top page (e.g. /order/repay-list) has no Back arrow: the tab bar is the way out. */}
      <PageHeader title={t(titleKey)} showBack={showBack} />
      <main className="page__content placeholder">
        <AppImage name="pending" className="placeholder__image" width={96} height={96} />
        <h1 className="placeholder__title">{t(titleKey)}</h1>
        <p className="placeholder__text">{t('common.comingSoon')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate('/', { replace: true })}>
          {t('common.goHome')}
        </Button>
      </main>
    </div>
  );
}
