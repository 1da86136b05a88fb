/**
 * The app's translator: the part of i18next the screens use, at a tenth of its weight on every first visit
 * (i18next and react-i18next were 16.8 kB gzipped of the entry; docs/decisions/web-bundle.md).
 *
 * It reads strings as i18next 26 does with our settings (one `translation` namespace, `.` between key parts,
 * English fallback, no escaping, default interpolation): `translator.test.ts` checks every key of our files,
 * with and without counts, values and defaults, in both languages, gives what i18next gives.
 *
 * - A key is looked up in the language asked (`lng` option, else the fixed or current language), then in
 *   the fallback; a `count` (a number) looks up `key_zero` (count 0), then `key_<plural category>`
 *   (Intl.PluralRules of that language), then `key`, in each language in turn.
 * - `t(key, text)` is `t(key, { defaultValue: text })`.
 * - Missing: `defaultValue` (or `defaultValue_<category>`, `defaultValue_zero`) if given, else the key;
 *   then `missingKey(key, defaultValue)` says what to show.
 * - `{{name}}` is replaced by that option (`null` by nothing, others by their text); a name the options
 *   do not hold stays as written, one they hold as undefined is dropped. A value put in is not read again.
 */
export interface TOptions {
  count?: number;
  defaultValue?: string;
  lng?: string;
  [name: string]: unknown;
}
/** `t(key, options)`, or `t(key, defaultValue)`. */
export type TFunction = (key: string, options?: TOptions | string) => string;

type Tree = { [key: string]: unknown };
const own = (o: object, k: string) => Object.hasOwn(o, k);

export interface TranslatorOptions {
  /** the language shown first */
  lng: string;
  /** where a key missing in the language shown is looked for */
  fallbackLng: string;
  /** strings by language */
  resources: Record<string, Tree>;
  /** what to show for a missing key: the default value given, else the key (i18next's parseMissingKeyHandler) */
  missingKey?: (key: string, defaultValue: string | undefined) => string;
}

export class Translator {
  language: string;
  /** The language shown if it has strings, else the fallback (i18next's resolvedLanguage). */
  resolvedLanguage: string | undefined;
  private readonly store: Record<string, Tree> = {};
  private readonly listeners = new Set<(lng: string) => void>();
  private readonly rules = new Map<string, { select(n: number): string }>();

  constructor(private readonly options: TranslatorOptions) {
    for (const [lng, strings] of Object.entries(options.resources)) this.store[lng] = strings;
    this.language = options.lng;
    this.resolvedLanguage = this.resolve(options.lng);
  }

  /** Translates in the language shown when called. */
  t: TFunction = (key, options) => this.translate(key, options, undefined);

  /** A t that translates in `lng` (null: the language shown when called). */
  getFixedT(lng: string | null): TFunction {
    return (key, options) => this.translate(key, options, lng ?? undefined);
  }

  /** Merges strings into a language, keeping those already there (i18next's addResourceBundle, deep). */
  addResourceBundle(lng: string, _ns: 'translation', strings: Tree, _deep = true, overwrite = false): void {
    this.store[lng] = deepExtend(this.store[lng] ?? {}, strings, overwrite);
  }

  /** Shows another language; every screen using `useTranslation` draws again. */
  changeLanguage(lng: string): Promise<TFunction> {
    this.language = lng;
    this.resolvedLanguage = this.resolve(lng);
    for (const listener of [...this.listeners]) listener(lng);
    return Promise.resolve(this.t);
  }

  on(_event: 'languageChanged', listener: (lng: string) => void): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: (lng: string) => void): void {
    this.listeners.delete(listener);
  }

  private resolve(lng: string): string | undefined {
    return [lng, this.options.fallbackLng].find((l) => {
      const strings = this.store[l];
      return strings !== undefined && Object.keys(strings).length > 0;
    });
  }

  private rule(lng: string): { select(n: number): string } {
    let rule = this.rules.get(lng);
    if (!rule) {
      try {
        rule = new Intl.PluralRules(lng.replace('_', '-'));
      } catch {
        rule = { select: (n: number) => (n === 1 ? 'one' : 'other') };
      }
      this.rules.set(lng, rule);
    }
    return rule;
  }

  private lookup(lng: string, key: string): unknown {
    let node: unknown = this.store[lng];
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object' || !own(node, part)) return undefined;
      node = (node as Tree)[part];
    }
    return node;
  }

  private translate(
    rawKey: unknown,
    given: TOptions | string | undefined,
    fixedLng: string | undefined,
  ): string {
    if (rawKey === undefined || rawKey === null) return '';
    let options: TOptions =
      typeof given === 'string' ? { defaultValue: given } : typeof given === 'object' && given ? given : {};
    // A fixed t (i18next's getFixedT, which useTranslation's t is) passes its language, namespace and
    // prefix on with the values: `{{lng}}` reads the language when the call gives none.
    if (fixedLng !== undefined)
      options = {
        ...options,
        lng: options.lng || fixedLng,
        lngs: options.lngs || undefined,
        ns: options.ns || 'translation',
        keyPrefix: options.keyPrefix || undefined,
      };
    const key = String(rawKey);
    const lng = options.lng || fixedLng || this.language;
    const plural = options.count !== undefined && typeof options.count !== 'string';
    const count = options.count as number;
    const languages = lng === this.options.fallbackLng ? [lng] : [lng, this.options.fallbackLng];
    let found: unknown;
    search: for (const code of languages) {
      const keys = plural
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.rule(code).select(count)}`, key]
        : [key];
      for (const k of keys) {
        found = this.lookup(code, k);
        if (found !== undefined && found !== null) break search;
      }
    }
    if (found !== undefined && found !== null && typeof found === 'object')
      return `key '${key} (${this.language})' returned an object instead of string.`;

    let missing: 'default' | 'key' | undefined;
    if (found === undefined || found === null) {
      if (hasDefaultValue(options)) {
        const category = plural ? this.rule(lng).select(count) : '';
        found =
          (plural && count === 0 && options.defaultValue_zero) ||
          options[`defaultValue${plural ? `_${category}` : ''}`] ||
          options.defaultValue;
        missing = 'default';
      }
      if (found === undefined || found === null) {
        found = key;
        missing = 'key';
      }
    }
    const text = typeof found === 'string' ? interpolate(found, options) : (found as string);
    if (missing && this.options.missingKey)
      return this.options.missingKey(key, missing === 'default' ? text : undefined);
    return text;
  }
}

function hasDefaultValue(options: TOptions): boolean {
  return Object.keys(options).some((k) => k.startsWith('defaultValue') && options[k] !== undefined);
}

/** `{{name}}` -> the option's text, in one pass (a value put in is not read again). */
function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{(.+?)\}\}/g, (written, inner: string) => {
    const name = inner.trim();
    let value: unknown = values;
    for (const part of name.split('.')) {
      value =
        value !== null && typeof value === 'object' && own(value, part) ? (value as Tree)[part] : undefined;
    }
    if (value === undefined) return own(values, name) ? '' : written;
    return value === null ? '' : String(value);
  });
}

/** i18next's deepExtend: adds what `source` has and `target` lacks; strings already there stay unless `overwrite`. */
function deepExtend(target: Tree, source: Tree, overwrite: boolean): Tree {
  for (const prop in source) {
    if (prop === '__proto__' || prop === 'constructor') continue;
    if (prop in target) {
      if (typeof target[prop] === 'string' || typeof source[prop] === 'string') {
        if (overwrite) target[prop] = source[prop];
      } else {
        deepExtend(target[prop] as Tree, source[prop] as Tree, overwrite);
      }
    } else {
      target[prop] = source[prop];
    }
  }
  return target;
}
