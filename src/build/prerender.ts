import fs from 'node:fs';
import path from 'node:path';
import { createServer, type ViteBuilder } from 'vite';
import { SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';
import { PRERENDERED_FILE, PRERENDERED_PATHS, type PrerenderedPages } from '#shared/prerendered-pages.ts';

/** What src/app/prerender/render-page.tsx exports. */
interface PageRenderer {
  loadTexts(resources: Record<string, Record<string, unknown>>): Promise<void>;
  renderPage(pathname: string, language: Language): Promise<string>;
}

/** `builder.buildApp` of vite.config.ts: the client build, then the pre-rendered pages beside it. */
export async function buildClientThenPrerender(builder: ViteBuilder) {
  const client = builder.environments.client!;
  await builder.build(client);
  await prerenderPages(builder.config.configFile, path.resolve(client.config.root, client.config.build.outDir));
}

/**
 * Renders the public pages of PRERENDERED_PATHS in every language with the app's own components
 * (src/app/prerender/render-page.tsx, loaded through a Vite server for Node) into outDir/prerendered.json.
 */
export async function prerenderPages(configFile: string | undefined, outDir: string) {
  const server = await createServer({
    configFile,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { loadTexts, renderPage } = (await server.ssrLoadModule('/src/app/prerender/render-page.tsx')) as PageRenderer;
    await loadTexts(readAllTexts(path.resolve(server.config.root, 'locales')));
    const pages: PrerenderedPages = {};
    for (const lng of SUPPORTED_LANGUAGES) {
      const rendered: Record<string, string> = {};
      for (const pagePath of PRERENDERED_PATHS) rendered[pagePath] = await renderPage(pagePath, lng);
      pages[lng] = rendered;
    }
    fs.writeFileSync(path.join(outDir, PRERENDERED_FILE), JSON.stringify(pages));
  } finally {
    await server.close();
  }
}

/** Every language's namespaces, as i18next resources: `{ 'pt-BR': { common: {…}, … }, … }`. */
function readAllTexts(localesDir: string) {
  return Object.fromEntries(
    SUPPORTED_LANGUAGES.map((lng) => [
      lng,
      Object.fromEntries(
        fs.readdirSync(path.join(localesDir, lng)).map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(localesDir, lng, file), 'utf8'))]),
      ),
    ]),
  );
}
