import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../shared/plugin.ts';

/**
 * Body parsers that keep what signing needs (API-FAMILY.md §1.4). JSON: the text as received is
 * kept in request.rawBody, because the natives sign a re-serialisation of it that JSON.parse
 * cannot reproduce (number texts, HTML escapes); parsing itself is Fastify's own parser, with its
 * prototype-poisoning guard; a blank body counts as `{}`. Form-urlencoded (only
 * `bank/repay/list` in the family): the fields in order in request.wireFields, the body an object
 * of the last value per name (as the natives' maps keep it).
 *
 * `Content-Encoding: gzip` is sent by the natives on bodies that are NOT compressed; Fastify does
 * not decode request bodies, so the header is ignored, as the clients need.
 */
export const bodyParsersPlugin = globalPlugin('sen-body-parsers', async (app: FastifyInstance) => {
  app.decorateRequest('rawBody', undefined as string | undefined);
  app.decorateRequest('wireFields', null as unknown as [string, string][]);
  app.addHook('onRequest', async (request) => {
    request.wireFields = [];
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const fields = [...new URLSearchParams(body as string)];
    request.wireFields = fields;
    done(null, Object.fromEntries(fields));
  });
});
