import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { ORIGIN_PLACEHOLDER, SERVICE_INFO_PATHS, seoHeadTags } from './site-seo.ts';

/**
 * Pre-rendered first screens. The build renders these public pages (their React tree, in each language)
 * to HTML; the server puts a page's HTML in the shell's root for a visitor, so the page paints before
 * the scripts arrive. The app replaces it on its first render; until then it is `inert`: nothing in it
 * can be focused or typed into, so no input is lost when the app takes over.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password/request',
  '/about',
  '/faq',
  '/contact',
  '/articles',
  '/services',
  ...SERVICE_INFO_PATHS,
  '/plans',
  '/privacy',
] as const;

/** The build's output: language → page path → HTML. */
export type PrerenderedPages = Partial<Record<Language, Record<string, string>>>;

export const PRERENDERED_FILE = 'prerendered.json';

/** The language cookie the client keeps beside localStorage, so the server can pick the pre-rendered language. */
export const LANGUAGE_COOKIE = 'product-language';

const ROOT = '<div id="root"></div>';

/** A pre-rendered page paints without its scripts: they load after its styles and images, not before. */
const lowerScriptPriority = (html: string) =>
  html.replaceAll('<script type="module"', '<script type="module" fetchpriority="low"').replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A pre-rendered page paints, with its images, and stays still: `public/start-app.js` starts the app (requests the
 * entry and the page's chunks) on the visitor's first interaction (pointer, touch, key, wheel), or once the browser is
 * idle 5 s after the load event; after the load it only fetches that code into the cache. Evaluating and rendering the
 * app is seconds of long tasks on a slow phone: run while the visitor only reads, they would hold a tap (issue 35:
 * Lighthouse's Total Blocking Time ≤ 200 ms on every run), and loaded with the page they would take the bandwidth of
 * its styles and LCP image (issue 18: LCP ≤ 2 s). The cost: the page stays inert until the app is in, about a second
 * after the first touch on a slow phone; a link or button tapped meanwhile gets its click then. A page whose first
 * screen is a form (sign-in, contact…) starts its app once painted: the form is there to be used, offline too.
 */
function startAppOnInteraction(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return lowerScriptPriority(html);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const starter = `<script type="module" fetchpriority="low" src="/start-app.js" data-entry="${entry}" data-preloads="${preloads.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => starter);
}

const deferScripts = (html: string, path: string | undefined) => (path === undefined ? lowerScriptPriority(html) : startAppOnInteraction(html));

/** What React renders first in a page (title, description) and the server moves into the shell's head, in place of its own. */
const HEAD_TAGS = [/<title>[^<]*<\/title>/, /<meta name="description" content="[^"]*"\s*\/?>/];

/** Where the page is published: its findability tags (site-seo.ts) go into the head with its title and description. */
export interface PagePlace {
  origin: string;
  path: string;
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decodeText = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => HTML_ENTITIES[entity]!);

function seoTags(head: string, language: Language, { origin, path }: PagePlace): string {
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '';
  return seoHeadTags({ origin, path, language, title: decodeText(title), description: decodeText(description) });
}

/** The page in the shell's root, inert, and its head tags in place of the shell's (and its findability tags, given its place). */
function withPage(html: string, page: string, language: Language, place?: PagePlace): string {
  let head = html;
  let content = place ? page.replaceAll(ORIGIN_PLACEHOLDER, place.origin) : page;
  for (const tag of HEAD_TAGS) {
    const found = tag.exec(content)?.[0];
    if (!found) continue;
    content = content.replace(found, '');
    head = head.replace(tag, () => found);
  }
  if (place) head = head.replace('</head>', () => `${seoTags(head, language, place)}</head>`);
  return deferScripts(head, place?.path).replace(ROOT, () => `<div id="root"><div inert>${content}</div></div>`);
}

/** The shell with its document language (and the preloaded start-up texts') set, and the page in its root. */
export function composeShell(html: string, { language, page, place }: { language: Language; page?: string; place?: PagePlace }): string {
  const localized = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`).replaceAll(`/locales/${DEFAULT_LANGUAGE}/`, `/locales/${language}/`);
  return page ? withPage(localized, page, language, place) : localized;
}
