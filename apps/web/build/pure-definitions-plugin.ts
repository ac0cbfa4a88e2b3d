import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: Node[];
  init?: Node | null;
  callee?: Node;
  name?: string;
  arguments?: Node[];
  properties?: Node[];
  key?: Node;
  value?: Node;
  shorthand?: boolean;
}

/** Initialisers that only build a value: calls and member chains (a zod schema, a defineEndpoint(...)). */
const BUILDS_A_VALUE = new Set(['CallExpression', 'MemberExpression', 'ChainExpression']);
/** What the browser never reads of an endpoint: the server validates and serialises with these. */
const SERVER_SIDE_FIELDS = new Set(['request', 'response']);

/** Finds every `defineEndpoint({...})` call under a node (shallow walk over plain AST objects). */
function defineEndpointCalls(node: unknown, found: Node[] = []): Node[] {
  if (!node || typeof node !== 'object') return found;
  const candidate = node as Node;
  if (candidate.type === 'CallExpression' && candidate.callee?.type === 'Identifier' && candidate.callee.name === 'defineEndpoint') found.push(candidate);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((child) => defineEndpointCalls(child, found));
    else if (value && typeof value === 'object' && 'type' in value) defineEndpointCalls(value, found);
  }
  return found;
}

/**
 * Production web builds only, for the contract's modules, which only define things:
 * - each top-level `export const X = <call>` is wrapped in an IIFE annotated `#__PURE__`, so Rollup
 *   drops every definition nobody imports, whole (a zod schema is a chain of calls,
 *   `z.string().trim().min(1)`, which Rollup otherwise keeps in case one call has an effect);
 * - the `request` and `response` schemas of each `defineEndpoint({...})` become `null`: the browser
 *   calls by method and path, and checks answers against `response` only in development and tests
 *   (shared/request/call-endpoint.ts).
 * Together they keep zod out of every chunk that does not validate a form.
 */
export function pureDefinitionsPlugin(match: (id: string) => boolean): Plugin {
  return {
    name: 'sen-pure-definitions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!match(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const output = new MagicString(code);
      let changed = false;
      for (const call of defineEndpointCalls(program)) {
        const [definition] = call.arguments ?? [];
        for (const property of definition?.type === 'ObjectExpression' ? (definition.properties ?? []) : []) {
          if (property.type !== 'Property' || !property.value || !SERVER_SIDE_FIELDS.has(property.key?.name ?? '')) continue;
          if (property.shorthand) output.overwrite(property.start, property.end, `${property.key?.name}: null`);
          else output.overwrite(property.value.start, property.value.end, 'null');
          changed = true;
        }
      }
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement.type === 'VariableDeclaration' ? statement : null;
        if (!declaration || declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations ?? []) {
          const init = declarator.init;
          if (!init || !BUILDS_A_VALUE.has(init.type)) continue;
          output.appendLeft(init.start, '/* @__PURE__ */ (() => (');
          output.appendRight(init.end, '))()');
          changed = true;
        }
      }
      return changed ? { code: output.toString(), map: output.generateMap({ hires: true }) } : null;
    },
  };
}
