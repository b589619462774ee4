/** The description (search results, link previews) of each pre-rendered public page, as a translation key. */
const DESCRIPTION_KEYS: Readonly<Record<string, string>> = {
  '/': 'site:meta.home',
  '/about': 'site:meta.about',
  '/articles': 'site:meta.articles',
  '/faq': 'site:meta.faq',
  '/contact': 'site:meta.contact',
  '/services': 'site:meta.services',
  '/plans': 'site:meta.plans',
  '/privacy': 'privacy:meta.description',
};

const SERVICE_INFO = /^\/service-info\/([\w-]+)$/;

export function descriptionKey(pathname: string): string {
  const serviceId = SERVICE_INFO.exec(pathname)?.[1];
  if (serviceId) return `catalog:services.${serviceId}.shortDescription`;
  return DESCRIPTION_KEYS[pathname] ?? 'common:metaDescription';
}
