/**
 * Query keys of the messages, per signed-in user: a cache filled for one user is never shown to
 * the next one who signs in on the same phone.
 */
export const messageKeys = {
  all: ['messages'] as const,
  unread: (userId: number | undefined) => [...messageKeys.all, userId ?? 0, 'unread'] as const,
  list: (userId: number | undefined) => [...messageKeys.all, userId ?? 0, 'list'] as const,
  detail: (userId: number | undefined, id: number) => [...messageKeys.all, userId ?? 0, 'detail', id] as const,
};
