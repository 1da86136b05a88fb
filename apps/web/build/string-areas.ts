import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Plugin, parseSync, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * Strings by area, fetched with the code that shows them (docs/decisions/web-bundle.md).
 *
 * The strings are one JSON file per area of the app and language (`src/i18n/<lng>/<area>.json`, each holding
 * its own top-level keys). Only the areas of the login screen and the shell ship with the entry
 * (`CORE_AREAS`); every other area is fetched, in the reader's language, by the lazily loaded code that
 * shows it, at the same time as that code:
 *
 * 1. Each source module of the app and of our packages is scanned for the keys it names: every string
 *    literal, and the first part of every template literal, that starts with a top-level key and a dot
 *    (`t('job.title')`, `` t(`alarmState.${s}`) ``, `titleKey: 'titles.job'`, a validation message
 *    `'auth.validation.required'`). A key built from parts that do not start so is not seen: the
 *    i18n test `strings-in-use.test.ts` and the bench's crawl for raw keys on every screen check none is
 *    needed, and at run time a missing key of an area not yet loaded fetches that area (i18n/index.ts).
 * 2. Each dynamic `import('./X')` of the app becomes `withStrings(import('./X'), 'src/…/X.tsx')`
 *    (i18n/index.ts): the module and the areas its static imports name are fetched together, and the
 *    import resolves when both are in.
 * 3. Once the chunks are made (generateBundle), the areas named by the code each dynamic import runs (its
 *    chunk and the chunks that chunk imports) are written into the i18n module in place of
 *    `__SITEPULSE_STRING_AREAS__`, and into `.vite/string-areas.json` for bench/web.ts, which counts them in
 *    each route's first visit. The build fails if the entry's own code names an area outside the core.
 *
 * In development and tests the placeholder stays: every area is fetched, as before.
 */
export const CORE_AREAS = ['auth', 'common', 'shell'] as const;
const PLACEHOLDER = '__SITEPULSE_STRING_AREAS__';

/** A node of the ESTree that Vite's `parseSync` gives. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
export const isNode = (v: unknown): v is AstNode =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
/** Visits every node of a tree, depth first (also bench/web.ts, which reads the route table). */
export function walk(node: unknown, visit: (n: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

/** What the runtime reads: the areas each lazily loaded module needs, and the area of each top-level key. */
export interface StringAreas {
  /** module (path from apps/web, as in the Vite manifest) -> areas its static closure names, core left out */
  modules: Record<string, string[]>;
  /** top-level key -> area */
  keys: Record<string, string>;
}

export function stringAreas(options: { root: string; sources: RegExp }): Plugin {
  const i18nDir = join(options.root, 'src/i18n');
  const i18nModule = join(i18nDir, 'index.ts');
  /** top-level key -> area (file name) */
  const keyArea = new Map<string, string>();
  for (const file of readdirSync(join(i18nDir, 'en'))) {
    if (!file.endsWith('.json')) continue;
    const area = file.slice(0, -'.json'.length);
    const strings = JSON.parse(readFileSync(join(i18nDir, 'en', file), 'utf8')) as Record<string, unknown>;
    for (const key of Object.keys(strings)) {
      const other = keyArea.get(key);
      if (other) throw new Error(`string key '${key}' is in both ${other}.json and ${area}.json`);
      keyArea.set(key, area);
    }
  }
  const keyPrefix = /^([A-Za-z][\w-]*)\./;
  /** module id -> areas it names */
  const named = new Map<string, Set<string>>();
  /** manifest-style key -> module id, for every module the app imports dynamically */
  const lazyTargets = new Map<string, string>();
  const keyOf = (id: string) => relative(options.root, id).split('\\').join('/');

  return {
    name: 'sitepulse-string-areas',
    transform: {
      filter: { id: options.sources },
      async handler(code, id) {
        if (id.includes('?') || id === i18nModule) return null;
        const { program, errors } = parseSync(id, code, { lang: 'js' });
        if (errors.length) this.error(`string-areas: ${id} does not parse: ${errors[0].message}`);
        const areas = new Set<string>();
        const imports: AstNode[] = [];
        walk(program, (n) => {
          let text: string | undefined;
          if (n.type === 'Literal' && typeof n.value === 'string') text = n.value;
          if (n.type === 'TemplateLiteral') {
            const first = (n.quasis as { value: { cooked?: string } }[])[0];
            text = first?.value.cooked ?? undefined;
          }
          const area = text === undefined ? undefined : keyArea.get(keyPrefix.exec(text)?.[1] ?? '');
          if (area) areas.add(area);
          if (n.type === 'ImportExpression') imports.push(n);
        });
        named.set(id, areas);
        if (imports.length === 0) return null;
        // Wrap each `import('literal')` so the module comes with its strings.
        let out = '';
        let last = 0;
        for (const imp of imports.sort((a, b) => a.start - b.start)) {
          const source = imp.source as AstNode;
          if (source.type !== 'Literal' || typeof source.value !== 'string') continue;
          const resolved = await this.resolve(source.value, id);
          if (!resolved || resolved.external || !options.sources.test(resolved.id)) continue;
          const key = keyOf(resolved.id);
          lazyTargets.set(key, resolved.id);
          out += `${code.slice(last, imp.start)}__sitepulseWithStrings(${code.slice(imp.start, imp.end)}, ${JSON.stringify(key)})`;
          last = imp.end;
        }
        if (last === 0) return null;
        const helper = `import { withStrings as __sitepulseWithStrings } from ${JSON.stringify(i18nModule)};\n`;
        return { code: helper + out + code.slice(last), map: null };
      },
    },
    generateBundle(_options, bundle) {
      // The areas a chunk's code names (modules left out by tree-shaking name none), then for each lazily
      // imported module those of its chunk and of every chunk it imports statically: what the browser
      // runs when the import resolves.
      const chunks = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const own = (chunk: OutputChunk) => {
        const areas = new Set<string>();
        for (const [id, info] of Object.entries(chunk.modules))
          if (info.renderedLength > 0) for (const a of named.get(id) ?? []) areas.add(a);
        return areas;
      };
      const loaded = (start: OutputChunk): Set<string> => {
        const areas = new Set<string>();
        const seen = new Set<string>();
        const stack = [start.fileName];
        while (stack.length) {
          const file = stack.pop() as string;
          const chunk = chunks.get(file);
          if (!chunk || seen.has(file)) continue;
          seen.add(file);
          for (const a of own(chunk)) areas.add(a);
          stack.push(...chunk.imports);
        }
        return areas;
      };
      const core = new Set<string>(CORE_AREAS);
      const entry = [...chunks.values()].find((c) => c.isEntry);
      const i18nChunk = [...chunks.values()].find((c) => c.moduleIds.includes(i18nModule));
      if (!entry || !i18nChunk) return this.error('string-areas: no entry chunk, or the i18n module in none');
      const entryAreas = [...loaded(entry)].filter((a) => !core.has(a));
      if (entryAreas.length) {
        // Which of the entry's modules name them, so the message says where to look.
        const entryFiles = new Set<string>();
        const stack = [entry.fileName];
        while (stack.length) {
          const file = stack.pop() as string;
          const chunk = chunks.get(file);
          if (!chunk || entryFiles.has(file)) continue;
          entryFiles.add(file);
          stack.push(...chunk.imports);
        }
        const culprits = [...entryFiles]
          .flatMap((f) => Object.entries(chunks.get(f)?.modules ?? {}))
          .filter(
            ([id, info]) => info.renderedLength > 0 && [...(named.get(id) ?? [])].some((a) => !core.has(a)),
          )
          .map(([id]) => relative(options.root, id));
        this.error(
          `string-areas: the entry's code names strings of ${entryAreas.join(', ')}, which are not in the ` +
            `entry (${CORE_AREAS.join(', ')}): a screen could show a key before they are fetched ` +
            `(${culprits.join(', ')})`,
        );
      }
      const modules: Record<string, string[]> = {};
      for (const [key, id] of [...lazyTargets].sort(([a], [b]) => a.localeCompare(b))) {
        // Its own chunk, or the shared chunk it is in when other code imports it statically too.
        const chunk =
          [...chunks.values()].find((c) => c.facadeModuleId === id) ??
          [...chunks.values()].find((c) => c.moduleIds.includes(id));
        if (!chunk) return this.error(`string-areas: no chunk for the lazily imported ${key}`);
        modules[key] = [...loaded(chunk)].filter((a) => !core.has(a)).sort();
      }
      const result: StringAreas = {
        modules,
        keys: Object.fromEntries([...keyArea].sort(([a], [b]) => a.localeCompare(b))),
      };
      const literal = new RegExp(`(['"\`])${PLACEHOLDER}\\1`);
      if (!literal.test(i18nChunk.code)) return this.error(`string-areas: ${PLACEHOLDER} not found`);
      // In place of the placeholder, a string literal (JSON.parse reads it: no bundler folds it away).
      i18nChunk.code = i18nChunk.code.replace(literal, () => JSON.stringify(JSON.stringify(result)));
      this.emitFile({
        type: 'asset',
        fileName: '.vite/string-areas.json',
        source: `${JSON.stringify(result, null, 1)}\n`,
      });
    },
  };
}
