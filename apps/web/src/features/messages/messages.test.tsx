import { API_PATHS, type MessagePage, type MessageRecord } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { MessageInfoPage, parseMessageId } from './message-info-page.tsx';
import { MessageListPage } from './message-list-page.tsx';
import { formatMessageTime } from './message-time.ts';
import { hasMorePages } from './messages-api.ts';
import { UnreadBadge } from './unread-badge.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

const fetchMock = setupApiTest({ token: 'tok', user: { id: 7, phone: '0912345678' } });

function record(id: number, read = false): MessageRecord {
  return {
    id,
    readStatus: read,
    theme: `Theme ${id}`,
    content: `Content of message ${id}`,
    createTime: '22-11-2026 14:05:00',
    respTime: '22-11-2026 14:05:00',
    unreadMark: !read,
    unreadCount: 0,
    template: 'creditApproved',
    createdAt: '2026-11-22T07:05:00.000Z',
  };
}

function page(list: MessageRecord[], pageNum: number, total: number): MessagePage {
  return { total, list, pageNum, pageSize: 20, unreadCount: list.filter((item) => !item.readStatus).length };
}

/** Serves `pages` (by pageNum) for the list, `detail` for the detail call and answers updates. */
function serve(options: { pages?: MessagePage[]; detail?: Response; unread?: number; listFails?: boolean }) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path.startsWith(API_PATHS.messageList)) {
      if (options.listFails) return new Response('', { status: 500 });
      return envelope(options.pages?.[Number(body.pageNum) - 1] ?? page([], Number(body.pageNum), 0));
    }
    if (path.startsWith(API_PATHS.messageDetail)) return options.detail ?? envelope(null, { code: 404, message: 'Requested resource not found', status: 404 });
    if (path.startsWith(API_PATHS.messageUpdate)) return envelope({ updated: 1, unreadCount: 0 });
    if (path.startsWith(API_PATHS.messageUnreadCount)) return envelope({ unreadCount: options.unread ?? 0 });
    return envelope(null);
  });
}

function renderAt(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/message/list" element={<MessageListPage />} />
        <Route path="/message/info/:id" element={<MessageInfoPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

describe('message list', () => {
  it('shows the messages newest first with their unread state, and loads the next page on Load more', async () => {
    const first = Array.from({ length: 20 }, (_, index) => record(30 - index, index > 1));
    serve({ pages: [page(first, 1, 22), page([record(10, true), record(9, true)], 2, 22)] });
    renderAt('/message/list');
    const items = await screen.findAllByTestId('message-item');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveTextContent('Theme 30');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[2]).toHaveAttribute('data-unread', 'false');
    expect(requestBody(fetchMock, API_PATHS.messageList)).toMatchObject({ pageNum: 1, pageSize: 20 });

    fireEvent.click(screen.getByTestId('messages-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(22));
    expect(JSON.parse(String(calls(API_PATHS.messageList)[1]?.[1]?.body))).toMatchObject({ pageNum: 2 });
    expect(screen.getByTestId('messages-end')).toHaveTextContent('No more messages');
    expect(screen.queryByTestId('messages-load-more')).not.toBeInTheDocument();
  });

  it('keeps the loaded messages when the next page fails, and Load more tries again', async () => {
    const first = Array.from({ length: 20 }, (_, index) => record(30 - index, true));
    serve({ pages: [page(first, 1, 21)] });
    renderAt('/message/list');
    expect(await screen.findAllByTestId('message-item')).toHaveLength(20);
    serve({ listFails: true });
    fireEvent.click(screen.getByTestId('messages-load-more'));
    await waitFor(() => expect(screen.getByTestId('messages-load-more')).toHaveTextContent('Could not load more. Tap to try again'));
    expect(screen.getAllByTestId('message-item')).toHaveLength(20);
    expect(screen.queryByTestId('messages-error')).not.toBeInTheDocument();
    serve({ pages: [page(first, 1, 21), page([record(10, true)], 2, 21)] });
    fireEvent.click(screen.getByTestId('messages-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(21));
  });

  it('shows the empty state when there is no message', async () => {
    serve({ pages: [page([], 1, 0)] });
    renderAt('/message/list');
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No messages yet');
  });

  it('shows an error with Retry, without a toast, and loads again on Retry', async () => {
    serve({ listFails: true });
    renderAt('/message/list');
    expect(await screen.findByTestId('messages-error')).toHaveTextContent('We could not load your messages');
    expect(toast).not.toHaveBeenCalled();
    serve({ pages: [page([record(1)], 1, 1)] });
    fireEvent.click(screen.getByTestId('messages-retry'));
    expect(await screen.findByTestId('message-item')).toHaveTextContent('Theme 1');
  });

  it('invites a visitor to log in and calls nothing', async () => {
    useSessionStore.setState({ token: null, user: null });
    serve({});
    renderAt('/message/list');
    expect(screen.getByTestId('messages-visitor')).toHaveTextContent('Log in to see your messages');
    fireEvent.click(screen.getByTestId('messages-login'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens a message from the list and marks it read there', async () => {
    serve({ pages: [page([record(5), record(4, true)], 1, 2)], detail: envelope(record(5)) });
    renderAt('/message/list');
    fireEvent.click((await screen.findAllByTestId('message-item'))[0] as HTMLElement);
    expect(await screen.findByTestId('message-detail')).toHaveTextContent('Content of message 5');
    await waitFor(() => expect(calls(API_PATHS.messageUpdate)).toHaveLength(1));
    expect(requestBody(fetchMock, API_PATHS.messageUpdate)).toMatchObject({ recordIdList: [5] });
  });
});

describe('message detail', () => {
  it('shows the message in Vietnamese time and marks it read once', async () => {
    await changeLanguage('vn');
    serve({ detail: envelope(record(12)) });
    renderAt('/message/info/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Theme 12' })).toBeInTheDocument();
    expect(screen.getByTestId('message-detail')).toHaveTextContent('22/11/2026 14:05');
    await waitFor(() => expect(calls(API_PATHS.messageUpdate)).toHaveLength(1));
    expect(requestBody(fetchMock, API_PATHS.messageDetail)).toMatchObject({ id: 12 });
  });

  it('does not mark a message that is already read', async () => {
    serve({ detail: envelope(record(3, true)) });
    renderAt('/message/info/3');
    expect(await screen.findByTestId('message-detail')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls(API_PATHS.messageUpdate)).toHaveLength(0);
  });

  it('says "not found" for another user’s or a missing message, and for an id that cannot be one, without a toast', async () => {
    serve({});
    const { unmount } = renderAt('/message/info/99');
    expect(await screen.findByTestId('message-not-found')).toHaveTextContent('Message not found');
    expect(toast).not.toHaveBeenCalled();
    unmount();
    fetchMock.mockClear();
    renderAt('/message/info/abc');
    expect(screen.getByTestId('message-not-found')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('invites a visitor to log in', () => {
    useSessionStore.setState({ token: null, user: null });
    renderAt('/message/info/1');
    expect(screen.getByTestId('messages-visitor')).toBeInTheDocument();
  });
});

describe('unread badge', () => {
  it('shows the unread count (99+ above 99) with a label, and nothing at 0 or for a visitor', async () => {
    serve({ unread: 3 });
    const first = renderWithQuery(<UnreadBadge />);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
    first.unmount();

    serve({ unread: 120 });
    const many = renderWithQuery(<UnreadBadge />);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('99+');
    many.unmount();

    serve({ unread: 0 });
    const none = renderWithQuery(<UnreadBadge />);
    await waitFor(() => expect(calls(API_PATHS.messageUnreadCount).length).toBeGreaterThan(2));
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    none.unmount();

    useSessionStore.setState({ token: null, user: null });
    fetchMock.mockClear();
    renderWithQuery(<UnreadBadge />);
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('parses route ids and knows when more pages remain', () => {
    expect(parseMessageId('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '1234567890123456']) expect(parseMessageId(raw)).toBeNull();
    expect(hasMorePages([page([record(1)], 1, 2)])).toBe(true);
    expect(hasMorePages([page([record(2)], 1, 2), page([record(1)], 2, 2)])).toBe(false);
    expect(hasMorePages([page([], 1, 5)])).toBe(false);
  });

  it('formats times in Vietnam time for each language', () => {
    expect(formatMessageTime('2026-11-22T17:30:00Z', 'vn')).toBe('23/11/2026 00:30');
    expect(formatMessageTime('2026-11-22T17:30:00Z', 'en')).toBe('23/11/2026 00:30');
    expect(formatMessageTime('2026-11-22T17:30:00Z', 'zh')).toBe('2026/11/23 00:30');
    expect(formatMessageTime('not a date', 'en')).toBe('');
  });
});
