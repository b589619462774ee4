import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/sw/manifest.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, 'locales');
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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: {
        // Everything the app needs offline: shell, route chunks, styles, images and the three languages.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/**/*.json'],
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
