import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
/** The namespaces the server speaks: its own messages and the catalog texts. */
const SERVER_NAMESPACES = ['server', 'catalog', 'mail', 'validation'] as const;

export type Translate = TFunction<(typeof SERVER_NAMESPACES)[number]>;

function readNamespaces(lng: Language) {
  return Object.fromEntries(
    SERVER_NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8'))]),
  );
}

/** Loads the locale files once; `forLanguage(lng)` gives a `t` bound to that language. */
export function createTranslator() {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, readNamespaces(lng)])),
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...SERVER_NAMESPACES],
    defaultNS: 'server',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const bound = new Map<Language, Translate>(
    SUPPORTED_LANGUAGES.map((lng) => [lng, instance.getFixedT(lng) as unknown as Translate]),
  );
  return { forLanguage: (lng: Language): Translate => bound.get(lng) ?? bound.get(DEFAULT_LANGUAGE)! };
}

export type Translator = ReturnType<typeof createTranslator>;
