/** docs/product.md §8: a route's script chunk that has not loaded after this long is reported as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

const RELOADED_AT = 'dosehub-chunk-reload-at';
const RELOAD_WINDOW_MS = 30_000;

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS|ChunkLoad/i;

/** A failure to load one of the build's script or style chunks (typically: the tab outlived a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** Reloads the page once for a chunk error; false when it already did so moments ago (then the error screen shows). */
export function reloadOnceForChunkError(storage: Storage = sessionStorage, reload = () => window.location.reload()): boolean {
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOADED_AT, String(Date.now()));
  reload();
  return true;
}

/** After a deploy an old tab may ask for chunks that no longer exist: reload into the new version once. */
export function startChunkRecovery() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}

export class ChunkTimeoutError extends Error {
  constructor() {
    super(`ChunkLoadError: loading the page's script timed out after ${CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadError';
  }
}
