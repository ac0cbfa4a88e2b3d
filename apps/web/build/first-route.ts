import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of issue 21: the JavaScript a visitor's first route needs, gzipped (docs/decisions/081). */
export const FIRST_ROUTE_JS_BUDGET_GZIP_BYTES = 150 * 1024;

export interface FirstRouteFile {
  /** The path under the build directory, e.g. `/assets/index-abc.js`. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstRouteJavaScript {
  files: FirstRouteFile[];
  bytes: number;
  gzipBytes: number;
}

/** A chunk's static imports: Rollup writes them, and only them, as the leading statements of the file. */
export function staticImports(code: string): string[] {
  const imports: string[] = [];
  const statement = /^\s*import\s*(?:[^'"`();]*?\bfrom\s*)?(["'])([^"']+)\1\s*;?/;
  let rest = code.replace(/^(?:\s*\/\*[\s\S]*?\*\/|\s*\/\/[^\n]*\n)*/, '');
  for (let match = statement.exec(rest); match; match = statement.exec(rest)) {
    imports.push(match[2]!);
    rest = rest.slice(match[0].length);
  }
  return imports;
}

/** The module scripts and module preloads index.html names (its entry and what it preloads). */
export function htmlScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!);
  return [...scripts, ...preloads];
}

/**
 * Reads a web build (`dist`): every JavaScript file index.html loads before the router picks a
 * page (its module entry, its module preloads and, transitively, their static imports; lazy
 * routes, dictionaries and `import()`ed code are not counted), each gzipped at level 9 as the
 * build's `.gz` twins are. `base` is the build's public path (the back office is built for '/admin/').
 */
export function firstRouteJavaScript(distDir: string, base = '/'): FirstRouteJavaScript {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = htmlScripts(html).map((src) => new URL(src, 'http://sen.invalid/').pathname);
  if (queue.length === 0) throw new Error(`${distDir}/index.html names no module script`);
  const files: FirstRouteFile[] = [];
  while (queue.length > 0) {
    const urlPath = queue.shift()!;
    if (seen.has(urlPath)) continue;
    seen.add(urlPath);
    const file = path.join(distDir, urlPath.startsWith(base) ? urlPath.slice(base.length) : urlPath);
    if (!existsSync(file)) throw new Error(`index.html's first route needs ${urlPath}, which the build does not have`);
    const code = readFileSync(file);
    files.push({ path: urlPath, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const specifier of staticImports(code.toString('utf8'))) queue.push(new URL(specifier, `http://sen.invalid${urlPath}`).pathname);
  }
  return { files, bytes: files.reduce((sum, entry) => sum + entry.bytes, 0), gzipBytes: files.reduce((sum, entry) => sum + entry.gzipBytes, 0) };
}
