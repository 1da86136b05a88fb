import { type Plugin, parseSync } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** Calls and `new`s in `node`, outside function bodies (what runs when the module is loaded). */
function loadTimeCalls(node: unknown, out: number[]): void {
  if (Array.isArray(node)) {
    for (const n of node) loadTimeCalls(n, out);
    return;
  }
  if (!isNode(node)) return;
  if (
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'FunctionExpression' ||
    node.type === 'FunctionDeclaration' ||
    node.type === 'ClassBody'
  )
    return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') out.push(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') loadTimeCalls(value, out);
  }
}

/**
 * Marks the values our pure packages build when they load as free of side effects, so the bundler drops
 * the ones the app does not use. packages/contracts declares its TypeBox schemas as top-level constants
 * (`export const X = Type.Object({...})`); a page that imports one plain constant from a contracts file
 * (PairsDialog: JOB_SENSOR_PAIRS_MAX) otherwise keeps every schema of that file and TypeBox with them
 * (22.5 kB gzipped). Only the initialisers of top-level `const`/`let` declarations are marked (a statement
 * that runs for its effect is left as it is), with the `#__PURE__` annotation on each call and `new` they
 * run at load time. `moduleSideEffects: false` (vite.config.ts) then drops modules nothing uses.
 */
export function pureSchemas(test: RegExp): Plugin {
  return {
    name: 'sitepulse-pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: test },
      handler(code, id) {
        const { program, errors } = parseSync(id, code, { lang: 'js' });
        if (errors.length) return null;
        const starts: number[] = [];
        for (let statement of program.body as unknown as Node[]) {
          if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration))
            statement = statement.declaration;
          if (statement.type !== 'VariableDeclaration') continue;
          for (const d of statement.declarations as Node[]) loadTimeCalls(d.init, starts);
        }
        if (starts.length === 0) return null;
        let out = '';
        let last = 0;
        for (const at of [...new Set(starts)].sort((a, b) => a - b)) {
          out += `${code.slice(last, at)}/*#__PURE__*/ `;
          last = at;
        }
        return { code: out + code.slice(last), map: null };
      },
    },
  };
}
