import { Button, Empty, Spin } from 'antd';
import { StatusPanel } from './status-panel.tsx';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.ts';
import { errorMessage } from '../request/admin-request-error.ts';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * One place for a query's three states besides success: a spinner while loading, the server's
 * message with a retry button on failure, and an empty state when `isEmpty` says so.
 */
export function QueryState<T>({
  query,
  isEmpty,
  emptyText,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) {
    return (
      <div className="query-state" role="status" aria-live="polite">
        <Spin />
        <span className="query-state__label">{t('common.loading')}</span>
      </div>
    );
  }
  if (query.error || query.data === undefined) {
    return <ErrorWithRetry error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <Empty description={emptyText ?? t('common.empty')} />;
  return <>{children(query.data)}</>;
}

export function ErrorWithRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  return (
    <StatusPanel
      kind="warning"
      title={t('common.loadFailed')}
      subTitle={<span role="alert">{errorMessage(error)}</span>}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
