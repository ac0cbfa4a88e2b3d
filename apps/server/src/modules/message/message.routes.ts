import { HEADERS, LANG_HEADER, endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { headerValue } from '../../shared/headers.ts';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

const KNOWN_LANG_HEADERS = new Set(Object.values(LANG_HEADER));

/**
 * The borrower's messages (issue 10): the family's fcm/sendRecord list and update, our unread
 * count and detail. Also keeps each signed-in user's last `lang` header: the language their
 * messages are written in.
 */
export function registerMessageRoutes(app: FastifyInstance, { services: { messages } }: Composition): void {
  // After the session is resolved (preValidation): a signed-in call that names a language we
  // speak records it. A call without the header says nothing about the user's language.
  app.addHook('preHandler', async (request) => {
    if (!request.session) return;
    const header = headerValue(request, HEADERS.lang);
    if (!header || !KNOWN_LANG_HEADERS.has(header)) return;
    try {
      await messages.rememberLanguage(request.session.userId, request.lang);
    } catch (error) {
      // The user's language is a convenience for later messages: never fail their call over it.
      request.log.warn({ err: error }, 'could not record the user language');
    }
  });

  // Messages are stored as template and parameters and read in the language of the request (decision 113).
  registerEndpoint(app, endpoints.messageList, async ({ input, session, request }) =>
    session
      ? messages.page(session.userId, input.pageNum, input.pageSize, request.lang)
      : { total: 0, list: [], pageNum: input.pageNum, pageSize: input.pageSize, unreadCount: 0 },
  );
  registerEndpoint(app, endpoints.messageUpdate, async ({ input, session }) => messages.markRead(session.userId, input.ids));
  registerEndpoint(app, endpoints.messageUnreadCount, async ({ session }) => ({ unreadCount: session ? await messages.unreadCount(session.userId) : 0 }));
  registerEndpoint(app, endpoints.messageDetail, async ({ input, session, request }) => messages.detail(session.userId, input.id, request.lang));
}
