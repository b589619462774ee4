import indexHtml from '/index.html?raw';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import { STARTUP_NAMESPACES } from './i18n.ts';

describe('index.html', () => {
  it("preloads the default language's start-up namespaces, as i18next fetches them", () => {
    const preloads = [...indexHtml.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin vite-ignore \/>/g)].map((match) => match[1]);
    expect(preloads).toEqual(STARTUP_NAMESPACES.map((ns) => `/locales/${DEFAULT_LANGUAGE}/${ns}.json`));
  });
});
