type Strings = Record<string, unknown>;

/**
 * The plural forms a language needs that its strings leave out, filled with the `_other` form. Spanish has
 * a 'many' form (1 000 000 → "de millones"), which i18next asks for and otherwise finds only in English:
 * "1000000 nodes" on a Spanish screen. Our files write `_one` and `_other` in both languages (the i18n
 * test checks they match), so 'many' reads as 'other'. Returns a copy; the input is not changed.
 */
export function withPluralForms(strings: Strings, language: string): Strings {
  let categories: string[];
  try {
    categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    return strings;
  }
  const missing = categories.filter((c) => c !== 'one' && c !== 'other');
  if (missing.length === 0) return strings;
  const fill = (node: Strings): Strings => {
    const out: Strings = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = value !== null && typeof value === 'object' ? fill(value as Strings) : value;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!key.endsWith('_other') || typeof value !== 'string') continue;
      const base = key.slice(0, -'_other'.length);
      for (const c of missing) if (!(`${base}_${c}` in out)) out[`${base}_${c}`] = value;
    }
    return out;
  };
  return fill(strings);
}
