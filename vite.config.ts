import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/sw/manifest.ts';
import { PAGE_TEXTS } from './src/shared/page-texts.ts';
import { PRERENDERED_FILE, PRERENDERED_PATHS, type PrerenderedPages } from './src/shared/prerendered-pages.ts';
import { SUPPORTED_LANGUAGES } from './src/shared/languages.ts';
import { layoutFiles, routeSegments, type RoutePreload } from './src/shared/route-preloads.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, 'locales');
const ROUTES_DIR = path.resolve(import.meta.dirname, 'src/app/routes');
const API_TARGET = process.env.API_URL ?? 'http://localhost:8081';

/** Serves /locales/{lng}/{ns}.json from ./locales in dev and copies them into the build. */
function localesPlugin(): Plugin {
  return {
    name: 'dosehub-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const file = path.join(LOCALES_DIR, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(LOCALES_DIR) || !file.endsWith('.json') || !fs.existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      for (const lng of fs.readdirSync(LOCALES_DIR)) {
        for (const file of fs.readdirSync(path.join(LOCALES_DIR, lng))) {
          if (file === 'server.json' || file === 'mail.json') continue;
          this.emitFile({
            type: 'asset',
            fileName: `locales/${lng}/${file}`,
            source: fs.readFileSync(path.join(LOCALES_DIR, lng, file)),
          });
        }
      }
    },
  };
}

/** Writes route-preloads.json: each page's chunks beyond the entry's, its layouts' included (src/shared/route-preloads.ts). */
function routePreloadsPlugin(): Plugin {
  return {
    name: 'dosehub-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])));
      const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, seen);
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'index');
      const initial = entry ? withImports(entry.fileName) : new Set<string>();
      const chunksByRoute = new Map<string, Set<string>>();
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          // The page's component and loader; its error and not-found components load only when needed.
          const [, routeFile, parts] = /src\/app\/routes\/(.+)\.tsx\?tsr-split=([\w-]+)/.exec(id) ?? [];
          if (!routeFile || !parts?.split('---').some((part) => part === 'component' || part === 'loader')) continue;
          const files = chunksByRoute.get(routeFile) ?? new Set<string>();
          for (const file of withImports(chunk.fileName)) if (!initial.has(file)) files.add(file);
          chunksByRoute.set(routeFile, files);
        }
      }
      const routeFiles = fs
        .readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
        .map((file) => file.split(path.sep).join('/').replace(/\.tsx$/, ''));
      const routes: RoutePreload[] = routeFiles
        .filter((file) => !path.basename(file).startsWith('_'))
        .map((file) => {
          const files = [...layoutFiles(file), file].flatMap((owner) => [...(chunksByRoute.get(owner) ?? [])]);
          return { segments: routeSegments(file), files: [...new Set(files)].sort(), texts: PAGE_TEXTS[file] ?? [] };
        })
        .filter((route) => route.files.length > 0 || route.texts.length > 0);
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routes) });
    },
  };
}

/** Set while the pre-render's own Vite server loads this file, so it does not pre-render again. */
const PRERENDERING = 'DOSEHUB_PRERENDERING';

function readAllTexts() {
  return Object.fromEntries(
    SUPPORTED_LANGUAGES.map((lng) => [
      lng,
      Object.fromEntries(
        fs.readdirSync(path.join(LOCALES_DIR, lng)).map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, file), 'utf8'))]),
      ),
    ]),
  );
}

/**
 * After the client build, renders the public pages of PRERENDERED_PATHS in every language with the app's
 * own components (src/app/prerender/render-page.tsx, loaded through Vite for Node) into prerendered.json.
 */
function prerenderPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'dosehub-prerender',
    apply: (_config, { command }) => command === 'build' && !process.env[PRERENDERING],
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      process.env[PRERENDERING] = '1';
      const { createServer } = await import('vite');
      const server = await createServer({
        configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        logLevel: 'warn',
      });
      try {
        const { loadTexts, renderPage } = await server.ssrLoadModule('/src/app/prerender/render-page.tsx');
        await loadTexts(readAllTexts());
        const pages: PrerenderedPages = {};
        for (const lng of SUPPORTED_LANGUAGES) {
          const rendered: Record<string, string> = {};
          for (const pagePath of PRERENDERED_PATHS) rendered[pagePath] = await renderPage(pagePath, lng);
          pages[lng] = rendered;
        }
        fs.writeFileSync(path.join(outDir, PRERENDERED_FILE), JSON.stringify(pages));
      } finally {
        await server.close();
        delete process.env[PRERENDERING];
      }
    },
  };
}

const SERVER_SUITES = [
  'src/server/**/*.test.ts',
  ...['api', 'server', 'events', 'push'].map((dir) => `tests/integration/${dir}/**/*.test.ts`),
];

const BUILD_ID = Date.now().toString(36);

/** The server suites run on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const serverProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: database === 'pglite' ? 'server' : 'server-postgres',
    environment: 'node',
    include:
      database === 'pglite'
        ? [...SERVER_SUITES, 'src/shared/**/*.test.ts', 'tests/integration/i18n/**/*.test.ts', 'tests/bench/**/*.test.ts']
        : SERVER_SUITES,
    exclude: [database === 'pglite' ? '**/*.postgres.test.ts' : '**/*.pglite.test.ts'],
    setupFiles: ['tests/setup/server.setup.ts'],
    env: database === 'postgres' ? { TEST_DB: 'postgres' } : {},
  },
});

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Loaders too (they import the feature's queries and zod schemas), in the chunk of their component.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    localesPlugin(),
    routePreloadsPlugin(),
    prerenderPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: {
        // Everything the app needs offline: shell, route chunks, styles, images and the three languages.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/**/*.json', 'route-preloads.json'],
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    // `npm start` builds into the server's DIST_DIR (src/server/start.ts).
    outDir: process.env.DIST_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything / needs in the entry chunk: one request instead of a dozen small shared chunks.
            { name: 'start', tags: ['$initial'] },
            // zod and the shared API schemas, which nearly every other screen needs, in one chunk.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/](schemas|brazil)[\\/]/ },
            // The login form with what it needs (Mantine inputs, Trans, mutations) in one request; the other
            // auth forms add their own chunk (password rules, common passwords) to it.
            {
              name: 'login-form',
              test: /src[\\/]app[\\/](features[\\/]auth[\\/](components[\\/](login-form|auth-card|form-alert)|login-checks|redirect)\.|lib[\\/](form-errors|use-form-state|session-api)\.|ui[\\/]password-input\.)/,
            },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    restoreMocks: true,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/app/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.setup.ts'],
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
