import { BORROWER_ERRORS, MESSAGE_PAGE_DEFAULT, type MessagePage, type MessageRecord } from '@sen/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { RequestError } from '../../shared/request/request-error.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { messageKeys } from './messages-keys.ts';
import { endpoints } from '../../shared/request/endpoints.ts';

export const PAGE_SIZE = MESSAGE_PAGE_DEFAULT;

/** Loaded so far (pages of PAGE_SIZE, newest first), and whether the server has more. */
export function hasMorePages(pages: MessagePage[]): boolean {
  const last = pages.at(-1);
  if (!last) return false;
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  return last.list.length > 0 && loaded < last.total;
}

/** The signed-in user's messages, page by page (infinite scroll). Errors are shown by the page, not toasted. */
export function useMessagePages() {
  const userId = useSessionStore((state) => state.user?.id);
  return useInfiniteQuery({
    queryKey: messageKeys.list(userId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => callEndpoint(endpoints.messageList, { pageNum: pageParam, pageSize: PAGE_SIZE }, { skipErrorHandler: true }),
    getNextPageParam: (last, pages) => (hasMorePages(pages) ? last.pageNum + 1 : undefined),
  });
}

/** Whether a failed call was "no such message" (not the caller's, or gone). */
export function isNotFound(error: unknown): boolean {
  return error instanceof RequestError && (error.code === BORROWER_ERRORS.NOT_FOUND.code || error.httpStatus === 404);
}

/** One message; `initial` is its record from the list, so opening it from the list shows it at once. */
export function useMessage(id: number | null) {
  const userId = useSessionStore((state) => state.user?.id);
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(userId, id ?? 0),
    queryFn: () => callEndpoint(endpoints.messageDetail, { id: id ?? 0 }, { skipErrorHandler: true }),
    enabled: id !== null,
    initialData: () => findInList(client.getQueryData<InfiniteData<MessagePage>>(messageKeys.list(userId)), id),
  });
}

function findInList(data: InfiniteData<MessagePage> | undefined, id: number | null): MessageRecord | undefined {
  if (!data || id === null) return undefined;
  for (const page of data.pages) {
    const found = page.list.find((record) => record.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Marks messages read, then shows them read in the cached list and detail and sets the badge count. */
export function useMarkRead() {
  const userId = useSessionStore((state) => state.user?.id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(endpoints.messageUpdate, { recordIdList: ids }, { skipErrorHandler: true }),
    onSuccess: (result, ids) => {
      const read = (record: MessageRecord): MessageRecord =>
        ids.includes(record.id) ? { ...record, readStatus: true, unreadMark: false, unreadCount: result.unreadCount } : { ...record, unreadCount: result.unreadCount };
      client.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(userId), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, unreadCount: result.unreadCount, list: page.list.map(read) })) } : data,
      );
      for (const id of ids) client.setQueryData<MessageRecord>(messageKeys.detail(userId, id), (record) => (record ? read(record) : record));
      client.setQueryData(messageKeys.unread(userId), result.unreadCount);
    },
  });
}
