import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/sw/manifest.ts';
import { pageImportsGroup, schemasGroup } from './src/build/chunk-groups.ts';
import { localesPlugin } from './src/build/locales-plugin.ts';
import { buildClientThenPrerender } from './src/build/prerender.ts';
import { routePreloadsPlugin } from './src/build/route-preloads-plugin.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:8081';
const BUILD_ID = Date.now().toString(36);

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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: {
        // Everything the app needs offline: shell, route chunks, styles, images and the three languages.
        globPatterns: ['**/*.{js,css,html,svg,png,avif,webp,webmanifest}', 'locales/**/*.json', 'route-preloads.json'],
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
    // No JavaScript preload lists in the scripts: they named every chunk each lazy import needs (2.3 kB gzip of the
    // first visit's budget, tests/bench/bundle-size.ts). A first load gets its page's chunks from the server's
    // <link rel="modulepreload"> (route-preloads.json), later ones from the service worker's precache; index.html
    // keeps its own preloads, and stylesheets are still loaded with their chunk.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))) },
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything / needs in the entry chunk: one request instead of a dozen small shared chunks.
            { name: 'start', tags: ['$initial'] },
            // Mantine's small shared helpers (createSafeContext…) too: otherwise the first page chunk that needs
            // one (the login form's) holds it, and / fetches that whole chunk for a Card.
            { name: 'start', test: /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/]/ },
            // zod and the shared API schemas, which nearly every other screen needs, in one chunk.
            schemasGroup('schemas'),
            // The login form with what it needs (Mantine inputs, Trans, mutations) in one request; the other
            // auth forms add their own chunk (password rules, common passwords) to it.
            pageImportsGroup('login-form', 'login'),
          ],
        },
      },
    },
  },
  // `vite build` (and `npm start`'s build): the client, then the public pages pre-rendered from it.
  builder: { buildApp: buildClientThenPrerender },
});
