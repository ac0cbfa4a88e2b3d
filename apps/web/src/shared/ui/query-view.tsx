import type { ReactNode } from 'react';
import { useT } from '../i18n/use-translation.ts';
import { isRequestError } from '../request/request-error.ts';
import { Button } from './button.tsx';
import { LoadingView } from './loading-view.tsx';

/** What QueryView reads of a query: a TanStack query result, or several joined by `allQueries`. */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

type Data<Q> = Q extends { data: infer T } ? Exclude<T, undefined> : never;

/**
 * Several queries as one: failed as soon as one fails, loading while one loads, its data every
 * query's data in order; retry refetches them all.
 */
export function allQueries<Queries extends QueryState<unknown>[]>(...queries: Queries): QueryState<{ [K in keyof Queries]: Data<Queries[K]> }> {
  const isError = queries.some((query) => query.isError);
  const loaded = queries.every((query) => query.data !== undefined);
  return {
    data: loaded ? (queries.map((query) => query.data) as { [K in keyof Queries]: Data<Queries[K]> }) : undefined,
    error: queries.find((query) => query.isError)?.error ?? null,
    isError,
    isPending: !isError && queries.some((query) => query.isPending),
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
}

export interface QueryViewProps<T> {
  query: QueryState<T>;
  /** What to show once the data is there (and not empty). */
  children: (data: T) => ReactNode;
  /** Whether the answer has nothing to show: `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /**
   * 'page' (default): the page's main content, with the full loading view and a headline with Retry.
   * 'section': one part of a page (a list under a form, a step's fields), as a compact status.
   */
  size?: 'page' | 'section';
  /** The failure's headline; by default 'Request failed'. */
  errorTitle?: string;
  /** A line under the headline, from the failure (e.g. the server's reason). */
  errorText?: (error: unknown) => string | null;
  errorTestId?: string;
  retryTestId?: string;
  /** Replaces the failure state for the server's refusals Retry cannot mend (a missing order, a missing message); a lost connection keeps the standard failure with Retry. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  /** Show data already loaded when a later refetch fails, instead of the failure. */
  keepDataOnError?: boolean;
  /**
   * The page lacks what its query needs (a missing query parameter): the query never starts, so
   * this is shown as the failure (renderError, called with null), never as loading for ever.
   */
  missing?: boolean;
}

/**
 * A query's states in one place: loading, failed with Retry (which refetches), empty, or its
 * data. The pages keep their texts and test ids by passing them; the look of loading and failure
 * is this component's.
 */
export function QueryView<T>({
  query,
  children,
  isEmpty,
  empty = null,
  size = 'page',
  errorTitle,
  errorText,
  errorTestId,
  retryTestId,
  renderError,
  keepDataOnError = false,
  missing = false,
}: QueryViewProps<T>) {
  const { t } = useT();
  const { data } = query;
  if (missing) {
    if (renderError) return <>{renderError(null, () => undefined)}</>;
    return (
      <section className="result" role="alert" data-testid={errorTestId}>
        <h1 className="result__title">{errorTitle ?? t('error.requestFailed')}</h1>
      </section>
    );
  }
  if (query.isPending) {
    return size === 'page' ? (
      <LoadingView text={t('common.loading')} />
    ) : (
      <p className="status-block" role="status" aria-live="polite">
        {t('common.loading')}
      </p>
    );
  }
  if (data === undefined || (query.isError && !keepDataOnError)) {
    const retry = () => void query.refetch();
    // Offline or unanswered, the reason is the connection, whatever the page calls its failure
    // (SPEC.md §8): Retry mends it, so a page's own failure (renderError: "order not found") is
    // only for the server's answers.
    const connection = isRequestError(query.error) && (query.error.kind === 'network' || query.error.kind === 'timeout') ? query.error.message : null;
    if (renderError && !connection) return <>{renderError(query.error, retry)}</>;
    const title = errorTitle ?? t('error.requestFailed');
    const text = errorText?.(query.error) ?? connection;
    const action = (
      <Button color="primary" shape="rounded" onClick={retry} data-testid={retryTestId}>
        {t('common.retry')}
      </Button>
    );
    return size === 'page' ? (
      <section className="result" role="alert" data-testid={errorTestId}>
        <h1 className="result__title">{title}</h1>
        {text ? <p className="result__text">{text}</p> : null}
        {action}
      </section>
    ) : (
      <div className="status-block" role="alert" data-testid={errorTestId}>
        <p>{title}</p>
        {text ? <p>{text}</p> : null}
        {action}
      </div>
    );
  }
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
