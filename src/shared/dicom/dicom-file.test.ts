import { describe, expect, it } from 'vitest';
import { isCutShort, isDicomPart10, readDicom, writeDicom } from './dicom-file.ts';
import { makeStudyFile } from './testing/make-dicom.ts';

const implicitVr = (buffer: ArrayBuffer) => {
  const file = readDicom(buffer);
  file.meta['00020010'] = { vr: 'UI', Value: ['1.2.840.10008.1.2'] };
  return writeDicom(file);
};

describe('reading DICOM files', () => {
  it('recognises Part 10 files by their preamble', () => {
    expect(isDicomPart10(new Uint8Array(makeStudyFile()))).toBe(true);
    expect(isDicomPart10(new TextEncoder().encode('PK\u0003\u0004 not dicom'))).toBe(false);
  });

  it.each([
    ['explicit VR', (buffer: ArrayBuffer) => buffer],
    ['implicit VR', implicitVr],
  ])('tells a file cut short in its pixel data from a whole one (%s)', (_syntax, encode) => {
    const whole = encode(makeStudyFile({ pixelBytes: 4096 }));
    expect(isCutShort(new Uint8Array(whole))).toBe(false);
    expect(isCutShort(new Uint8Array(whole.slice(0, whole.byteLength - 1)))).toBe(true);
    expect(isCutShort(new Uint8Array(whole.slice(0, whole.byteLength - 2000)))).toBe(true);
  });

  it.each([
    ['RLE lossless', '1.2.840.10008.1.2.5'],
    ['JPEG 2000 lossless', '1.2.840.10008.1.2.4.90'],
    ['JPEG-LS lossless', '1.2.840.10008.1.2.4.80'],
  ])('reads a whole %s file with Data Set Trailing Padding after its pixel data as whole, and a cut one as cut', (_syntax, encapsulated) => {
    const whole = new Uint8Array(makeStudyFile({ pixelBytes: 4096, encapsulated, trailingPadding: 202 }));
    expect(isCutShort(whole)).toBe(false);
    expect(isCutShort(whole.subarray(0, whole.length - 202 - 12 - 8))).toBe(true);
    expect(isCutShort(whole.subarray(0, whole.length - 2000))).toBe(true);
  });

  it('reads native pixel data followed by trailing padding as whole', () => {
    expect(isCutShort(new Uint8Array(makeStudyFile({ pixelBytes: 4096, trailingPadding: 202 })))).toBe(false);
  });
});

