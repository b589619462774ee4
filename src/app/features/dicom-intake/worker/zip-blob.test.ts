import { BlobReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js/index-native.js';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';
import { deflateRaw, entryData } from './entry-data.ts';
import { zipBlob } from './zip-blob.ts';

const noise = (length: number) => Uint8Array.from({ length }, () => Math.floor(Math.random() * 256));
/** The CRC-32 a bit at a time, as the zip format defines it. */
function crcBitByBit(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return ~crc >>> 0;
}
const ramp = (length: number) => Uint8Array.from({ length }, (_, index) => index % 64);

describe('the intake zip', () => {
  it('computes the zip format\'s CRC-32 at any offset and length, and continued over pieces', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const bytes = noise(10_000);
    for (const [start, end] of [[0, 0], [0, 1], [1, 9], [3, 4099], [0, 10_000], [5, 10_000]] as const) {
      const piece = bytes.subarray(start, end);
      expect(crc32(piece)).toBe(crcBitByBit(piece));
      expect(crc32(piece.subarray(7), crc32(piece.subarray(0, 7)))).toBe(crcBitByBit(piece));
    }
  });

  it.for([false, true])('stores noise as the same Blob, deflates what shrinks, and zip.js reads every entry back with its CRC checked (ZIP64: %s)', async (zip64) => {
    const file = new Blob([noise(30_000)]);
    const header = ramp(500);
    const stored = await entryData([{ bytes: header }, { blob: file.slice(100) }], deflateRaw);
    expect(stored).toMatchObject({ method: 0, size: 500 + 29_900 });
    const shrinking = await entryData([{ bytes: ramp(40_000) }], deflateRaw);
    expect(shrinking.method).toBe(8);
    expect(shrinking.dataSize).toBeLessThan(4000);

    const writer = zipBlob({ zip64 });
    writer.add('series-01/00001.dcm', stored);
    writer.add('series-01/00002.dcm', shrinking);
    const zip = writer.close();
    const entries = await new ZipReader(new BlobReader(zip), { checkSignature: true }).getEntries();
    expect(entries.map((entry) => [entry.filename, entry.zip64])).toEqual([
      ['series-01/00001.dcm', zip64],
      ['series-01/00002.dcm', zip64],
    ]);
    const [first, second] = await Promise.all(entries.map((entry) => (entry as { getData: (writer: Uint8ArrayWriter) => Promise<Uint8Array> }).getData(new Uint8ArrayWriter())));
    expect(Buffer.from(first!)).toEqual(Buffer.concat([header, new Uint8Array(await file.slice(100).arrayBuffer())]));
    expect(Buffer.from(second!)).toEqual(Buffer.from(ramp(40_000)));
  });
});
