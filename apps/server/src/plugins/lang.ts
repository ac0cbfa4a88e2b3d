import { HEADERS, languageFromHeader } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { headerValue } from '../shared/headers.ts';
import { globalPlugin } from '../shared/plugin.ts';

/** request.lang from the `lang` header (en_US, vi_VN, zh_CN; Vietnamese otherwise). */
export const langPlugin = globalPlugin('sen-lang', async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'vn');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(headerValue(request, HEADERS.lang));
  });
});
