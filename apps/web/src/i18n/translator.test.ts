import i18next, { type i18n as I18next } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { withPluralForms } from './plurals.ts';
import { type TOptions, Translator } from './translator.ts';

/**
 * The app's translator reads our strings as i18next 26 did with the app's settings (docs/decisions/web-bundle.md):
 * every key of every file, in English and Spanish, plain, with counts, with its values (all, some, none,
 * null, undefined), with defaults, missing, through a fixed language and through a `lng` option, gives the
 * same text from both.
 */
type Tree = Record<string, unknown>;
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
function merged(lng: 'en' | 'es'): Tree {
  const out: Tree = {};
  for (const [path, strings] of Object.entries(files))
    if (path.startsWith(`./${lng}/`)) Object.assign(out, structuredClone(strings));
  return withPluralForms(out, lng);
}
function leaves(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const en = merged('en');
const es = merged('es');
const keys = new Map([...leaves(en), ...leaves(es)]);
const PLURAL = /_(zero|one|two|few|many|other)$/;
const bases = [...new Set([...keys.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
const names = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim());

let reference: I18next;
let ours: Translator;
const missingShown = (key: string, defaultValue: string | undefined) => `[${defaultValue ?? key}]`;

beforeAll(async () => {
  reference = i18next.createInstance();
  await reference.init({
    resources: { en: { translation: structuredClone(en) }, es: { translation: structuredClone(es) } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  ours = new Translator({
    resources: { en: structuredClone(en), es: structuredClone(es) },
    lng: 'en',
    fallbackLng: 'en',
  });
});

/** Both translators' answers to the same calls, in both languages, as the screens (fixed t) and i18n.t call them. */
function compare(calls: [string, TOptions | string | undefined][]) {
  const differ: string[] = [];
  for (const lng of ['en', 'es']) {
    const theirs = reference.getFixedT(lng, 'translation');
    const mine = ours.getFixedT(lng);
    for (const [key, options] of calls) {
      const a = theirs(key, options as never) as unknown as string;
      const b = mine(key, options);
      if (a !== b) differ.push(`${lng} ${key} ${JSON.stringify(options)}: i18next '${a}', ours '${b}'`);
    }
  }
  return differ;
}

describe('the translator reads our strings as i18next did', () => {
  it('has no key with a dot in its name (keys are paths)', () => {
    expect([...keys.keys()].filter((k) => k.split('.').some((part) => part === ''))).toEqual([]);
  });

  it('gives every key, plain and with all, some, no, null and undefined values', () => {
    const calls: [string, TOptions | undefined][] = [];
    for (const [key, text] of keys) {
      const vars = names(text);
      calls.push([key, undefined]);
      calls.push([key, Object.fromEntries(vars.map((v, i) => [v, `v${i} {{x}} $t(app.name)`]))]);
      // (`lng` names the language to read in: a text, as the screens pass it.)
      calls.push([key, Object.fromEntries(vars.slice(1).map((v) => [v, v === 'lng' ? '7.5' : 7]))]);
      calls.push([key, Object.fromEntries(vars.map((v) => [v, null]))]);
      calls.push([key, Object.fromEntries(vars.map((v) => [v, undefined]))]);
    }
    expect(compare(calls)).toEqual([]);
  });

  it('gives every plural text for counts 0, 1, 2, 1.5, 21 and a million, and its key without a count', () => {
    const calls: [string, TOptions | undefined][] = [];
    for (const base of bases) {
      for (const count of [0, 1, 2, 1.5, 21, 1_000_000]) calls.push([base, { count, n: 3, name: 'x' }]);
      calls.push([base, undefined]);
    }
    expect(compare(calls)).toEqual([]);
  });

  it('gives defaults, missing keys, objects and odd calls the same way', () => {
    const calls: [string, TOptions | string | undefined][] = [
      ['nothing.here', undefined],
      ['nothing.here', 'A default {{name}}'],
      ['nothing.here', { defaultValue: 'Hello {{name}}', name: 'Ann' }],
      ['nothing.here', { defaultValue: 'Hello {{name}}' }],
      ['nothing.here', { count: 1, defaultValue: 'd', defaultValue_one: 'one', defaultValue_other: 'other' }],
      ['nothing.here', { count: 0, defaultValue: 'd', defaultValue_zero: 'zero' }],
      ['nothing.here', { count: 5, defaultValue_one: 'one' }],
      ['Required', undefined],
      ['Too Long!', undefined],
      ['Invalid phone number', undefined],
      ['shell', undefined],
      ['titles', { defaultValue: 'x' }],
      ['app.name', { lng: '-79.38000' }],
      ['app.name', { lng: 'es' }],
      ['app.name', { lng: 'en' }],
      ['app.name.more', undefined],
      ['toString', undefined],
      ['app.constructor', undefined],
      ['', undefined],
    ];
    for (const [key] of [...keys].slice(0, 200)) {
      calls.push([key, 'a default']);
      calls.push([key, { defaultValue: 'a default', lng: '43.6' }]);
    }
    expect(compare(calls)).toEqual([]);
  });

  it('asks what to show for a missing key as i18next did (parseMissingKeyHandler)', async () => {
    const withHandler = i18next.createInstance();
    await withHandler.init({
      resources: { en: { translation: structuredClone(en) } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      parseMissingKeyHandler: (key, defaultValue) => missingShown(key, defaultValue),
    });
    const mine = new Translator({
      resources: { en: structuredClone(en) },
      lng: 'en',
      fallbackLng: 'en',
      missingKey: missingShown,
    });
    for (const [key, options] of [
      ['nothing.here', undefined],
      ['nothing.here', { defaultValue: 'Hi {{name}}', name: 'Bo' }],
      ['app.name', undefined],
    ] as const) {
      expect(mine.t(key, options)).toBe(withHandler.t(key, options as never));
    }
  });

  it('switches languages, merges strings and reports the language shown as i18next did', async () => {
    const theirs = i18next.createInstance();
    await theirs.init({
      resources: { en: { translation: { a: { b: 'B', c: 'C' } } } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    const mine = new Translator({
      resources: { en: { a: { b: 'B', c: 'C' } } },
      lng: 'en',
      fallbackLng: 'en',
    });
    const seen: string[] = [];
    mine.on('languageChanged', (l) => seen.push(l));
    for (const i of [theirs, mine] as const) {
      i.addResourceBundle('en', 'translation', { a: { b: 'not this', d: 'D' }, e: 'E' }, true, false);
      await i.changeLanguage('es');
    }
    expect(mine.language).toBe(theirs.language);
    expect(mine.resolvedLanguage).toBe(theirs.resolvedLanguage);
    for (const k of ['a.b', 'a.c', 'a.d', 'e']) expect(mine.t(k)).toBe(theirs.t(k));
    for (const i of [theirs, mine] as const) {
      i.addResourceBundle('es', 'translation', { a: { b: 'be' } }, true, false);
      await i.changeLanguage('es');
    }
    expect(mine.resolvedLanguage).toBe(theirs.resolvedLanguage);
    for (const k of ['a.b', 'a.c']) expect(mine.t(k)).toBe(theirs.t(k));
    expect(seen).toEqual(['es', 'es']);
  });
});
