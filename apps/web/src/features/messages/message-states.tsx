import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';

/** An envelope with a dot: the picture of the messages' empty and visitor states. */
export function MessagesIcon() {
  return (
    <svg className="messages-state__icon" width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="36" fill="var(--sen-primary-soft)" />
      <rect x="18" y="24" width="36" height="26" rx="5" fill="none" stroke="var(--sen-primary)" strokeWidth="3" />
      <path d="M19 27l17 12 17-12" fill="none" stroke="var(--sen-primary)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A centred state of the message pages: a picture, a title, a line of text and an action. */
export function MessagesState({ title, text, action, testId }: { title: string; text: string; action?: ReactNode; testId: string }) {
  return (
    <section className="messages-state" data-testid={testId}>
      <MessagesIcon />
      <h1 className="messages-state__title">{title}</h1>
      <p className="messages-state__text">{text}</p>
      {action}
    </section>
  );
}

/**
 * What a visitor sees on the message pages (SPEC.md §6 lets them in; decision 059): messages
 * belong to an account, so an invitation to log in, never someone's data or invented examples.
 */
export function VisitorMessages() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <MessagesState
      testId="messages-visitor"
      title={t('messages.visitor.title')}
      text={t('messages.visitor.text')}
      action={
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.login)} data-testid="messages-login">
          {t('messages.visitor.login')}
        </Button>
      }
    />
  );
}

/** A failed load, with Retry. */
export function MessagesError({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useT();
  return (
    <MessagesState
      testId="messages-error"
      title={t('messages.loadFailed')}
      text={t('messages.loadFailed.text')}
      action={
        <Button color="primary" fill="outline" shape="rounded" onClick={onRetry} data-testid="messages-retry">
          {t('common.retry')}
        </Button>
      }
    />
  );
}
