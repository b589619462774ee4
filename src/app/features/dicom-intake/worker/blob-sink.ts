/** Bytes held in the worker before they become a Blob part (Blob bytes live in the browser's blob store, which pages to disk). */
const PART_BYTES = 4 * 1024 * 1024;

/**
 * Where the de-identified zip is written: a WritableStream whose chunks become Blob parts a few MB at a
 * time, so the worker never holds the whole zip (a study of several GB stays a few MB here); `blob()`
 * is the whole zip, one Blob, once the stream is closed.
 */
export function blobSink(type: string, partBytes = PART_BYTES) {
  const parts: Blob[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length > 0) parts.push(new Blob(pending));
    pending = [];
    pendingBytes = 0;
  };
  let closed: (blob: Blob) => void = () => {};
  const whole = new Promise<Blob>((resolve) => (closed = resolve));
  const writable = new WritableStream<Uint8Array<ArrayBuffer>>({
    write(chunk) {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= partBytes) flush();
    },
    close() {
      flush();
      closed(new Blob(parts, { type }));
    },
  });
  return { writable, blob: () => whole, parts: () => parts.length };
}
