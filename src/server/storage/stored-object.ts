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
