import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the server alone reads of an endpoint: its schemas and the API document's text (at any depth: a file part's description). */
export const SERVER_ONLY_FIELDS = ['request', 'response', 'summary', 'description', 'module', 'errors', 'alsoAnswers'] as const;

/**
 * Evaluates the contract's endpoint list in a separate Node process (the contract is TypeScript:
 * tsx loads it) and returns each endpoint's plain fields, the server-only ones left out.
 */
export function endpointTable(repositoryRoot: string): Record<string, Record<string, unknown>> {
  const script = `
    const { endpoints } = await import(${JSON.stringify(path.join(repositoryRoot, 'packages/contract/src/index.ts'))});
    const serverOnly = new Set(${JSON.stringify(SERVER_ONLY_FIELDS)});
    process.stdout.write(JSON.stringify(endpoints, (field, value) => (serverOnly.has(field) ? undefined : value)));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as Record<string, Record<string, unknown>>;
}

/**
 * Production builds only: the web's endpoints module (`moduleFile`, which re-exports the
 * contract's list for development and tests) becomes a table generated from that list at build
 * time, one object of plain fields per endpoint. The browser calls by method and path; the
 * schemas stay on the server (docs/decisions/081).
 */
/**
 * The endpoints the app's source names (`endpoints.userInfo`): the table holds only those, not the
 * webhooks, probes and partner callbacks the web app never calls (bytes of the first route).
 */
export function endpointsNamedIn(sourceDir: string): Set<string> {
  const named = new Set<string>();
  for (const entry of readdirSync(sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/\bendpoints\.([A-Za-z_$][\w$]*)/g)) named.add(match[1] as string);
  }
  return named;
}

export function endpointTablePlugin(options: { moduleFile: string; repositoryRoot: string; sourceDir: string }): Plugin {
  let table: string | null = null;
  return {
    name: 'sen-endpoint-table',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== options.moduleFile) return null;
      if (table === null) {
        const named = endpointsNamedIn(options.sourceDir);
        const all = endpointTable(options.repositoryRoot);
        table = JSON.stringify(Object.fromEntries(Object.entries(all).filter(([name]) => named.has(name))));
      }
      return `export const endpoints = /* @__PURE__ */ JSON.parse(${JSON.stringify(table)});\n`;
    },
  };
}
