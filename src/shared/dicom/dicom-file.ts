import dcmjs from 'dcmjs';
import './dcmjs-character-sets.ts';
import { TAG, type DicomDataset } from './dicom-dataset.ts';

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
  if (!fitsIn(file.dict, buffer.byteLength)) throw new Error('A value is longer than the file: the data set is not what its meta says');
  return { meta: file.meta, dataset: file.dict };
}

/**
 * Whether every binary value is at most as long as the file (deflated data sets inflate, hence the margin).
 * dcmjs takes a data set written in another transfer syntax than its meta says for elements of any length,
 * and writing a 1 GB value it made up hangs the worker.
 */
function fitsIn(dataset: DicomDataset, fileBytes: number): boolean {
  const limit = fileBytes * INFLATED_AT_MOST;
  return Object.values(dataset).every((element) =>
    (element.Value ?? []).every((value) =>
      value instanceof ArrayBuffer ? value.byteLength <= limit : element.vr !== 'SQ' || fitsIn(value as DicomDataset, fileBytes),
    ),
  );
}
const INFLATED_AT_MOST = 1000;

/** Reads the header up to the pixel data, tolerating a buffer cut short (the first bytes of a large file). */
export function readDicomHeader(buffer: ArrayBuffer): DicomFile {
  const file = dcmjs.data.DicomMessage.readFile(buffer, { ignoreErrors: true, untilTag: PIXEL_DATA });
  return { meta: file.meta, dataset: file.dict };
}

const dictionary = (dcmjs.data as unknown as { DicomMetaDictionary: { dictionary: Record<string, { name: string } | undefined> } }).DicomMetaDictionary.dictionary;

/** The standard's keyword of a tag (8 hex digits), e.g. `PatientName`; '' for one the dictionary lacks. */
export const keywordOf = (tag: string): string => dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`]?.name ?? '';

export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
export const DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1.99';

/**
 * Writes a Part 10 file. dcmjs inflates a deflated data set when reading it but never deflates when
 * writing, so a deflated file is written as explicit VR little endian with its meta saying so.
 */
export function writeDicom({ meta, dataset }: DicomFile): ArrayBuffer {
  const deflated = meta[TAG.transferSyntax]?.Value?.[0] === DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN;
  const file = new dcmjs.data.DicomDict(deflated ? { ...meta, [TAG.transferSyntax]: { vr: 'UI', Value: [EXPLICIT_VR_LITTLE_ENDIAN] } } : meta);
  file.dict = dataset;
  return file.write({ allowInvalidVRLength: true });
}

/**
 * Whether the file ends before its pixel data does (a copy cut short): dcmjs reads such a file without
 * complaint. Looks for the last Pixel Data element (the data set's last, but for trailing padding such as
 * (FFFC,FFFC), which may follow it) and compares its declared length, or walks its encapsulated fragments
 * to their closing delimiter, with the bytes there.
 */
export function isCutShort(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 8; at >= 132; at--) {
    if (bytes[at] !== 0xe0 || bytes[at + 1] !== 0x7f || bytes[at + 2] !== 0x10 || bytes[at + 3] !== 0x00) continue;
    const explicit = bytes[at + 4] === 0x4f && (bytes[at + 5] === 0x57 || bytes[at + 5] === 0x42); // "OW" or "OB"
    const length = view.getUint32(at + (explicit ? 8 : 4), true);
    if (length === UNDEFINED_LENGTH) return !fragmentsClose(view, at + (explicit ? 12 : 8));
    return at + (explicit ? 12 : 8) + length > bytes.length;
  }
  return false;
}

const UNDEFINED_LENGTH = 0xffffffff;

/** Whether the items of encapsulated pixel data starting at `at` reach their Sequence Delimitation Item within the bytes. */
function fragmentsClose(view: DataView, at: number): boolean {
  for (let item = at; item + 8 <= view.byteLength; ) {
    const group = view.getUint16(item, true);
    const element = view.getUint16(item + 2, true);
    if (group !== 0xfffe) return false;
    if (element === 0xe0dd) return true;
    if (element !== 0xe000) return false;
    item += 8 + view.getUint32(item + 4, true);
  }
  return false;
}
