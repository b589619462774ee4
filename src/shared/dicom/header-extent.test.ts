import { describe, expect, it } from 'vitest';
import { readDicom, readDicomHeader, writeDicom } from './dicom-file.ts';
import { headerExtent } from './header-extent.ts';
import dcmjs from 'dcmjs';
import { makeStudyFile } from './testing/make-dicom.ts';

const withTransferSyntax = (uid: string) => (buffer: ArrayBuffer) => {
  const file = readDicom(buffer);
  file.meta['00020010'] = { vr: 'UI', Value: [uid] };
  return writeDicom(file);
};

const PIXEL_DATA_TAG = [0xe0, 0x7f, 0x10, 0x00];

describe('where a DICOM header ends (the server reads no further)', () => {
  it.each([
    ['explicit VR little endian', (buffer: ArrayBuffer) => buffer],
    ['implicit VR little endian', withTransferSyntax('1.2.840.10008.1.2')],
  ])('%s: at the top-level Pixel Data, past a sequence and a 300 kB comment; unknown until the bytes reach it', (_syntax, encode) => {
    const longComment = 'x'.repeat(300_000);
    const bytes = new Uint8Array(encode(makeStudyFile({ pixelBytes: 64 * 1024, extra: { '00204000': { vr: 'LT', Value: [longComment] } } })));
    const extent = headerExtent(bytes);
    expect(typeof extent).toBe('number');
    const at = extent as number;
    expect([...bytes.subarray(at, at + 4)]).toEqual(PIXEL_DATA_TAG);
    expect(at).toBeGreaterThan(300_000);
    expect(bytes.length - at).toBeLessThan(64 * 1024 + 20);
    for (const cut of [0, 131, 200, 1000, at - 1]) expect(headerExtent(bytes.subarray(0, cut))).toBe('more');
    const header = readDicomHeader(bytes.slice(0, at).buffer).dataset;
    expect(header['00100010']?.Value).toEqual([{ Alphabetic: 'Silva^Maria' }]);
    expect(header['00540016']?.Value).toHaveLength(1);
  });

  it('a deflated data set cannot be walked: the caller reads up to its limit', () => {
    // Only the meta's transfer syntax is looked at (writeDicom would write it as explicit VR: dcmjs does not deflate).
    const { meta, dataset } = readDicom(makeStudyFile());
    const deflated = new dcmjs.data.DicomDict({ ...meta, '00020010': { vr: 'UI', Value: ['1.2.840.10008.1.2.1.99'] } });
    deflated.dict = dataset;
    expect(headerExtent(new Uint8Array(deflated.write()))).toBe('unknown');
  });
});
