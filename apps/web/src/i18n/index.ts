import { useMemo, useSyncExternalStore } from 'react';
import { withPluralForms } from './plurals.ts';
import { type TFunction, Translator } from './translator.ts';

export type { TFunction, TOptions } from './translator.ts';

/**
 * English and Spanish, English as the fallback (spec section 1). One JSON file per area of the app
 * (`en/<area>.json`, `es/<area>.json`), each holding its own top-level keys; every file found here is merged
 * into the one `translation` namespace, so a feature adds its strings by adding a file.
 *
 * What a first visit downloads stays small (docs/decisions/web-bundle.md): only the English strings of the
 * login screen and the shell (auth, common, shell) ship with the entry. A Spanish reader's copy of those is
 * fetched before the first render. Every other area comes with the code that shows it: the build
 * (build/string-areas.ts) wraps each dynamic import of the app in `withStrings`, which fetches the areas
 * that module's code names, in the reader's language, alongside it. Without the build's map (development,
 * tests) every area is fetched.
 */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
type Language = (typeof SUPPORTED_LANGUAGES)[number];
const LANGUAGE_KEY = 'sitepulse.language';

type Strings = Record<string, unknown>;
const CORE = ['auth', 'common', 'shell'];
const englishCore = import.meta.glob<Strings>('./en/{auth,common,shell}.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Strings>(['./*/*.json', '!./en/{auth,common,shell}.json'], {
  import: 'default',
});
const ALL_AREAS = [
  ...new Set(Object.keys(lazyFiles).map((path) => path.replace(/^\.\/\w+\/(.+)\.json$/, '$1'))),
].filter((a) => !CORE.includes(a));

/** What the build writes here (build/string-areas.ts `StringAreas`); the placeholder when not built. */
interface BuiltAreas {
  modules: Record<string, string[]>;
  keys: Record<string, string>;
}
function builtAreas(text: string): BuiltAreas | null {
  try {
    return JSON.parse(text) as BuiltAreas;
  } catch {
    return null;
  }
}
const built = builtAreas('__SITEPULSE_STRING_AREAS__');

function supported(language: string | null | undefined): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
}

const loads = new Map<string, Promise<void>>();

/** Fetches (once) the strings of these areas in a language. */
function load(lng: Language, areas: readonly string[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      const key = `${lng}:${area}`;
      let done = loads.get(key);
      if (!done) {
        const read = lazyFiles[`./${lng}/${area}.json`];
        if (!read) return Promise.resolve(); // English core: in the entry
        done = read().then((strings) => {
          i18n.addResourceBundle(lng, 'translation', withPluralForms(strings, lng), true, false);
        });
        // A failed fetch is tried again on the next need.
        done.catch(() => loads.delete(key));
        loads.set(key, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/** The areas shown so far (besides the core): a language switch fetches them first. */
const inUse = new Set<string>();

function need(areas: readonly string[], language: string = i18n.language): Promise<void> {
  for (const a of areas) inUse.add(a);
  return load(supported(language), areas);
}

/**
 * A lazily loaded module with the strings its code shows (the build wraps every dynamic import of the app
 * in this): resolves with the module once both are in, rejects if either fails.
 */
export function withStrings<T>(module: Promise<T>, key: string): Promise<T> {
  const areas = built ? (built.modules[key] ?? []) : ALL_AREAS;
  return Promise.all([module, need(areas)]).then(([m]) => m);
}

/** Fetches the strings of every area of the app in a language (once): tests, which render any screen alone. */
export function loadAreaStrings(language: string = i18n.language): Promise<void> {
  return need([...CORE, ...ALL_AREAS], language);
}

export function storedLanguage(): string {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored;
  return navigator.language?.slice(0, 2) === 'es' ? 'es' : 'en';
}

/** Switches the language once its strings are in (its core, and every area shown so far). */
export async function changeLanguage(language: string): Promise<void> {
  const lng = supported(language);
  localStorage.setItem(LANGUAGE_KEY, lng);
  await load(lng, [...CORE, ...inUse]);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

const english: Strings = {};
for (const strings of Object.values(englishCore)) Object.assign(english, strings);

const initial = supported(storedLanguage());
/**
 * A key of an area not fetched yet in the language shown (a key the build did not see in the code that
 * shows it: build/string-areas.ts): shown as i18next shows a missing key, and its area fetched, then the
 * screen drawn again.
 */
function missingKey(key: string, defaultValue: string | undefined): string {
  const area = built?.keys[key.split('.')[0]];
  const lng = supported(i18n.language);
  if (area && !loads.has(`${lng}:${area}`)) {
    if (import.meta.env.DEV) console.warn(`i18n: '${key}' shown before its area '${area}' was fetched`);
    void need([area], lng).then(() => i18n.changeLanguage(i18n.language));
  }
  return defaultValue ?? key;
}

const i18n = new Translator({
  resources: { en: english },
  lng: 'en',
  fallbackLng: 'en',
  missingKey,
});

/** Draws again after every language change (a count of them, so a change to the same language counts too). */
let changes = 0;
i18n.on('languageChanged', () => {
  changes++;
});
const subscribe = (redraw: () => void) => {
  i18n.on('languageChanged', redraw);
  return () => i18n.off('languageChanged', redraw);
};

/**
 * The screens' translator, as react-i18next's hook: `t` in the language shown (a new `t` after each language
 * change, which draws the screen again) and the translator itself.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const change = useSyncExternalStore(subscribe, () => changes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t after each language change
  const t = useMemo(() => i18n.getFixedT(i18n.language), [change]);
  return { t, i18n };
}

/**
 * Resolves once the stored language can be shown: at once for English, after its core strings otherwise
 * (in English if they cannot be fetched).
 */
export const i18nReady: Promise<void> =
  initial === 'en' ? Promise.resolve() : changeLanguage(initial).catch(() => undefined);

export default i18n;
