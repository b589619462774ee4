import dcmjs from 'dcmjs';
import type { DicomDataset } from './dicom-dataset.ts';

// dcmjs warns on the console for every odd element (vendor quirks); a 500-file study would flood it.
dcmjs.log.setLevel('error');

export interface DicomFile {
  meta: DicomDataset;
  dataset: DicomDataset;
}

const PIXEL_DATA = '7FE00010';

/** Whether the bytes start like a DICOM Part 10 file (128-byte preamble, then "DICM"). */
export function isDicomPart10(bytes: Uint8Array): boolean {
  return bytes.length >= 132 && bytes[128] === 0x44 && bytes[129] === 0x49 && bytes[130] === 0x43 && bytes[131] === 0x4d;
}

/** Reads a whole Part 10 file; throws on a file that is not DICOM or is truncated. */
export function readDicom(buffer: ArrayBuffer): DicomFile {
  const file = dcmjs.data.DicomMessage.readFile(buffer);
  return { meta: file.meta, dataset: file.dict };
}

/** Reads the header up to the pixel data, tolerating a buffer cut short (the first bytes of a large file). */
export function readDicomHeader(buffer: ArrayBuffer): DicomFile {
  const file = dcmjs.data.DicomMessage.readFile(buffer, { ignoreErrors: true, untilTag: PIXEL_DATA });
  return { meta: file.meta, dataset: file.dict };
}

const dictionary = (dcmjs.data as unknown as { DicomMetaDictionary: { dictionary: Record<string, { name: string } | undefined> } }).DicomMetaDictionary.dictionary;

/** The standard's keyword of a tag (8 hex digits), e.g. `PatientName`; '' for one the dictionary lacks. */
export const keywordOf = (tag: string): string => dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`]?.name ?? '';

export function writeDicom({ meta, dataset }: DicomFile): ArrayBuffer {
  const file = new dcmjs.data.DicomDict(meta);
  file.dict = dataset;
  return file.write({ allowInvalidVRLength: true });
}

/**
 * Whether the file ends before its pixel data does (a copy cut short): dcmjs reads such a file without
 * complaint. Looks for the last Pixel Data element (the data set's last, but for trailing padding) and
 * compares its declared length, or its encapsulated fragments' closing delimiter, with the bytes there.
 */
export function isCutShort(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 8; at >= 132; at--) {
    if (bytes[at] !== 0xe0 || bytes[at + 1] !== 0x7f || bytes[at + 2] !== 0x10 || bytes[at + 3] !== 0x00) continue;
    const explicit = bytes[at + 4] === 0x4f && (bytes[at + 5] === 0x57 || bytes[at + 5] === 0x42); // "OW" or "OB"
    const length = view.getUint32(at + (explicit ? 8 : 4), true);
    if (length === 0xffffffff) return view.getUint32(bytes.length - 8, true) !== 0xe0ddfffe;
    return at + (explicit ? 12 : 8) + length > bytes.length;
  }
  return false;
}
