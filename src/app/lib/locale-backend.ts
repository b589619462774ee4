import type { BackendModule } from 'i18next';

class LocaleLoadError extends Error {
  constructor(
    url: string,
    readonly retry: boolean,
  ) {
    super(`${url} could not be loaded`);
  }
}

async function readNamespace(url: string): Promise<unknown> {
  const response = await fetch(url);
  // A missing namespace stays missing; a server error or a dropped connection is worth i18next's retries.
  if (!response.ok) throw new LocaleLoadError(url, response.status >= 500);
  return response.json();
}

/**
 * Loads a namespace from `/locales/{language}/{namespace}.json` (the service worker serves them offline). It does
 * the one thing i18next-http-backend did for us, in a fraction of its bytes: it sits in the entry chunk, whose
 * first-visit budget (170 kB gzip) is spent to the last few hundred bytes.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const url = `/locales/${language}/${namespace}.json`;
    readNamespace(url).then(
      (data) => callback(null, data as Record<string, unknown>),
      (error: unknown) => callback(error as Error, error instanceof LocaleLoadError ? error.retry : true),
    );
  },
};
