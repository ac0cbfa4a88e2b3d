import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /not-found and /NotFound. */
export function NotFoundPage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader />
      <main className="page__content result" data-testid="not-found">
        <AppImage name="question" className="result__image" width={120} height={120} />
        <h1 className="result__title result__title--large">{t('notFound.title')}</h1>
        <p className="result__text">{t('notFound.text')}</p>
        <Button color="primary" shape="rounded" size="large" onClick={() => navigate(paths.root, { replace: true })}>
          {t('notFound.home')}
        </Button>
      </main>
    </div>
  );
}
