/**
 * Build time only (src/build/prerender.ts, after the client build): renders a public page's React tree to HTML for a
 * visitor, in one language, so the server can send it inside the shell (src/shared/prerendered-pages.ts).
 * Runs in Node: nothing here may touch the DOM, and the routes' loaders find their texts already loaded.
 */
import '#app/ui/mantine-styles.ts';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts';
import { descriptionKey } from '#app/features/pages/content/page-meta.ts';
import { i18n } from '#app/lib/i18n.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { routeTree } from '#app/routeTree.gen.ts';
import { cssVariablesResolver, theme } from '#app/ui/theme.ts';

/** Every language's texts, given rather than fetched. */
export async function loadTexts(resources: Resource) {
  await i18n.use(initReactI18next).init({
    resources,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export async function renderPage(pathname: string, language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient, auth: null },
    history: createMemoryHistory({ initialEntries: [pathname] }),
    scrollRestoration: false,
  });
  await router.load();
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Only here, not in the app: the server puts it in the shell's head in place of index.html's (pt-BR) one. */}
      <meta name="description" content={i18n.t(descriptionKey(pathname))} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} context={{ auth: null }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  queryClient.clear();
  return html;
}
