/**
 * Test helper (used only by *.test.ts(x)): fake-indexeddb stores values through the global
 * `structuredClone`, and Node's cannot clone happy-dom's Blob/File (it returns a plain object, which
 * an upload cannot read and FormData refuses). A browser's IndexedDB keeps Blobs; this clone makes the
 * fake do the same by keeping Blob instances (immutable) as they are and cloning everything around them.
 *
 *     beforeEach(() => vi.stubGlobal('structuredClone', blobKeepingClone));
 */
const nativeClone = globalThis.structuredClone;

export function blobKeepingClone<T>(value: T): T {
  const clone = (inner: unknown): unknown => {
    if (typeof Blob !== 'undefined' && inner instanceof Blob) return inner;
    if (Array.isArray(inner)) return inner.map(clone);
    if (inner !== null && typeof inner === 'object' && Object.getPrototypeOf(inner) === Object.prototype) {
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, clone(item)]));
    }
    return nativeClone(inner);
  };
  return clone(value) as T;
}
