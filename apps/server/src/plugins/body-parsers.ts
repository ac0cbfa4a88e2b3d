import { hasControlCharacters } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';

/** Deepest JSON nesting accepted; our payloads are two levels deep, so 32 leaves room for growth. */
export const MAX_JSON_DEPTH = 32;

export class BodyParseError extends Error {
  override name = 'BodyParseError';
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Nesting depth of a JSON text, counted without parsing it (brackets inside strings are skipped). */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Control characters: the contract's rule (wire.ts plainText). PostgreSQL refuses \u0000 in text (which
 * became a 500) and the others only serve to forge log lines.
 * True when any string (value or key) inside `value` holds a control character, or when it nests
 * deeper than `maxDepth`. Iterative, so no input can exhaust the stack.
 */
export function hasUnsafeText(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (typeof node === 'string') {
      if (hasControlCharacters(node)) return true;
    } else if (node && typeof node === 'object') {
      if (depth >= maxDepth) return true;
      if (Buffer.isBuffer(node)) continue;
      for (const [key, child] of Object.entries(node)) {
        if (hasControlCharacters(key)) return true;
        stack.push({ node: child, depth: depth + 1 });
      }
    }
  }
  return false;
}

function controlCharacterError(): AppError {
  return new AppError('VALIDATION_FAILED', { messageKey: 'validation.controlCharacters' });
}

/**
 * Body parsers (API-FAMILY.md §1.4 and the hardening of issue 8).
 *
 * JSON: nesting deeper than MAX_JSON_DEPTH is refused before parsing (a 5,000-level body overflowed
 * the stack in the canonical sort); the text as received is kept in request.rawBody, because the
 * natives sign a re-serialisation of it that JSON.parse cannot reproduce (number texts, HTML
 * escapes); parsing itself is Fastify's own parser, with its prototype-poisoning guard; a blank body
 * counts as `{}`; strings with control characters are refused.
 *
 * Form-urlencoded (only `bank/repay/list` in the family): the fields in order in
 * request.wireFields, the body an object of the last value per name (as the natives' maps keep it).
 *
 * A global guard refuses control characters in query strings, form and multipart fields too, so a
 * new endpoint is covered even when its schema forgets `plainText`.
 *
 * `Content-Encoding: gzip` is sent by the natives on bodies that are NOT compressed; API routes
 * never decompress request bodies (register-endpoint.ts), so the header is ignored, as they need.
 */
const WIRE_FIELDS = Symbol('wireFields');

export const bodyParsersPlugin = globalPlugin('sen-body-parsers', async (app: FastifyInstance) => {
  app.decorateRequest('rawBody', undefined as string | undefined);
  // An empty list made on first use, so a JSON or GET request runs no hook for it (issue 21).
  app.decorateRequest('wireFields', {
    getter(this: FastifyRequest & { [WIRE_FIELDS]?: [string, string][] }) {
      this[WIRE_FIELDS] ??= [];
      return this[WIRE_FIELDS];
    },
    setter(this: FastifyRequest & { [WIRE_FIELDS]?: [string, string][] }, fields: [string, string][]) {
      this[WIRE_FIELDS] = fields;
    },
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
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new BodyParseError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'SEN_JSON_TOO_DEEP'), undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      if (hasUnsafeText(parsed)) return done(controlCharacterError(), undefined);
      return done(null, parsed);
    });
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const fields = [...new URLSearchParams(body as string)];
    request.wireFields = fields;
    done(null, Object.fromEntries(fields));
  });

  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.query) || hasUnsafeText(request.body)) throw controlCharacterError();
  });
});
