import { PassThrough, Readable, Transform } from 'node:stream';
import { ZipWriter } from './zip-js.ts';

/** One entry of the archive: text (data.json, the summary) or a stored file's bytes, opened when its turn comes. */
export type ZipEntry = { name: string; text: string } | { name: string; open: () => Readable };

/**
 * The archive as a stream, written while its entries are read, one at a time: files are stored (level 0: images
 * and PDFs are compressed already), texts deflated. Nothing is held but zip.js's chunks, so memory stays flat
 * whatever the account's size; `onBytes` counts each file's bytes as they are read (the export's progress).
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, onBytes: (bytes: number) => void): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const writer = new ZipWriter(Writable.toWebOf(out), { zip64: true, bufferedWrite: false, keepOrder: true });
  void (async () => {
    for await (const entry of entries) {
      if ('text' in entry) await writer.add(entry.name, new Blob([entry.text]).stream(), { level: 6 });
      else await writer.add(entry.name, Readable.toWeb(counted(entry.open(), onBytes)) as ReadableStream<Uint8Array>, { level: 0 });
    }
    await writer.close();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

const counted = (source: Readable, onBytes: (bytes: number) => void) =>
  source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        onBytes(chunk.length);
        done(null, chunk);
      },
    }),
  );

/** A Node stream as the WritableStream zip.js writes to, closing it when the archive is complete. */
const Writable = {
  toWebOf(out: PassThrough): WritableStream<Uint8Array> {
    return new WritableStream<Uint8Array>({
      write: (chunk) =>
        new Promise<void>((resolve, reject) => {
          if (out.destroyed) return reject(new Error('export stream closed'));
          if (out.write(chunk)) resolve();
          else out.once('drain', resolve);
        }),
      close: () => void out.end(),
      abort: (reason) => void out.destroy(reason instanceof Error ? reason : new Error(String(reason))),
    });
  },
};
