import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type TFunction } from 'i18next';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatBytes } from '#shared/format/bytes.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, matchLanguage, type Language } from '#shared/languages.ts';

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
/** The namespaces the server speaks: its own messages and the catalog texts. */
const SERVER_NAMESPACES = ['server', 'catalog', 'mail', 'validation'] as const;

export type Translate = TFunction<(typeof SERVER_NAMESPACES)[number]>;

function readNamespaces(lng: Language) {
  return Object.fromEntries(
    SERVER_NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8'))]),
  );
}

/**
 * Formats a text may name in its placeholders, in the reader's language: `{{end, day}}` (an ISO day as the
 * language writes it), `{{price, usd}}` (dollars), `{{max, bytes}}` (a size), each the language's way, and
 * `{{amount, brl}}` (reais) as everywhere in the app, the Brazilian way (SPEC: "services BRL (pt-BR)"); i18next's
 * own `{{min, number}}` writes a number in the language's way.
 */
function addFormats(instance: i18n) {
  const format = instance.services.formatter;
  const language = (lng: string | undefined) => matchLanguage(lng) ?? DEFAULT_LANGUAGE;
  format?.add('day', (value: string, lng) => formatDate(String(value), language(lng)));
  format?.add('brl', (value: number) => formatBrl(Number(value)));
  format?.add('bytes', (value: number, lng) => formatBytes(Number(value), language(lng)));
  format?.add('usd', (value: number, lng) => formatUsdIn(Number(value), language(lng)));
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
  addFormats(instance);
  const bound = new Map<Language, Translate>(
    SUPPORTED_LANGUAGES.map((lng) => [lng, instance.getFixedT(lng) as unknown as Translate]),
  );
  return { forLanguage: (lng: Language): Translate => bound.get(lng) ?? bound.get(DEFAULT_LANGUAGE)! };
}

export type Translator = ReturnType<typeof createTranslator>;
