import { createHash } from 'node:crypto';
import { existsSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { decodedPathname, isApiPath } from '../shared/api-path.ts';
import { AppError } from '../shared/app-error.ts';
import { globalPlugin } from '../shared/plugin.ts';
import { sendAppError } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The CSP sources ('sha256-…') of a page's inline scripts: the splash's few lines run before any file loads. */
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
 * The inline-script hashes of the page file about to be sent, read from that very file (a .br or
 * .gz twin decompressed), kept while its size and modification time stay the same. Hashing the
 * body actually sent, not the index.html read at start, keeps the CSP right for every encoding
 * even when a twin and the plain file differ (a rebuild while the server runs, a partial copy):
 * a wrong hash blocks the splash's script, which is what picks the stored language (decision 113).
 */
const pageHashes = new Map<string, { mtimeMs: number; size: number; hashes: string[] }>();

export function servedPageHashes(filePath: string, stat: Pick<Stats, 'mtimeMs' | 'size'>): string[] {
  const known = pageHashes.get(filePath);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.hashes;
  const bytes = readFileSync(filePath);
  const html = (filePath.endsWith('.br') ? brotliDecompressSync(bytes) : filePath.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const hashes = inlineScriptHashes(html);
  if (pageHashes.size >= 64) pageHashes.clear();
  pageHashes.set(filePath, { mtimeMs: stat.mtimeMs, size: stat.size, hashes });
  return hashes;
}

/** One single-page app the server serves: its URL prefix, its built directory, how to build it. */
interface SpaMount {
  /** '/' for the borrower app, '/admin/' for the back office (its own bundle: decision 093). */
  prefix: string;
  root: string;
  built: boolean;
  buildCommand: string;
  name: string;
}

function mountOf(prefix: string, dir: string, name: string, buildCommand: string): SpaMount {
  const root = path.resolve(dir);
  const built = existsSync(path.join(root, 'index.html'));
  return { prefix, root, built, buildCommand, name };
}

/** Whether a decoded path belongs to a prefix ('/admin' itself, '/admin/…'). */
function isUnder(pathname: string, prefix: string): boolean {
  return prefix === '/' || pathname === prefix.slice(0, -1) || pathname.startsWith(prefix);
}

/**
 * Serves the built web app from WEB_DIST_DIR at / and the back office from ADMIN_DIST_DIR at
 * /admin/ (precompressed brotli/gzip twins when the client accepts them): content-hashed files
 * under assets/ are cached for a year, index.html is revalidated every time, other files for an
 * hour. Any other GET outside /api is its app's own route and gets that app's index.html. Unknown
 * /api paths get the 404 envelope. Without a build, pages answer 503 with a hint instead of
 * failing obscurely.
 */
export const staticSpaPlugin = globalPlugin('sen-static-spa', async (app: FastifyInstance, options: { webDistDir: string; adminDistDir?: string }) => {
  const web = mountOf('/', options.webDistDir, 'web app', 'npm run build:web');
  // The more specific prefix first: it is the one a path under it belongs to.
  const mounts = [...(options.adminDistDir ? [mountOf('/admin/', options.adminDistDir, 'back office', 'npm run build:admin')] : []), web];
  const mountFor = (pathname: string) => mounts.find((mount) => isUnder(pathname, mount.prefix)) ?? web;
  const decorating = mounts.find((mount) => mount.built);

  for (const mount of mounts) {
    if (!mount.built) {
      app.log.warn(`${mount.name} build not found; run \`${mount.buildCommand}\` to serve it`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: mount.root,
      prefix: mount.prefix,
      // reply.sendFile is decorated once (by the first registration); every call passes its root.
      decorateReply: mount === decorating,
      wildcard: true,
      // The build writes .br and .gz beside every text file: send those to clients that accept them.
      preCompressed: true,
      // Source maps are not for the public (the build keeps them out of dist; this is the belt to those braces).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      cacheControl: false,
      etag: true,
      lastModified: true,
      // Also used by reply.sendFile (the SPA fallback below) for either app: everything here
      // depends on the file being sent, never on the mount.
      setHeaders: (response, filePath, stat) => {
        // A precompressed twin (index.html.br) is the file it compresses: same cache rule; its CSP
        // names the scripts in the body being sent.
        const relative = path.relative(mount.root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (relative.startsWith('assets/')) response.setHeader('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) {
          response.setHeader('cache-control', NO_CACHE);
          const policy = response.getHeader('content-security-policy');
          if (typeof policy === 'string') response.setHeader('content-security-policy', allowInlineScripts(policy, servedPageHashes(filePath, stat)));
        }
        else response.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // Decoded, so '/%61pi/...' (the same path, RFC 3986) is an API path too and gets the envelope.
    const pathname = decodedPathname(request.url);
    // The API and the probes (/health/live, /health/ready; decision 105) answer unknown paths and
    // methods with the 404 envelope, never with a page.
    if (isApiPath(pathname)) return sendAppError(request, reply, new AppError('NOT_FOUND'));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const mount = mountFor(pathname);
    // A missing hashed asset is a real 404; answering it with HTML would only confuse the browser.
    if (pathname.startsWith(`${mount.prefix}assets/`)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!mount.built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(`The ${mount.name} is not built yet. Run \`${mount.buildCommand}\`, then restart the server.`);
    }
    // The page's CSP gets its script hashes in setHeaders above, from the file actually sent.
    return reply.header('cache-control', NO_CACHE).sendFile('index.html', mount.root);
  });
});
