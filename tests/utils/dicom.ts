/** DICOM studies for the server's tests (issue 19): raw as a scanner writes them, de-identified as the browser does, zipped. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import dcmjs from 'dcmjs';
import { BlobWriter, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
import { deidentifyFile } from '#shared/dicom/deidentify.ts';
import { DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN, readDicom, writeDicom } from '#shared/dicom/dicom-file.ts';
import { makeStudyFile, testUid, type StudyFileOptions } from '#shared/dicom/testing/make-dicom.ts';
import { UidMap } from '#shared/dicom/uid-map.ts';

/** Files of one study, each still naming its patient. */
export function rawStudy(count: number, options: StudyFileOptions = {}): Uint8Array[] {
  const studyUid = testUid();
  return Array.from({ length: count }, () => new Uint8Array(makeStudyFile({ studyUid, pixelBytes: 4096, ...options })));
}

/** The files as the browser's intake de-identifies them. */
export function deidentified(files: Uint8Array[]): Uint8Array[] {
  const context = { patientId: 'f0e1d2c3-b4a5-7968-8776-655443322110', uids: new UidMap() };
  return files.map((bytes) => {
    const file = readDicom(bytes.slice().buffer);
    deidentifyFile(file.meta, file.dataset, context);
    return new Uint8Array(writeDicom(file));
  });
}

/** A zip of the files (`zip64`: ZIP64 records even for a small archive; `level` 0 stores them). */
export async function zipOf(files: Uint8Array[], options: { zip64?: boolean; level?: number } = {}): Promise<Uint8Array> {
  const writer = new ZipWriter(new BlobWriter('application/zip'), options);
  for (const [index, bytes] of files.entries()) await writer.add(`series-01/${index}.dcm`, new Uint8ArrayReader(bytes));
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

/** Whether a zip holds ZIP64 records: the ZIP64 end of central directory record's signature. */
export function hasZip64EndRecord(zip: Uint8Array): boolean {
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
}

/**
 * The file in Deflated Explicit VR Little Endian, as some archives send it: the meta as before but for its
 * transfer syntax, then the data set deflated (RFC 1951, no zlib header). dcmjs writes the meta and the
 * plain data set; the data set is deflated here.
 */
export function deflatedCopy(file: ArrayBuffer): Uint8Array {
  const { meta, dataset } = readDicom(file);
  const dict = new dcmjs.data.DicomDict({ ...meta, '00020010': { vr: 'UI', Value: [DEFLATED_EXPLICIT_VR_LITTLE_ENDIAN] } });
  dict.dict = dataset;
  const plain = new Uint8Array(dict.write());
  const metaEnd = metaEndOf(plain);
  return new Uint8Array(Buffer.concat([plain.subarray(0, metaEnd), deflateRawSync(plain.subarray(metaEnd))]));
}

/** Where the File Meta Information ends: after its group length element (0002,0000), UL, at byte 132. */
function metaEndOf(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(132, true) !== 0x0000_0002) throw new Error('The meta has no group length');
  return 144 + view.getUint32(140, true);
}

/**
 * The kinds of error dicom3tools' `dciodvfy` (Debian's dicom3tools, installed by .ci/run) finds in the
 * bytes against their IOD: each error line with its values (after the last " - ", or in <>) left out
 * but for element and module names, so a copy's errors compare with its original's.
 */
export function dciodvfyErrors(bytes: Uint8Array): Set<string> {
  const output = withFile(bytes, (file) => {
    const run = spawnSync('dciodvfy', [file], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return run.stdout + run.stderr;
  });
  const errors = output.split('\n').filter((line) => line.startsWith('Error'));
  return new Set(errors.map((line) => line.replace(/ - \(0x[^)]+\)[^]*$/, '').replace(/<(?![A-Za-z]+>)[^>]*>/g, '<…>')));
}

function withFile<T>(bytes: Uint8Array, use: (file: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dicom-'));
  try {
    const file = path.join(folder, 'copy.dcm');
    fs.writeFileSync(file, bytes);
    return use(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * dcmtk's `dcmdump` (Debian's dcmtk package, installed by .ci/run) on the bytes: an independent reader's
 * verdict, `ok` when it parsed the whole file without an error.
 */
export function dcmdump(bytes: Uint8Array): { ok: boolean; output: string } {
  return withFile(bytes, (file) => {
    const run = spawnSync('dcmdump', [file], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return { ok: run.status === 0 && !/^E: /m.test(run.stderr), output: run.stdout + run.stderr };
  });
}


/** Where Debian's python3-pydicom (installed by .ci/run) puts pydicom's test files: real public DICOM files. */
const PYDICOM_DATA = '/usr/lib/python3/dist-packages/pydicom/data';

/** One of pydicom's test files (e.g. `test_files/CT_small.dcm`), read from the installed package. */
export function pydicomFile(name: string): Uint8Array {
  const file = path.join(PYDICOM_DATA, name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: apt-get install python3-pydicom (.ci/run does)`);
  return new Uint8Array(fs.readFileSync(file));
}
