import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_TEXTS } from '#shared/page-texts.ts';
import { layoutFiles, routeSegments, type RoutePreload } from '#shared/route-preloads.ts';
import { isPageModule, splitRouteModule } from './route-modules.ts';

/** Writes route-preloads.json: each page's chunks and stylesheets beyond the entry's, its layouts' included (src/shared/route-preloads.ts). */
export function routePreloadsPlugin(): Plugin {
  let routesDir = '';
  return {
    name: 'dosehub-route-preloads',
    apply: 'build',
    configResolved(config) {
      routesDir = path.resolve(config.root, 'src/app/routes');
    },
    generateBundle(_options, bundle) {
      const chunksByRoute = pageChunks(bundle);
      const routes: RoutePreload[] = routeFiles(routesDir)
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

/** Route file → the chunks its page loads that the entry has not loaded already. */
function pageChunks(bundle: Rolldown.OutputBundle): Map<string, Set<string>> {
  const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'index');
  const initial = entry ? withImports(entry.fileName) : new Set<string>();
  // A chunk's CSS modules come as stylesheets of their own (vite's `importedCss`).
  const withStyles = (fileNames: Set<string>) => [...fileNames].flatMap((file) => [file, ...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
  const initialFiles = new Set(withStyles(initial));
  const chunksByRoute = new Map<string, Set<string>>();
  for (const chunk of chunks.values()) {
    for (const id of chunk.moduleIds) {
      if (!isPageModule(id)) continue;
      const routeFile = splitRouteModule(id)!.routeFile;
      const files = chunksByRoute.get(routeFile) ?? new Set<string>();
      for (const file of withStyles(withImports(chunk.fileName))) if (!initialFiles.has(file)) files.add(file);
      chunksByRoute.set(routeFile, files);
    }
  }
  return chunksByRoute;
}

/** `_authenticated/dashboard/security`, … : every route file, tests aside, without `.tsx`. */
function routeFiles(routesDir: string): string[] {
  return fs
    .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => file.split(path.sep).join('/').replace(/\.tsx$/, ''));
}
