/**
 * CRC-32 (the zip's, polynomial 0xEDB88320), eight bytes a step (slicing-by-8): every stored byte of the zip passes
 * through it, and a table lookup per byte was the slowest part of storing an entry.
 */
const TABLES = (() => {
  const tables = new Int32Array(8 * 256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    tables[byte] = crc;
  }
  for (let byte = 0; byte < 256; byte++) {
    for (let table = 1; table < 8; table++) tables[table * 256 + byte] = tables[(tables[(table - 1) * 256 + byte]! & 0xff)]! ^ (tables[(table - 1) * 256 + byte]! >>> 8);
  }
  return tables;
})();

/** The CRC-32 of `bytes` continued from `crc` (0 for the first bytes). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = TABLES;
  let c = ~crc;
  let at = 0;
  for (; at < bytes.length && (bytes.byteOffset + at) % 4 !== 0; at++) c = t[(c ^ bytes[at]!) & 0xff]! ^ (c >>> 8);
  const pairs = (bytes.length - at) >>> 3;
  const words = pairs > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + at, pairs * 2) : new Uint32Array(0);
  for (let word = 0; word < words.length; word += 2) {
    // Little-endian words, as every platform a browser runs on.
    const low = words[word]! ^ c;
    const high = words[word + 1]!;
    c =
      t[7 * 256 + (low & 0xff)]! ^
      t[6 * 256 + ((low >>> 8) & 0xff)]! ^
      t[5 * 256 + ((low >>> 16) & 0xff)]! ^
      t[4 * 256 + (low >>> 24)]! ^
      t[3 * 256 + (high & 0xff)]! ^
      t[2 * 256 + ((high >>> 8) & 0xff)]! ^
      t[256 + ((high >>> 16) & 0xff)]! ^
      t[high >>> 24]!;
  }
  for (at += words.length * 4; at < bytes.length; at++) c = t[(c ^ bytes[at]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
