import { ORIGIN_PLACEHOLDER } from '#shared/site-seo.ts';

/** The site's origin for absolute URLs: the page's own in the browser; at build time a placeholder the server replaces. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? ORIGIN_PLACEHOLDER : window.location.origin;
}
