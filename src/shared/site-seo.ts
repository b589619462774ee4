import { SERVICE_IDS } from './catalog.ts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, matchLanguage, type Language } from './languages.ts';

/**
 * Findability of the public pages: each page in each language has its own URL (`?lang=en-US`), so a
 * search engine can index all three. The server adds the head tags (canonical, hreflang, Open Graph,
 * Twitter) to a pre-rendered page, and serves robots.txt and sitemap.xml, all with the site's public origin.
 */

/**
 * The query parameter that picks a page's language (over the cookie). The default language's URL has none
 * (`/about`, also `x-default`); the others do (`/about?lang=en-US`).
 */
export const LANGUAGE_PARAM = 'lang';

/** Stands for the site's origin in build-time HTML (JSON-LD); the server puts its public URL in its place. */
export const ORIGIN_PLACEHOLDER = 'https://dosehub-origin.invalid';

export const SITE_NAME = 'DoseHub';

/** The image link previews show (1200×630). */
export const SHARE_IMAGE = '/images/site/share.png';

export const SERVICE_INFO_PATHS = SERVICE_IDS.map((id) => `/service-info/${id}`);

/** Every public page a search engine may index (robots.txt keeps it out of the API and the dashboard). */
export const INDEXED_PATHS = [
  '/',
  '/services',
  ...SERVICE_INFO_PATHS,
  '/plans',
  '/articles',
  '/about',
  '/faq',
  '/contact',
  '/login',
  '/signup',
  '/privacy',
] as const;

/** A page's URL in a language; the default language's is the plain address, which is also `x-default`. */
export function pageUrl(origin: string, path: string, language: Language = DEFAULT_LANGUAGE): string {
  return language === DEFAULT_LANGUAGE ? `${origin}${path}` : `${origin}${path}?${LANGUAGE_PARAM}=${encodeURIComponent(language)}`;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const OG_LOCALE: Record<Language, string> = { 'pt-BR': 'pt_BR', 'en-US': 'en_US', es: 'es_ES' };

export interface PageHead {
  origin: string;
  path: string;
  language: Language;
  title: string;
  description: string;
}

/** Canonical URL, language alternates (with x-default), Open Graph and Twitter card tags of one page. */
export function seoHeadTags({ origin, path, language, title, description }: PageHead): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  const link = (attributes: string) => `<link ${attributes}>`;
  const canonical = pageUrl(origin, path, language);
  return [
    link(`rel="canonical" href="${escapeAttribute(canonical)}"`),
    ...SUPPORTED_LANGUAGES.map((lng) => link(`rel="alternate" hreflang="${lng}" href="${escapeAttribute(pageUrl(origin, path, lng))}"`)),
    link(`rel="alternate" hreflang="x-default" href="${escapeAttribute(pageUrl(origin, path))}"`),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', `${origin}${SHARE_IMAGE}`),
    meta('property', 'og:locale', OG_LOCALE[language]),
    ...SUPPORTED_LANGUAGES.filter((lng) => lng !== language).map((lng) => meta('property', 'og:locale:alternate', OG_LOCALE[lng])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', `${origin}${SHARE_IMAGE}`),
  ].join('');
}

/** Every indexed page in every language, each with its alternates (sitemaps.org with xhtml:link). */
export function sitemapXml(origin: string): string {
  const alternates = (path: string) =>
    [
      ...SUPPORTED_LANGUAGES.map((lng) => `<xhtml:link rel="alternate" hreflang="${lng}" href="${escapeAttribute(pageUrl(origin, path, lng))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeAttribute(pageUrl(origin, path))}"/>`,
    ].join('');
  const urls = INDEXED_PATHS.flatMap((path) =>
    SUPPORTED_LANGUAGES.map((lng) => `<url><loc>${escapeAttribute(pageUrl(origin, path, lng))}</loc>${alternates(path)}</url>`),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    '# DoseHub: the public pages may be indexed; the API and the signed-in area are not pages.',
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The language a URL asks for (`?lang=`), when it names a supported one. */
export function languageParam(search: string): Language | null {
  return matchLanguage(new URLSearchParams(search).get(LANGUAGE_PARAM));
}
