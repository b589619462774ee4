/** The translation namespaces of the auth forms. */
export const AUTH_NAMESPACES = ['auth', 'validation'];

/**
 * The namespaces a page's route loader fetches before the page renders, by route file: the server
 * preloads them (in the default language) with the page's code, so they do not wait for the entry to run.
 */
/** The public site's marketing texts (src/app/features/pages/content/), and the catalog's for the service pages. */
export const SITE_NAMESPACES = ['site', 'catalog'];
/** /contact: the site's texts and its form's (with the validation messages it shows). */
export const CONTACT_NAMESPACES = [...SITE_NAMESPACES, 'contact', 'validation'];

/** /privacy (issue 30): the notice's own texts. */
export const PRIVACY_NAMESPACES = ['privacy'];

export const PAGE_TEXTS: Readonly<Record<string, readonly string[]>> = {
  login: AUTH_NAMESPACES,
  signup: AUTH_NAMESPACES,
  index: SITE_NAMESPACES,
  about: SITE_NAMESPACES,
  articles: SITE_NAMESPACES,
  faq: SITE_NAMESPACES,
  contact: CONTACT_NAMESPACES,
  'services.index': SITE_NAMESPACES,
  'plans.index': SITE_NAMESPACES,
  'service-info.$id': SITE_NAMESPACES,
  'services.$id.hire': SITE_NAMESPACES,
  privacy: PRIVACY_NAMESPACES,
};
