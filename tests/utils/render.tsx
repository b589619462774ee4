import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';
import { i18n, initI18n } from '#app/lib/i18n.ts';
import type { AuthState } from '#app/lib/session.ts';
import { Providers } from '#app/providers.tsx';
import { routeTree } from '#app/routeTree.gen.ts';
import { LoadingIndicator } from '#app/ui/loading-indicator.tsx';
import { loadMessageHost } from '#app/ui/message-host.tsx';

type Resource = Record<string, unknown>;

/** The real locale files, read at import time: `{ 'pt-BR': { common: {...}, pages: {...} }, ... }`. */
const LOCALE_FILES = import.meta.glob<Resource>('/locales/*/*.json', { eager: true, import: 'default' });

export const localeResources: Record<string, Record<string, Resource>> = {};
for (const [file, data] of Object.entries(LOCALE_FILES)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  // server.json is the API's namespace; the build does not ship it to the browser, so neither do we.
  if (!lng || !ns || ns === 'server') continue;
  (localeResources[lng] ??= {})[ns] = data;
}

let started: Promise<unknown> | undefined;

/**
 * Starts the app's own i18next instance (the global one react-i18next uses) exactly as the app does,
 * through `initI18n()` (its languages, fallback, namespaces and `<html lang>` sync), but with every
 * bundle of ./locales put in its store synchronously before the deferred first load runs, so the
 * HTTP backend finds everything loaded and never fetches.
 */
export async function setupI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!started) {
    started = initI18n();
    for (const lng of SUPPORTED_LANGUAGES) {
      for (const [ns, data] of Object.entries(localeResources[lng] ?? {})) {
        i18n.addResourceBundle(lng, ns, data, true, true);
      }
    }
  }
  await started;
  await i18n.changeLanguage(language);
  return i18n;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface ProviderOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  language?: Language;
  queryClient?: QueryClient;
}

function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* The app's Providers: MantineProvider with the app theme, the message banners, QueryClientProvider. */}
      <Providers queryClient={queryClient}>{children}</Providers>
    </I18nextProvider>
  );
}

/** Renders `ui` inside the app's providers with the real translations in `language` (default pt-BR). */
export async function renderWithProviders(
  ui: ReactElement,
  { language = DEFAULT_LANGUAGE, queryClient = createTestQueryClient(), ...options }: ProviderOptions = {},
): Promise<RenderResult & { queryClient: QueryClient }> {
  await setupI18n(language);
  // The app loads the message banners' container just after its first render; here it is there at once.
  await loadMessageHost();
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
  return { ...result, queryClient };
}

export interface RouteOptions extends ProviderOptions {
  /** The router context's auth (docs/product.md §4); a visitor by default. */
  auth?: AuthState | null;
}

/** Renders the real route tree at `path` with an in-memory history, as a visitor unless `auth` is given. */
export async function renderRoute(
  path: string,
  { auth = null, language = DEFAULT_LANGUAGE, queryClient = createTestQueryClient(), ...options }: RouteOptions = {},
) {
  await setupI18n(language);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, auth },
    defaultPendingComponent: LoadingIndicator,
    scrollRestoration: false,
  });
  // Resolve the matched routes (and their code-split components) before the first render.
  await router.load();
  const result = await renderWithProviders(<RouterProvider router={router} />, { language, queryClient, ...options });
  return { ...result, router };
}
