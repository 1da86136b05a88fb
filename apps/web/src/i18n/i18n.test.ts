import { describe, expect, it } from 'vitest';

/** Every string shown to a person exists in both languages (Spanish must be complete everywhere). */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const areas = [...new Set(Object.keys(files).map((p) => p.split('/')[2]))].sort();

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

it('finds the English and Spanish files of every area', () => {
  expect(areas).toEqual(expect.arrayContaining(['auth.json', 'common.json', 'shell.json']));
  for (const area of areas) {
    expect(files[`./en/${area}`], `en/${area}`).toBeDefined();
    expect(files[`./es/${area}`], `es/${area}`).toBeDefined();
  }
});

it('gives every top-level key to one file only, so areas cannot overwrite each other', () => {
  const owners = new Map<string, string>();
  for (const area of areas) {
    for (const key of Object.keys(files[`./en/${area}`] ?? {})) {
      expect(owners.get(key), `${key} in ${area}`).toBeUndefined();
      owners.set(key, area);
    }
  }
});

describe.each(areas)('i18n %s', (area) => {
  const en = files[`./en/${area}`];
  const es = files[`./es/${area}`];
  it('has the same keys in English and Spanish', () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
  });
  it('has no empty Spanish string', () => {
    const empty = keysOf(es).filter((k) => {
      const v = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], es);
      return typeof v === 'string' && v.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});

/**
 * `lng` and `defaultValue` are options the translator reads itself (the language, the text when a key is
 * missing), so a value passed under those names would change the language or text instead of filling a
 * `{{…}}` place: a longitude sent as `lng` showed a Spanish reader the English text.
 */
it('names no {{…}} place after an option the translator reads itself', () => {
  const reserved = ['lng', 'defaultValue', 'fallbackLng', 'ns', 'context', 'replace'];
  const found: string[] = [];
  for (const [path, tree] of Object.entries(files)) {
    for (const key of keysOf(tree)) {
      const v = key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], tree);
      if (typeof v !== 'string') continue;
      for (const [, name] of v.matchAll(/\{\{\s*([^}\s,]+)/g)) {
        if (reserved.includes(name ?? '')) found.push(`${path} ${key}: {{${name}}}`);
      }
    }
  }
  expect(found).toEqual([]);
});
