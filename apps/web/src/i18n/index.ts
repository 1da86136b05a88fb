import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * English and Spanish, English as the fallback (spec section 1). One JSON file per area of the app
 * (`en/<area>.json`, `es/<area>.json`), each holding its own top-level keys; every file found here is merged
 * into the one `translation` namespace, so a feature adds its strings by adding a file.
 *
 * The strings of the login screen and the shell (auth, common, shell) ship with the entry; every other area
 * is fetched with the signed-in shell, in the user's language only, so a first visit to /login stays small
 * (docs/decisions/web-bundle.md).
 */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
const LANGUAGE_KEY = 'sitepulse.language';

type Strings = Record<string, unknown>;
const coreFiles = import.meta.glob<Strings>('./*/{auth,common,shell}.json', {
  eager: true,
  import: 'default',
});
const areaFiles = import.meta.glob<Strings>(['./*/*.json', '!./*/{auth,common,shell}.json'], {
  import: 'default',
});

function supported(language: string | null | undefined): (typeof SUPPORTED_LANGUAGES)[number] {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '')
    ? (language as (typeof SUPPORTED_LANGUAGES)[number])
    : 'en';
}

function coreStringsOf(language: string): Strings {
  const merged: Strings = {};
  for (const [path, strings] of Object.entries(coreFiles)) {
    if (path.startsWith(`./${language}/`)) Object.assign(merged, strings);
  }
  return merged;
}

const areaLoads = new Map<string, Promise<void>>();

/** Fetches the strings of every area of the app in a language (once); the signed-in shell waits for it. */
export function loadAreaStrings(language: string = i18n.language): Promise<void> {
  const lng = supported(language);
  let load = areaLoads.get(lng);
  if (!load) {
    const files = Object.entries(areaFiles).filter(([path]) => path.startsWith(`./${lng}/`));
    load = Promise.all(files.map(([, read]) => read())).then((all) => {
      for (const strings of all) i18n.addResourceBundle(lng, 'translation', strings, true, false);
    });
    areaLoads.set(lng, load);
  }
  return load;
}

export function storedLanguage(): string {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored;
  return navigator.language?.slice(0, 2) === 'es' ? 'es' : 'en';
}

/** Switches the language; once the shell is in use, the new language's area strings are fetched first. */
export async function changeLanguage(language: string): Promise<void> {
  const lng = supported(language);
  localStorage.setItem(LANGUAGE_KEY, lng);
  if (areaLoads.size > 0) await loadAreaStrings(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: coreStringsOf('en') },
    es: { translation: coreStringsOf('es') },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export default i18n;
