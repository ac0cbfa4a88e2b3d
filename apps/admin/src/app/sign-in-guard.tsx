import { Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedInOperator } from '../features/auth/operator-query.ts';
import { useT } from '../shared/i18n/i18n.ts';
import { isAdminRequestError } from '../shared/request/admin-request-error.ts';
import { ErrorWithRetry } from '../shared/ui/query-state.tsx';
import { paths } from './paths.ts';

/** Every page but sign-in and the invitation needs a signed-in operator; without one, the sign-in page (then back here). */
export function SignInGuard() {
  const { t } = useT();
  const location = useLocation();
  const operator = useSignedInOperator();
  if (operator.isPending) {
    return (
      <div className="full-page-state" role="status" aria-live="polite">
        <Spin size="large" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  if (operator.error) {
    if (isAdminRequestError(operator.error) && operator.error.isSessionExpired) {
      const next = `${location.pathname}${location.search}`;
      return <Navigate to={next === '/' ? paths.signIn : `${paths.signIn}?next=${encodeURIComponent(next)}`} replace />;
    }
    return (
      <main className="full-page-state">
        <ErrorWithRetry error={operator.error} onRetry={() => void operator.refetch()} />
      </main>
    );
  }
  return <Outlet />;
}
