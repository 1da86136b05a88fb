import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withPluralForms } from './plurals.ts';

/**
 * English and Spanish, English as the fallback (spec section 1). One JSON file per area of the app
 * (`en/<area>.json`, `es/<area>.json`), each holding its own top-level keys; every file found here is merged
 * into the one `translation` namespace, so a feature adds its strings by adding a file.
 *
 * What a first visit downloads stays small (docs/decisions/web-bundle.md): only the English strings of the
 * login screen and the shell (auth, common, shell) ship with the entry. A Spanish reader's copy of those is
 * fetched before the first render; every other area's strings come with the signed-in shell, in the
 * user's language.
 */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
type Language = (typeof SUPPORTED_LANGUAGES)[number];
const LANGUAGE_KEY = 'sitepulse.language';

type Strings = Record<string, unknown>;
const CORE = /\/(auth|common|shell)\.json$/;
const englishCore = import.meta.glob<Strings>('./en/{auth,common,shell}.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Strings>(['./*/*.json', '!./en/{auth,common,shell}.json'], {
  import: 'default',
});

function supported(language: string | null | undefined): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
}

const loads = new Map<string, Promise<void>>();

/** Fetches (once) the strings of a language: its core files, or every other area's ('areas'). */
function load(lng: Language, part: 'core' | 'areas'): Promise<void> {
  const key = `${lng}:${part}`;
  let done = loads.get(key);
  if (!done) {
    const files = Object.entries(lazyFiles).filter(
      ([path]) => path.startsWith(`./${lng}/`) && CORE.test(path) === (part === 'core'),
    );
    done = Promise.all(files.map(([, read]) => read())).then((all) => {
      for (const strings of all)
        i18n.addResourceBundle(lng, 'translation', withPluralForms(strings, lng), true, false);
    });
    loads.set(key, done);
  }
  return done;
}

let areasInUse = false;

/** Fetches the strings of every area of the app in a language (once); the signed-in shell waits for it. */
export function loadAreaStrings(language: string = i18n.language): Promise<void> {
  const lng = supported(language);
  areasInUse = true;
  return Promise.all([load(lng, 'core'), load(lng, 'areas')]).then(() => undefined);
}

export function storedLanguage(): string {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored;
  return navigator.language?.slice(0, 2) === 'es' ? 'es' : 'en';
}

/** Switches the language once its strings are in (its core, and every area's once the shell is in use). */
export async function changeLanguage(language: string): Promise<void> {
  const lng = supported(language);
  localStorage.setItem(LANGUAGE_KEY, lng);
  await (areasInUse ? loadAreaStrings(lng) : load(lng, 'core'));
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

const english: Strings = {};
for (const strings of Object.values(englishCore)) Object.assign(english, strings);

const initial = supported(storedLanguage());
void i18n.use(initReactI18next).init({
  resources: { en: { translation: english } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

/**
 * Resolves once the stored language can be shown: at once for English, after its core strings otherwise
 * (in English if they cannot be fetched).
 */
export const i18nReady: Promise<void> =
  initial === 'en' ? Promise.resolve() : changeLanguage(initial).catch(() => undefined);

export default i18n;
