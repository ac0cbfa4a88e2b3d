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
  return new AppError('VALIDATION_FAILED', {}, null, 'validation.controlCharacters');
}

/**
 * JSON bodies: nesting deeper than MAX_JSON_DEPTH is refused before parsing (a 5,000-level body
 * overflowed the stack in the canonical sort), then Fastify's own parser runs (it refuses
 * __proto__ and constructor poisoning), then strings with control characters are refused.
 * A global guard does the same for query strings and multipart fields, so a new endpoint is
 * covered even when its schema forgets safeText.
 */
export const bodyParserPlugin = globalPlugin('sen-body-parser', async (app: FastifyInstance) => {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new BodyParseError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'SEN_JSON_TOO_DEEP'), undefined);
      return;
    }
    defaultJsonParser(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      if (hasUnsafeText(parsed)) return done(controlCharacterError(), undefined);
      return done(null, parsed);
    });
  });

  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.query) || hasUnsafeText(request.body)) throw controlCharacterError();
  });
});
