import dcmjs from 'dcmjs';
import type { DicomDataset } from '../dicom-dataset.ts';
import { EXPLICIT_VR_LITTLE_ENDIAN, writeDicom } from '../dicom-file.ts';

/** Test and bench helpers: DICOM files built with dcmjs, as a scanner would write them. */
export const NM_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.20';

export interface StudyFileOptions {
  patientName?: string;
  patientId?: string;
  studyUid?: string;
  seriesUid?: string;
  sopInstanceUid?: string;
  modality?: string;
  /** SOP Class UID, in the data set and the meta (NM Image Storage by default). */
  sopClass?: string;
  /** Bytes of pixel data (OW, 16-bit), 128 by default. */
  pixelBytes?: number;
  /** Pixels as noise that deflate cannot shrink (a zip as big as the study), instead of a repeating ramp. */
  noise?: boolean;
  /**
   * A transfer syntax with encapsulated pixel data (RLE, JPEG 2000, JPEG-LS…): the pixels go in as one
   * fragment, not really compressed (nothing here decodes them), laid out as such files are.
   */
  encapsulated?: string;
  /** Bytes of Data Set Trailing Padding (FFFC,FFFC) after the pixel data, as some encoders write. */
  trailingPadding?: number;
  /** Elements added or replacing the defaults. */
  extra?: DicomDataset;
}

let counter = 0;
export const testUid = (prefix = '1.2.826.0.1.3680043.10.999') => `${prefix}.${Date.now()}.${++counter}`;

/** One NM image of a study, with the identifying elements a real scanner writes. */
export function makeStudyFile(options: StudyFileOptions = {}): ArrayBuffer {
  const sopInstanceUid = options.sopInstanceUid ?? testUid();
  const pixelBytes = options.pixelBytes ?? 128;
  const pixels = new Uint8Array(pixelBytes);
  let state = counter + 1;
  for (let i = 0; i < pixelBytes; i++) {
    if (!options.noise) {
      pixels[i] = i % 251;
      continue;
    }
    // xorshift32: fast, and random enough that deflate finds nothing to shrink.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 0xff;
  }
  const side = Math.max(1, Math.floor(Math.sqrt(pixelBytes / 2)));
  const dataset: DicomDataset = {
    '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
    '00080016': { vr: 'UI', Value: [options.sopClass ?? NM_IMAGE_STORAGE] },
    '00080018': { vr: 'UI', Value: [sopInstanceUid] },
    '00080020': { vr: 'DA', Value: ['20260310'] },
    '00080022': { vr: 'DA', Value: ['20260310'] },
    '00080030': { vr: 'TM', Value: ['101500'] },
    '00080032': { vr: 'TM', Value: ['103000'] },
    '00080050': { vr: 'SH', Value: ['ACC-4471'] },
    '00080060': { vr: 'CS', Value: [options.modality ?? 'NM'] },
    '00080080': { vr: 'LO', Value: ['Hospital Santa Clara'] },
    '00080090': { vr: 'PN', Value: [{ Alphabetic: 'Dr^Referring' }] },
    '00081030': { vr: 'LO', Value: ['SPECT Lu-177 Maria'] },
    '00100010': { vr: 'PN', Value: [{ Alphabetic: options.patientName ?? 'Silva^Maria' }] },
    '00100020': { vr: 'LO', Value: [options.patientId ?? 'MRN-123456'] },
    '00100030': { vr: 'DA', Value: ['19580214'] },
    '00100040': { vr: 'CS', Value: ['F'] },
    '00101030': { vr: 'DS', Value: ['71.5'] },
    '0020000D': { vr: 'UI', Value: [options.studyUid ?? '1.2.826.0.1.3680043.10.999.1'] },
    '0020000E': { vr: 'UI', Value: [options.seriesUid ?? '1.2.826.0.1.3680043.10.999.2'] },
    '00280002': { vr: 'US', Value: [1] },
    '00280004': { vr: 'CS', Value: ['MONOCHROME2'] },
    '00280010': { vr: 'US', Value: [side] },
    '00280011': { vr: 'US', Value: [Math.floor(pixelBytes / 2 / side)] },
    '00280100': { vr: 'US', Value: [16] },
    '00280101': { vr: 'US', Value: [16] },
    '00280102': { vr: 'US', Value: [15] },
    '00280103': { vr: 'US', Value: [0] },
    '00540016': {
      vr: 'SQ',
      Value: [
        {
          '00180031': { vr: 'LO', Value: ['Lu-177 PSMA'] },
          '00181072': { vr: 'TM', Value: ['080000'] },
          // NM: MBq (PS3.3 C.8.4.10.1.7).
          '00181074': { vr: 'DS', Value: ['7400'] },
          '00181078': { vr: 'DT', Value: ['20260310080000'] },
        },
      ],
    },
    '7FE00010': { vr: options.encapsulated ? 'OB' : 'OW', Value: [pixels.buffer] },
    ...(options.trailingPadding ? { FFFCFFFC: { vr: 'OB', Value: [new Uint8Array(options.trailingPadding).buffer] } } : {}),
    ...options.extra,
  };
  const meta: DicomDataset = {
    '00020001': { vr: 'OB', Value: [new Uint8Array([0, 1]).buffer] },
    '00020002': { vr: 'UI', Value: [options.sopClass ?? NM_IMAGE_STORAGE] },
    '00020003': { vr: 'UI', Value: [sopInstanceUid] },
    '00020010': { vr: 'UI', Value: [options.encapsulated ?? EXPLICIT_VR_LITTLE_ENDIAN] },
    '00020012': { vr: 'UI', Value: ['1.2.826.0.1.3680043.10.999.0'] },
  };
  return writeDicom({ meta, dataset });
}

/**
 * A file in the given Specific Character Set with text elements given as bytes in it (dcmjs writes only
 * UTF-8): written with placeholders of the same lengths, whose bytes are then replaced.
 */
export function makeFileInCharacterSet(characterSet: string[], texts: Record<string, { vr: string; bytes: number[] }>, options: StudyFileOptions = {}): ArrayBuffer {
  const placeholders = Object.entries(texts).map(([tag, { vr, bytes }], index) => ({ tag, vr, bytes, text: String.fromCharCode(0x7e - index).repeat(bytes.length) }));
  const extra: DicomDataset = { '00080005': { vr: 'CS', Value: characterSet }, ...options.extra };
  for (const { tag, vr, text } of placeholders) extra[tag] = { vr, Value: [vr === 'PN' ? { Alphabetic: text } : text] };
  const file = new Uint8Array(makeStudyFile({ ...options, extra }));
  const latin1 = new TextDecoder('latin1').decode(file);
  for (const { bytes, text } of placeholders) file.set(bytes, latin1.indexOf(text));
  return file.buffer;
}

/** The VR the standard's dictionary gives a tag (the first of "US or SS"), as dcmjs knows it. */
export function vrOf(tag: string): string {
  const dictionary = (dcmjs.data as unknown as { DicomMetaDictionary: { dictionary: Record<string, { vr: string } | undefined> } }).DicomMetaDictionary
    .dictionary;
  const entry = dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`];
  return entry ? entry.vr.split(/ or |\|/)[0]!.trim() : 'LO';
}
