/**
 * The modules TanStack Router's code splitting makes of a route file: `routes/login.tsx?tsr-split=component`
 * holds the page's component (and, with the grouping in vite.config.ts, its loader: `component---loader`).
 */
const SPLIT_ROUTE_MODULE = /src\/app\/routes\/(.+)\.tsx\?tsr-split=([\w-]+)/;

export interface SplitRouteModule {
  /** The route file under src/app/routes without `.tsx`, e.g. `_authenticated/dashboard/security`. */
  routeFile: string;
  /** What the module holds: `component`, `loader`, `errorComponent`, `notFoundComponent`. */
  parts: string[];
}

export function splitRouteModule(moduleId: string): SplitRouteModule | undefined {
  const [, routeFile, parts] = SPLIT_ROUTE_MODULE.exec(moduleId) ?? [];
  return routeFile && parts ? { routeFile, parts: parts.split('---') } : undefined;
}

/** The page itself (its component and loader); its error and not-found components load only when needed. */
export function isPageModule(moduleId: string, routeFile?: string): boolean {
  const split = splitRouteModule(moduleId);
  if (!split || (routeFile !== undefined && split.routeFile !== routeFile)) return false;
  return split.parts.some((part) => part === 'component' || part === 'loader');
}
