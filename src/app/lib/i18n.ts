import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  matchLanguage,
  type Language,
} from '#shared/languages.ts';
import { LANGUAGE_COOKIE } from '#shared/prerendered-pages.ts';
import { LANGUAGE_PARAM, languageParam } from '#shared/site-seo.ts';
import { localeBackend } from './locale-backend.ts';

/**
 * Namespaces loaded at start (sync and notifications serve the header and texts shown outside React); feature namespaces load with their routes through useTranslation.
 * index.html preloads them in the default language (i18n.test.ts keeps the two in step).
 */
export const STARTUP_NAMESPACES = ['common', 'pages', 'sync', 'notifications'] as const;

const LANGUAGE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

function readStoredLanguage(): Language {
  try {
    return matchLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode, quota); the choice still applies to this visit.
  }
  writeLanguageCookie(lng);
}

/** The server sends the public pages pre-rendered in this language (src/shared/prerendered-pages.ts). */
function writeLanguageCookie(lng: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export async function changeLanguage(lng: Language) {
  rememberLanguage(lng);
  await i18n.changeLanguage(lng);
}

function syncDocumentLanguage(lng: string) {
  document.documentElement.lang = matchLanguage(lng) ?? DEFAULT_LANGUAGE;
}

/**
 * A page's address may name its language (`?lang=es`, as the server and search engines use it): it becomes the
 * visitor's choice, and leaves the address so that a later choice in the app is not undone by a reload.
 */
function takeLanguageFromAddress(): Language | null {
  const lng = languageParam(location.search);
  if (!lng) return null;
  rememberLanguage(lng);
  const url = new URL(location.href);
  url.searchParams.delete(LANGUAGE_PARAM);
  history.replaceState(history.state, '', url);
  return lng;
}

export function initI18n() {
  i18n.on('languageChanged', syncDocumentLanguage);
  const lng = takeLanguageFromAddress() ?? readStoredLanguage();
  // A choice stored before the cookie existed reaches the server from the next page load on.
  writeLanguageCookie(lng);
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}

export { i18n };
