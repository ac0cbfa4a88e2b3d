import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { MessagesError, MessagesState, VisitorMessages } from './message-states.tsx';
import { formatMessageTime } from './message-time.ts';
import { isNotFound, useMarkRead, useMessage } from './messages-api.ts';
import './messages.css';

/** The :id of the route as a message number, or null when it cannot be one. */
export function parseMessageId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function NotFoundMessage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <MessagesState
      testId="message-not-found"
      title={t('messages.notFound.title')}
      text={t('messages.notFound.text')}
      action={
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(paths.messageList, { replace: true })}>
          {t('messages.backToList')}
        </Button>
      }
    />
  );
}

function SignedInMessage({ id }: { id: number }) {
  const { language } = useT();
  const query = useMessage(id);
  const { mutate: markRead } = useMarkRead();
  const marked = useRef(false);
  const record = query.data;

  // Opening a message reads it: mark it once, as soon as it is shown unread.
  useEffect(() => {
    if (!record || record.readStatus || marked.current) return;
    marked.current = true;
    markRead([record.id]);
  }, [record, markRead]);

  return (
    <QueryView query={query} renderError={(error, retry) => (isNotFound(error) ? <NotFoundMessage /> : <MessagesError onRetry={retry} />)}>
      {(message) => (
        <article className="message-detail" data-testid="message-detail">
          <h1 className="message-detail__theme">{message.theme}</h1>
          <time className="message-detail__time" dateTime={message.createdAt}>
            {formatMessageTime(message.createdAt, language)}
          </time>
          <p className="message-detail__content">{message.content}</p>
        </article>
      )}
    </QueryView>
  );
}

/** /message/info/:id: one message, marked read when opened; a visitor is invited to log in. */
export function MessageInfoPage() {
  const { t } = useT();
  const token = useSessionStore((state) => state.token);
  const id = parseMessageId(useParams().id);
  return (
    <div className="page" data-testid="message-info-page">
      <PageHeader title={t('page.messageInfo')} />
      <main className="page__content messages-page">{!token ? <VisitorMessages /> : id === null ? <NotFoundMessage /> : <SignedInMessage id={id} />}</main>
    </div>
  );
}
