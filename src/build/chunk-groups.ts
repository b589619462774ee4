import type { Rolldown } from 'vite';
import { isPageModule } from './route-modules.ts';

type ChunkGroup = Rolldown.CodeSplittingGroup;

const isZod = (moduleId: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(moduleId);
const isShared = (moduleId: string) => /[\\/]src[\\/]shared[\\/]/.test(moduleId);

/**
 * zod and the shared modules built on it (the API schemas), with what they import (the Brazilian
 * document checks, the catalog), in one chunk named `name`.
 */
export function schemasGroup(name: string): ChunkGroup {
  return {
    debugName: name,
    name: (moduleId, ctx) => (isZod(moduleId) || (isShared(moduleId) && ctx.getModuleInfo(moduleId)?.importedIds.some(isZod)) ? name : null),
  };
}

/**
 * The modules a page's component imports (`routeFile` as under src/app/routes, without `.tsx`), with
 * everything they need that an earlier group (the entry's) has not taken, in one chunk named `name`:
 * the page then loads in two requests, its own small chunk and this one.
 */
export function pageImportsGroup(name: string, routeFile: string): ChunkGroup {
  return {
    debugName: name,
    name: (moduleId, ctx) => (ctx.getModuleInfo(moduleId)?.importers.some((importer) => isPageModule(importer, routeFile)) ? name : null),
  };
}
