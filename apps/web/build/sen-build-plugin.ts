import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the encoding headers cost about as much as they save. */
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/** Writes file.br and file.gz beside every compressible file (the server serves them as they are). */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

/**
 * Moves the app's stylesheets and module scripts from <head> to the end of <body>, stylesheets
 * first: a stylesheet in <head> blocks the first paint until it has arrived, so the splash (drawn
 * by index.html's own markup and inline CSS) would wait for the app's CSS. At the end of <body> it
 * blocks only what follows it (nothing), and the app's script still runs after it (a script waits
 * for the stylesheets before it). The preload scanner fetches both as early as before.
 */
export function splashFirst(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const moved = [
    ...head.matchAll(/\s*<link\b[^>]*\brel="stylesheet"[^>]*>/g),
    ...head.matchAll(/\s*<script\b[^>]*\btype="module"[^>]*><\/script>/g),
  ].map((match) => match[0]);
  if (moved.length === 0) return html;
  let result = html;
  for (const tag of moved) result = result.replace(tag, '');
  return result.replace('</body>', `  ${moved.map((tag) => tag.trim()).join('\n    ')}\n  </body>`);
}

/**
 * Sen's build steps around Vite's:
 * - `%SEN_PRODUCT_NAME%` in index.html becomes the configured product name;
 * - `%SEN_LCP_LOGIN%` becomes the hashed URL of /login's largest image (index.html preloads it);
 * - the app's stylesheets and scripts go to the end of <body>, so the splash paints without them;
 * - source maps are written (hidden: no sourceMappingURL comment) and moved out of the served
 *   directory into dist-sourcemaps/, for error tools only;
 * - every text file is precompressed (brotli and gzip).
 */
export function senBuildPlugin(options: { productName: string; sourceMapDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'sen-build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let lcpLogin = '';
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'asset') continue;
          const names = output.originalFileNames ?? [];
          if (names.some((name) => name.endsWith('assets/otp-background.avif'))) lcpLogin = `/${output.fileName}`;
        }
        return splashFirst(html.replaceAll('%SEN_PRODUCT_NAME%', options.productName).replaceAll('%SEN_LCP_LOGIN%', lcpLogin));
      },
    },
    closeBundle() {
      if (!outDir) return;
      rmSync(options.sourceMapDir, { recursive: true, force: true });
      for (const file of walk(outDir)) {
        if (!file.endsWith('.map')) continue;
        const target = path.join(options.sourceMapDir, path.relative(outDir, file));
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(file, target);
      }
      precompress(outDir);
    },
  };
}
