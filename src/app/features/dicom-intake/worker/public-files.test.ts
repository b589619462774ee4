/**
 * Issue 33: the intake on real DICOM files that nobody here made: pydicom's test files, as Debian's
 * python3-pydicom package installs them (MIT; the files' own provenance in their README.txt: NEMA WG04 and
 * vendor samples, downsized, names replaced). .ci/run installs the package; nothing of it is committed.
 * Each copy: dcmtk's dcmdump reads it, dicom3tools' dciodvfy finds no kind of error its original lacks,
 * the pixel data is the same bytes, and no patient value or original instance UID is left in its bytes.
 */
import { BlobReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js/index-native.js';
import { describe, expect, it } from 'vitest';
import { textOf, type DicomDataset } from '#shared/dicom/dicom-dataset.ts';
import { DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN, readDicom } from '#shared/dicom/dicom-file.ts';
import { pixelDataSpan } from '#shared/dicom/header-extent.ts';
import { dcmdump, dciodvfyErrors, pydicomFile } from '#tests/utils/dicom.ts';
import type { FromWorker } from './intake-protocol.ts';
import { createIntake } from './intake-steps.ts';

/** Path in pydicom's data folder, and what it is. */
const TAKEN: [string, string][] = [
  ['test_files/CT_small.dcm', 'CT, explicit VR little endian'],
  ['test_files/MR_small_implicit.dcm', 'MR, implicit VR little endian'],
  ['test_files/MR_small_bigendian.dcm', 'MR, explicit VR big endian'],
  ['test_files/image_dfl.dcm', 'deflated explicit VR little endian'],
  ['test_files/JPEG-lossy.dcm', 'JPEG extended (encapsulated)'],
  ['test_files/SC_rgb_jpeg_dcmtk.dcm', 'secondary capture, JPEG baseline'],
  ['test_files/MR_small_jpeg_ls_lossless.dcm', 'JPEG-LS lossless'],
  ['test_files/MR_small_jp2klossless.dcm', 'JPEG 2000 lossless'],
  ['test_files/693_J2KI.dcm', 'JPEG 2000'],
  ['test_files/MR_small_RLE.dcm', 'RLE lossless'],
  ['test_files/SC_rgb_rle_2frame.dcm', 'multi-frame RGB, RLE'],
  ['test_files/rtdose.dcm', 'RT Dose, 15 frames, implicit VR'],
  ['test_files/rtdose_expb.dcm', 'RT Dose, explicit VR big endian'],
  ['test_files/MR_small_padded.dcm', 'trailing padding after the pixel data'],
  ['test_files/SC_rgb_small_odd.dcm', 'odd pixel data length'],
  ['test_files/priv_SQ.dcm', 'private sequence, no pixel data'],
  ['test_files/waveform_ecg.dcm', '12-lead ECG waveform'],
  ['test_files/badVR.dcm', 'an element with an invalid VR'],
  ['charset_files/chrJapMulti.dcm', 'Japanese, ISO 2022 IR 87 and IR 13'],
  ['charset_files/chrKoreanMulti.dcm', 'Korean, ISO 2022 IR 149'],
  ['charset_files/chrGreek.dcm', 'Greek, ISO_IR 126'],
  ['charset_files/chrX1.dcm', 'UTF-8 (ISO_IR 192)'],
];

/** Files the intake refuses, each listed with its reason and left out. */
const REFUSED: [string, string][] = [
  ['test_files/MR_truncated.dcm', 'cutShort'],
  // The data set is not in the transfer syntax its meta names: dcmjs made a 1 GB value of it, which hung the worker.
  ['test_files/SC_rgb_jpeg.dcm', 'damaged'],
  // dcmjs misreads a sequence item (a 1 GB value again); dcmtk reads it.
  ['test_files/rtdose_rle.dcm', 'damaged'],
];

const PATIENT_ID = '0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const instanceUidTags = ['00080018', '0020000D', '0020000E', '00200052'];

const read = pydicomFile;

async function intakeOf(files: [string, Uint8Array][]) {
  const messages: FromWorker[] = [];
  const intake = createIntake((message) => messages.push(message));
  await intake.scan(files.map(([name, bytes]) => new File([bytes.slice()], name)));
  const summary = messages.findLast((message) => message.type === 'scanned')!.summary;
  return { intake, messages, summary };
}

/** What must not survive: the patient's name parts, ID and birth date, and the instance UIDs. */
function identifying(dataset: DicomDataset): string[] {
  const name = dataset['00100010']?.Value?.[0] as { Alphabetic?: string } | undefined;
  const parts = (name?.Alphabetic ?? '').split(/[\^=\s]+/);
  const values = [...parts, textOf(dataset, '00100020'), textOf(dataset, '00100030'), ...instanceUidTags.map((tag) => textOf(dataset, tag))];
  return values.map((value) => value.trim()).filter((value) => value.length >= 4);
}

const rawPixels = (bytes: Uint8Array) => {
  const span = pixelDataSpan(bytes);
  return span ? Buffer.from(bytes.subarray(span.start, span.end)) : null;
};
const decodedPixels = (bytes: Uint8Array) => {
  const value = readDicom(bytes.slice().buffer).dataset['7FE00010']?.Value as ArrayBuffer[] | undefined;
  return value ? Buffer.concat(value.map((part) => new Uint8Array(part))) : null;
};

describe('the intake on public DICOM files (pydicom test files from Debian)', () => {
  it('de-identifies each into a valid copy with the same pixels and nothing of the patient or the original UIDs', async () => {
    const files = TAKEN.map(([name]) => [name, read(name)] as [string, Uint8Array]);
    const { intake, messages, summary } = await intakeOf(files);
    expect(summary).toMatchObject({ dicomFiles: files.length, unreadable: [], notDicom: [] });
    await intake.deidentify(PATIENT_ID);
    const result = messages.findLast((message) => message.type === 'deidentified')!;
    expect(result).toMatchObject({ files: files.length, skipped: [] });
    const entries = await new ZipReader(new BlobReader(result.zip)).getEntries();
    const copies = await Promise.all(entries.map((entry) => (entry as { getData: (writer: Uint8ArrayWriter) => Promise<Uint8Array> }).getData(new Uint8ArrayWriter())));
    const failures: string[] = [];
    for (const [index, [name, original]] of files.entries()) {
      const copy = copies[index]!;
      const problems: string[] = [];
      const dump = dcmdump(copy);
      if (!dump.ok) problems.push(`dcmdump: ${dump.output.split('\n').filter((line) => line.startsWith('E:')).join(' ')}`);
      const deflated = textOf(readDicom(original.slice().buffer).meta, '00020010') === DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN;
      // dciodvfy reads no deflated data set: its original's errors would be only the first ones.
      if (!deflated) {
        const before = dciodvfyErrors(original);
        const fresh = [...dciodvfyErrors(copy)].filter((error) => !before.has(error));
        if (fresh.length > 0) problems.push(`dciodvfy: ${fresh.join(' | ')}`);
      }
      const same = deflated ? decodedPixels(original)?.equals(decodedPixels(copy)!) : rawPixels(original)?.equals(rawPixels(copy)!);
      if (same === false) problems.push('pixel data changed');
      const text = Buffer.from(copy).toString('latin1');
      const left = identifying(readDicom(original.slice().buffer).dataset).filter((value) => text.includes(value));
      if (left.length > 0) problems.push(`left in the copy: ${left.join(', ')}`);
      if (textOf(readDicom(copy.slice().buffer).dataset, '00100020') !== PATIENT_ID) problems.push('Patient ID is not the analysis');
      if (problems.length > 0) failures.push(`${name} (${TAKEN[index]![1]}): ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('lists the files it cannot take with the reason, and takes the rest', async () => {
    const files = [...REFUSED.map(([name]) => [name, read(name)] as [string, Uint8Array]), [TAKEN[0]![0], read(TAKEN[0]![0])] as [string, Uint8Array]];
    const { summary } = await intakeOf(files);
    expect(summary.unreadable).toEqual(REFUSED.map(([name, reason]) => ({ name, reason })));
    expect(summary.dicomFiles).toBe(1);
  });
});
