import { bytesOf, type CopyPart } from '#shared/dicom/blob-copy.ts';
import { crc32 } from './crc32.ts';
import type { EntryData } from './zip-blob.ts';

/** Bits of information per byte above which data is taken for compressed already (JPEG family, RLE) or noise. */
const STORE_ABOVE_BITS = 7.5;
const SAMPLE_BYTES = 16 * 1024;
/** Read this much of a file part at a time: a large multi-frame file is never held whole for its CRC. */
const SLICE_BYTES = 8 * 1024 * 1024;

/** Raw deflate of the chunks, in order (in an entry worker, or here). */
export type Deflate = (chunks: Uint8Array[]) => Promise<Uint8Array[]>;

/**
 * A copy's zip entry: its CRC-32, and its data stored as the parts it is (a slice of the chosen file stays that
 * slice) when its end, the pixel data, looks compressed already or random (deflate would spend most of the time
 * and save nothing), else deflated. Parts not read yet are read a slice at a time, once.
 */
export async function entryData(parts: CopyPart[], deflate: Deflate): Promise<EntryData> {
  const stored = bitsPerByte(await tailOf(parts.at(-1)!)) > STORE_ABOVE_BITS;
  const read: Uint8Array[] = [];
  let crc = 0;
  let size = 0;
  const take = (bytes: Uint8Array) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!stored) read.push(bytes);
  };
  for (const part of parts) {
    if ('bytes' in part) take(part.bytes);
    else for (let at = 0; at < part.blob.size; at += SLICE_BYTES) take(await bytesOf(part.blob, at, Math.min(at + SLICE_BYTES, part.blob.size)));
  }
  if (stored) return { method: 0, crc32: crc, size, data: parts.map((part) => ('bytes' in part ? (part.blob ?? part.bytes) : part.blob)) as BlobPart[], dataSize: size };
  const compressed = await deflate(read);
  return { method: 8, crc32: crc, size, data: compressed as BlobPart[], dataSize: compressed.reduce((sum, chunk) => sum + chunk.length, 0) };
}

const tailOf = async (part: CopyPart) =>
  'bytes' in part ? part.bytes.subarray(Math.max(0, part.bytes.length - SAMPLE_BYTES)) : bytesOf(part.blob, Math.max(0, part.blob.size - SAMPLE_BYTES), part.blob.size);

/** The platform's raw deflate (its default level). */
export async function deflateRaw(chunks: Uint8Array[]): Promise<Uint8Array[]> {
  const stream = new CompressionStream('deflate-raw');
  const writing = (async () => {
    const writer = stream.writable.getWriter();
    for (const chunk of chunks) await writer.write(chunk as Uint8Array<ArrayBuffer>);
    await writer.close();
  })();
  const output: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) output.push(read.value);
  await writing;
  return output;
}

/** Shannon entropy of the bytes' distribution. */
function bitsPerByte(sample: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const byte of sample) counts[byte]! += 1;
  let bits = 0;
  for (const count of counts) if (count > 0) bits -= (count / sample.length) * Math.log2(count / sample.length);
  return bits;
}
