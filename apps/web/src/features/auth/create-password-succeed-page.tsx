import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useBackStaysInApp } from '../../shared/navigation/use-back-stays-in-app.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /login/create-password/succeed */
export function CreatePasswordSucceedPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const goHome = () => navigate(paths.root, { replace: true });
  // Reached by replacing /login and /login/create-password: with nothing of the app under it, the
  // phone's Back would leave the app (issue 25).
  useBackStaysInApp(paths.root);
  return (
    <div className="page">
      <PageHeader title={t('createPassword.title')} onBack={goHome} />
      <main className="page__content result">
        <div className="result__icon result__icon--success">
          <CheckIcon width={40} height={40} />
        </div>
        <h1 className="result__title">{t('createPassword.succeed.title')}</h1>
        <p className="result__text">{t('createPassword.succeed.text')}</p>
        <Button block color="primary" shape="rounded" size="large" onClick={goHome} data-testid="go-home-button">
          {t('common.goHome')}
        </Button>
      </main>
    </div>
  );
}
