import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { refreshAuthStatus } from '../auth/index.ts';
import { STEP_ROUTES, nextBatchItem } from './steps.ts';
import { LoadFailed, LoadingBlock } from './status-blocks.tsx';

/**
 * /authentication/batch: runs the configured steps in order, opening the first one not done (so a
 * borrower resumes where they left off). When every step before the receiving account is done the
 * batch is complete: the account is asked at the first loan.
 */
export function BatchPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'failed' | 'complete'>('loading');

  useEffect(() => {
    let cancelled = false;
    refreshAuthStatus()
      .then(({ authConfig, authDetail }) => {
        if (cancelled) return;
        const next = nextBatchItem(authConfig, authDetail);
        if (next) void navigate(STEP_ROUTES[next], { replace: true });
        else setState('complete');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, state]);

  return (
    <div className="page">
      <PageHeader title={t('page.certification')} />
      <main className="page__content" data-testid="batch-page">
        {state === 'loading' ? <LoadingBlock /> : null}
        {state === 'failed' ? <LoadFailed onRetry={() => setState('loading')} /> : null}
        {state === 'complete' ? (
          <div className="result" data-testid="batch-complete">
            <span className="result__icon result__icon--success">
              <CheckIcon width={40} height={40} />
            </span>
            <h1 className="result__title">{t('certification.complete.title')}</h1>
            <p className="result__text">{t('certification.complete.text')}</p>
            <Button block color="primary" shape="rounded" size="large" onClick={() => void navigate(paths.root, { replace: true })} data-testid="batch-go-home">
              {t('common.goHome')}
            </Button>
          </div>
        ) : null}
      </main>
    </div>
  );
}
