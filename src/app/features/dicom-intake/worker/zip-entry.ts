import { SplitDataReader, Uint8ArrayReader } from '@zip.js/zip.js/index-native.js';

/** A zip.js reader over a copy's parts in order (header, then the original's pixel data), without joining them. */
export const partsReader = (parts: Uint8Array[]) => new SplitDataReader(parts.map((part) => new Uint8ArrayReader(part)));

/** Bits of information per byte above which data is taken for compressed already (JPEG family, RLE) or noise. */
const STORE_ABOVE_BITS = 7.5;
const SAMPLE_BYTES = 16 * 1024;

/**
 * The zip's deflate level for a copy: 0 (stored as it is) when the end of the file, its pixel data, looks
 * compressed already or random (deflate would spend most of the time and save nothing), 1 otherwise.
 */
export function levelFor(parts: Uint8Array[]): 0 | 1 {
  const last = parts.at(-1)!;
  return bitsPerByte(last.subarray(Math.max(0, last.length - SAMPLE_BYTES))) > STORE_ABOVE_BITS ? 0 : 1;
}

/** Shannon entropy of the bytes' distribution. */
function bitsPerByte(sample: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const byte of sample) counts[byte]! += 1;
  let bits = 0;
  for (const count of counts) if (count > 0) bits -= (count / sample.length) * Math.log2(count / sample.length);
  return bits;
}
