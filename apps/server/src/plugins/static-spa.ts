import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';
import { sendAppError } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The CSP sources ('sha256-…') of index.html's inline scripts: the splash's few lines run before any file loads. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
}

/** Adds the hashes to the policy's script-src (the rest of the policy is the security plugin's, untouched). */
export function allowInlineScripts(policy: string, hashes: string[]): string {
  if (hashes.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('script-src ') ? `${directive.trimEnd()} ${hashes.join(' ')}` : directive))
    .join(';');
}
const NO_CACHE = 'no-cache';

/**
 * Serves the built web app from WEB_DIST_DIR (precompressed brotli/gzip twins when the client accepts them): content-hashed files under /assets/ are cached for
 * a year, index.html is revalidated every time, other files for an hour. Any other GET outside
 * /api is the SPA's own route and gets index.html. Unknown /api paths get the 404 envelope.
 * Without a build, pages answer 503 with a hint instead of failing obscurely.
 */
export const staticSpaPlugin = globalPlugin('sen-static-spa', async (app: FastifyInstance, options: { webDistDir: string }) => {
  const root = path.resolve(options.webDistDir);
  const built = existsSync(path.join(root, 'index.html'));

  const hashes = built ? inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8')) : [];

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // The build writes .br and .gz beside every text file: send those to clients that accept them.
      preCompressed: true,
      // Source maps are not for the public (the build keeps them out of dist; this is the belt to those braces).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (response, filePath) => {
        // A precompressed twin (index.html.br) is the file it compresses: same cache rule, same CSP.
        const relative = path.relative(root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (relative.startsWith('assets/')) response.setHeader('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) {
          response.setHeader('cache-control', NO_CACHE);
          const policy = response.getHeader('content-security-policy');
          if (typeof policy === 'string') response.setHeader('content-security-policy', allowInlineScripts(policy, hashes));
        }
        else response.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn('web build not found; run `npm run build:web` to serve the app');
  }

  app.setNotFoundHandler(async (request, reply) => {
    // Decoded, so '/%61pi/...' (the same path, RFC 3986) is an API path too and gets the envelope.
    let pathname = request.url.split('?')[0] ?? '/';
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      // not valid percent-encoding: judge the raw text
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) return sendAppError(request, reply, new AppError('NOT_FOUND'));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // A missing hashed asset is a real 404; answering it with HTML would only confuse the browser.
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build:web`, then restart the server.');
    }
    const policy = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', allowInlineScripts(policy, hashes));
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  });
});
