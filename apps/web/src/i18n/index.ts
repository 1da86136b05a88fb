import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enShell from './en/shell.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esShell from './es/shell.json';

/** English and Spanish, English as the fallback (spec section 1). One file per area of the app, one namespace. */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
const LANGUAGE_KEY = 'sitepulse.language';

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
    en: { translation: { ...enCommon, ...enAuth, ...enShell } },
    es: { translation: { ...esCommon, ...esAuth, ...esShell } },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export default i18n;
