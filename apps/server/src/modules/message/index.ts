import { HEADERS, LANG_HEADER, endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { headerValue } from '../../shared/headers.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { MessageRepository } from './message.repository.ts';
import { MessageService } from './message.service.ts';

export type { CreditDecisionFacts, MessageService, NotifyOptions, NotifyResult } from './message.service.ts';
export type { MessageParams } from './message-templates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The message module's public service: `notify(userId, template, params, options?)`. */
    messages: MessageService;
  }
}

const KNOWN_LANG_HEADERS = new Set(Object.values(LANG_HEADER));

/**
 * The borrower's messages (issue 10): the family's fcm/sendRecord list and update, our unread
 * count and detail, and `app.messages.notify` for the modules whose events message the borrower.
 * Also keeps each signed-in user's last `lang` header: the language their messages are written in.
 */
export const messageModule = globalPlugin('sen-message', async (app: FastifyInstance) => {
  const { database, clock } = app.infra;
  const messages = new MessageService(new MessageRepository(database.uow), database.uow, clock);
  app.decorate('messages', messages);
  // Account lifecycle (issue 13, decision 060): a closed account gets no more messages; its
  // messages are in its data export and are erased after the retention period.
  messages.setRecipientCheck(async (userId) => !(await app.accountLifecycle.isClosed(userId)));
  app.dataExport.addSection('messages', (userId) => messages.exportFor(userId));
  app.accountLifecycle.addEraser('messages', (userId) => messages.erase(userId));

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

  registerEndpoint(app, endpoints.messageList, async ({ input, session }) =>
    session
      ? messages.page(session.userId, input.pageNum, input.pageSize)
      : { total: 0, list: [], pageNum: input.pageNum, pageSize: input.pageSize, unreadCount: 0 },
  );
  registerEndpoint(app, endpoints.messageUpdate, async ({ input, session }) => messages.markRead(session.userId, input.ids));
  registerEndpoint(app, endpoints.messageUnreadCount, async ({ session }) => ({ unreadCount: session ? await messages.unreadCount(session.userId) : 0 }));
  registerEndpoint(app, endpoints.messageDetail, async ({ input, session }) => messages.detail(session.userId, input.id));
});
