import { afterAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, loadAreaStrings } from './index.ts';
import { withPluralForms } from './plurals.ts';

/**
 * What the screens ask for exists in both languages, and the Spanish reads as one text: every key written
 * in the code is in English and Spanish, one word for concrete, plural forms for every count.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

type Leaves = Map<string, string>;
function leavesOf(value: unknown, prefix = '', out: Leaves = new Map()): Leaves {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leavesOf(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
function stringsOf(language: 'en' | 'es'): Leaves {
  const out: Leaves = new Map();
  for (const [path, strings] of Object.entries(files))
    if (path.startsWith(`./${language}/`)) leavesOf(strings, '', out);
  return out;
}
const en = stringsOf('en');
const es = stringsOf('es');

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key the code asks for is there as itself or as its plural forms (t('x', { count }) reads x_one, x_other). */
const has = (strings: Leaves, key: string) => strings.has(key) || strings.has(`${key}_other`);

/** Keys written whole in the code: t('a.b'), i18nKey="a.b", page('a.b', ...), titleKey="a.b". */
function keysInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bt\(\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g,
    /\bi18nKey=["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']/g,
    /\btitleKey=["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']/g,
    /\bpage\(\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g,
    /\bpending\(\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g,
  ];
  for (const [path, text] of Object.entries(sources)) {
    for (const re of patterns) for (const m of text.matchAll(re)) found.set(m[1], path);
  }
  return found;
}

describe('strings the code asks for', () => {
  const used = keysInCode();

  it('finds the keys of the code (the scan works)', () => {
    expect(used.size).toBeGreaterThan(500);
    expect(used.get('titles.jobSiteSensors')).toBeDefined();
    expect(used.get('notFound.title')).toBeDefined();
  });

  it('has every key the code asks for in English and in Spanish', () => {
    const missing = [...used]
      .filter(([key]) => !has(en, key) || !has(es, key))
      .map(([key, file]) => `${key} (${file}): ${has(en, key) ? '' : 'en '}${has(es, key) ? '' : 'es'}`);
    expect(missing).toEqual([]);
  });
});

describe('one Spanish word for concrete, and one for a pour (docs/decisions/spanish-terms.md)', () => {
  it('says hormigón, never concreto, in every Spanish string', () => {
    const other = [...es].filter(([, v]) => /\bconcretos?\b/i.test(v)).map(([k, v]) => `${k}: ${v}`);
    expect(other).toEqual([]);
    expect([...es.values()].some((v) => /hormigón/i.test(v))).toBe(true);
  });

  it('says colada for a pour, never colado or vaciado', () => {
    const other = [...es]
      .filter(([, v]) => /\b(colados?|vaciados?)\b/i.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(other).toEqual([]);
  });

  it('translates the project named Default of a concrete project', () => {
    expect(en.get('shell.projects.defaultOther')).toBe('Concrete Sensors');
    expect(es.get('shell.projects.defaultOther')).toBe('Sensores de hormigón');
  });
});

describe('counts (i18next plurals)', () => {
  it('gives every text with a {{count}} its plural forms, in both languages', () => {
    for (const strings of [en, es]) {
      const flat = [...strings]
        .filter(([k, v]) => v.includes('{{count}}') && !PLURAL.test(k))
        .map(([k]) => k);
      expect(flat).toEqual([]);
      const bases = new Set(
        [...strings.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      const incomplete = [...bases].filter((b) => !strings.has(`${b}_one`) || !strings.has(`${b}_other`));
      expect(incomplete).toEqual([]);
    }
  });

  it('fills the plural forms a language needs but our files leave out with the "other" form', () => {
    const strings = { a: { n_one: '{{count}} nodo', n_other: '{{count}} nodos', x: 'y' } };
    expect(withPluralForms(strings, 'es')).toEqual({
      a: { n_one: '{{count}} nodo', n_other: '{{count}} nodos', n_many: '{{count}} nodos', x: 'y' },
    });
    expect(withPluralForms(strings, 'en')).toBe(strings);
    expect(strings.a).not.toHaveProperty('n_many');
  });

  describe('in Spanish', () => {
    afterAll(async () => {
      await changeLanguage('en');
    });
    it('reads 1 iniciado, 2 iniciados, and 1000000 nodos (not the English)', async () => {
      await loadAreaStrings('es');
      await changeLanguage('es');
      expect(i18n.t('sensors.overview.running', { count: 1 })).toBe('1 iniciado');
      expect(i18n.t('sensors.overview.running', { count: 2 })).toBe('2 iniciados');
      expect(i18n.t('sensors.overview.ofNodes', { count: 1_000_000 })).toBe('de 1000000 nodos');
      expect(i18n.t('job.profile.range', { from: 'a', to: 'b', count: 1 })).toBe(
        'Calibrado de a a b (1 ensayo de laboratorio)',
      );
    });
  });
});
