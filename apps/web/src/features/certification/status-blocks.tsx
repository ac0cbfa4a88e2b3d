import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';

export function LoadingBlock() {
  const { t } = useT();
  return (
    <p className="status-block" role="status" aria-live="polite">
      {t('common.loading')}
    </p>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="status-block" role="alert">
      <p>{t('certification.loadFailed')}</p>
      <Button shape="rounded" color="primary" onClick={onRetry} data-testid="retry-button">
        {t('common.retry')}
      </Button>
    </div>
  );
}
