import type { MessageRecord } from '@sen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { messageInfoPath } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { MessagesError, MessagesState, VisitorMessages } from './message-states.tsx';
import { formatMessageTime } from './message-time.ts';
import { useMessagePages } from './messages-api.ts';
import { messageKeys } from './messages-keys.ts';
import './messages.css';

function MessageItem({ record, onOpen }: { record: MessageRecord; onOpen: () => void }) {
  const { t, language } = useT();
  const unread = !record.readStatus;
  return (
    <li>
      <button type="button" className={`message-item${unread ? ' is-unread' : ''}`} onClick={onOpen} data-testid="message-item" data-unread={unread}>
        <span className="message-item__head">
          {unread ? <span className="message-item__dot" aria-hidden="true" /> : null}
          <span className="message-item__theme">{record.theme}</span>
        </span>
        <span className="message-item__content">{record.content}</span>
        <time className="message-item__time" dateTime={record.createdAt}>
          {formatMessageTime(record.createdAt, language)}
        </time>
        {unread ? <span className="visually-hidden">{t('messages.unread')}</span> : null}
      </button>
    </li>
  );
}

/** Loads the next page when the end of the list scrolls into view (where IntersectionObserver exists). */
function useLoadWhenVisible(onVisible: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

function SignedInMessages() {
  const { t } = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const userId = useSessionStore((state) => state.user?.id);
  const query = useMessagePages();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const sentinel = useLoadWhenVisible(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, Boolean(hasNextPage));

  const refresh = () => Promise.all([query.refetch(), client.invalidateQueries({ queryKey: messageKeys.unread(userId) })]);

  const records = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <QueryView
      query={query}
      renderError={(_error, retry) => <MessagesError onRetry={retry} />}
      // A next page that failed keeps the pages loaded, with Load more offering to try again.
      keepDataOnError={isFetchNextPageError}
      isEmpty={() => records.length === 0}
      empty={
        <PullToRefresh onRefresh={refresh}>
          <MessagesState testId="messages-empty" title={t('messages.empty.title')} text={t('messages.empty.text')} />
        </PullToRefresh>
      }
    >
      {() => (
        <PullToRefresh onRefresh={refresh}>
          <ul className="message-list" data-testid="message-list" aria-label={t('page.messageList')}>
            {records.map((record) => (
              <MessageItem key={record.id} record={record} onOpen={() => navigate(messageInfoPath(String(record.id)))} />
            ))}
          </ul>
          <div className="message-list__footer" ref={sentinel}>
            {hasNextPage ? (
              <Button fill="none" color="primary" loading={isFetchingNextPage} onClick={() => fetchNextPage()} data-testid="messages-load-more">
                {isFetchNextPageError ? t('messages.loadMore.retry') : t('messages.loadMore')}
              </Button>
            ) : (
              <p className="message-list__end" data-testid="messages-end">
                {t('messages.end')}
              </p>
            )}
          </div>
        </PullToRefresh>
      )}
    </QueryView>
  );
}

/** /message/list: the signed-in user's messages, newest first; a visitor is invited to log in. */
export function MessageListPage() {
  const { t } = useT();
  const token = useSessionStore((state) => state.token);
  return (
    <div className="page" data-testid="message-list-page">
      <PageHeader title={t('page.messageList')} />
      <main className="page__content messages-page">{token ? <SignedInMessages /> : <VisitorMessages />}</main>
    </div>
  );
}
