import { execFileSync } from 'node:child_process';
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
export function endpointTablePlugin(options: { moduleFile: string; repositoryRoot: string }): Plugin {
  let table: string | null = null;
  return {
    name: 'sen-endpoint-table',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== options.moduleFile) return null;
      table ??= JSON.stringify(endpointTable(options.repositoryRoot));
      return `export const endpoints = /* @__PURE__ */ JSON.parse(${JSON.stringify(table)});\n`;
    },
  };
}
