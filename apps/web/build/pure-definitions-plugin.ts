import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: Node[];
  init?: Node | null;
}

/** Initialisers that only build a value: calls and member chains (a zod schema, a defineEndpoint(...)). */
const BUILDS_A_VALUE = new Set(['CallExpression', 'MemberExpression', 'ChainExpression']);

/**
 * Marks each top-level `export const X = <call>` of the matched modules as pure, by wrapping it in
 * an IIFE annotated `#__PURE__`. Rollup then drops every definition nobody imports, whole: a zod
 * schema is a chain of calls (`z.string().trim().min(1)`), which Rollup otherwise keeps in case one
 * call has an effect. For the contract, whose modules only define things, so a chunk that needs a
 * constant or a helper does not pull in zod and every schema beside it. Production builds only.
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
