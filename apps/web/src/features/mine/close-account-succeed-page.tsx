import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { queryClient } from '../../shared/query/query-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { clearAuthStatus } from '../auth/index.ts';

/** /mine/settings/close-account/succeed: the account is closed; reachable without a session (it just ended). */
export function CloseAccountSucceedPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const closed = (useLocation().state as { closed?: boolean } | null)?.closed === true;
  useEffect(() => {
    // Arrived from closing: the server has revoked every session, so the local one ends without a logout call.
    if (!closed) return;
    // A request still out with the revoked token may answer 401 afterwards: the request layer
    // ignores a 401 for a session that is no longer the current one (docs/decisions/087).
    useSessionStore.getState().clear();
    // The cache goes once the pages have re-rendered without the session: cleared at once, the
    // route guard's auth-status query (still enabled in this render) is fetched again *without* a
    // token, and that visitor's 401 sends us to /login (seen in e2e/mine.spec.ts).
    const forget = setTimeout(() => {
      clearAuthStatus();
      queryClient.clear();
    }, 0);
    return () => clearTimeout(forget);
  }, [closed]);
  const goHome = () => navigate(paths.root, { replace: true });
  return (
    <div className="page">
      <PageHeader title={t('page.closeAccountSucceed')} onBack={goHome} />
      <main className="page__content result" data-testid="close-account-succeed">
        <div className="result__icon result__icon--success">
          <CheckIcon width={40} height={40} />
        </div>
        <h1 className="result__title">{t('closeAccount.succeed.title')}</h1>
        <p className="result__text">{t('closeAccount.succeed.text')}</p>
        <Button block color="primary" shape="rounded" size="large" onClick={goHome} data-testid="go-home-button">
          {t('common.goHome')}
        </Button>
      </main>
    </div>
  );
}
