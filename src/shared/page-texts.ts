/** The translation namespaces of the auth forms. */
export const AUTH_NAMESPACES = ['auth', 'validation'];

/**
 * The namespaces a page's route loader fetches before the page renders, by route file: the server
 * preloads them (in the default language) with the page's code, so they do not wait for the entry to run.
 */
export const PAGE_TEXTS: Readonly<Record<string, readonly string[]>> = {
  login: AUTH_NAMESPACES,
  signup: AUTH_NAMESPACES,
};
