import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * English and Spanish, English as the fallback (spec section 1). One JSON file per area of the app
 * (`en/<area>.json`, `es/<area>.json`), each holding one top-level key named after its area; every file
 * found here is merged into the one `translation` namespace, so a feature adds its strings by adding a file.
 */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
const LANGUAGE_KEY = 'sitepulse.language';

type Strings = Record<string, unknown>;
const files = import.meta.glob<Strings>('./*/*.json', { eager: true, import: 'default' });

function stringsOf(language: string): Strings {
  const merged: Strings = {};
  for (const [path, strings] of Object.entries(files)) {
    if (path.startsWith(`./${language}/`)) Object.assign(merged, strings);
  }
  return merged;
}

export function storedLanguage(): string {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored;
  return navigator.language?.slice(0, 2) === 'es' ? 'es' : 'en';
}

export function changeLanguage(language: string): void {
  const lng = (SUPPORTED_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
  localStorage.setItem(LANGUAGE_KEY, lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: stringsOf('en') },
    es: { translation: stringsOf('es') },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export default i18n;
