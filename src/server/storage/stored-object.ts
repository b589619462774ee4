import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Stored bytes read at offsets without loading them: a file on this disk, or an S3 object (one ranged
 * GetObject per stream, s3-store.ts). What reads a stored zip's entries or a DICOM header needs, and the only
 * thing that differs between the stores: services/dicom-identity.ts reads both the same way.
 */
export interface StoredObject {
  size: number;
  /** Bytes [start, end) (to the last one without `end`), streamed; destroy the stream to stop reading early. */
  stream(start: number, end?: number): Readable;
}

export async function localObject(filePath: string): Promise<StoredObject> {
  const { size } = await fsp.stat(filePath);
  return {
    size,
    stream: (start, end = size) => (end > start ? fs.createReadStream(filePath, { start, end: end - 1, highWaterMark: 64 * 1024 }) : Readable.from([])),
  };
}

/** A stream at once, fed once the store's (possibly asynchronous) reader is ready. */
export function lazyStream(open: () => Promise<Readable> | Readable): Readable {
  const out = new PassThrough();
  Promise.resolve()
    .then(open)
    .then((source) => pipeline(source, out))
    .catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The bytes [start, end) of an object, gathered (for reads of known, small size: a zip's directory, a chunk). */
export async function readRange(object: StoredObject, start: number, end: number): Promise<Uint8Array> {
  if (end <= start) return new Uint8Array(0);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream(start, end)) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const PULL = 32 * 1024;
/** Past this, a header is unusually long: pulls double, up to LARGEST_PULL, to keep S3 requests few. */
const SMALL_PULLS_UP_TO = 256 * 1024;
const LARGEST_PULL = 1024 * 1024;

/**
 * Bytes [start, end) as a web stream that reads only when its consumer asks: one ranged read per pull,
 * 32 kB each for the first 256 kB, then doubling to 1 MB. A Node stream reads ahead of a consumer that may
 * stop after a header, and how far depends on the disk's speed; this reads only what the consumer's own
 * queues ask for, and nothing once `stop` is aborted.
 */
export function pulledStream(object: StoredObject, start: number, end = object.size, stop?: AbortSignal): ReadableStream<Uint8Array> {
  let position = start;
  let pull = PULL;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (stop?.aborted) return controller.error(stop.reason);
        if (position >= end) return controller.close();
        const next = Math.min(position + pull, end);
        controller.enqueue(await readRange(object, position, next));
        position = next;
        if (position - start >= SMALL_PULLS_UP_TO) pull = Math.min(pull * 2, LARGEST_PULL);
      },
    },
    { highWaterMark: 0 },
  );
}
