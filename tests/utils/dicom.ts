/** DICOM studies for the server's tests (issue 19): raw as a scanner writes them, de-identified as the browser does, zipped. */
import { BlobWriter, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
import { deidentifyFile } from '#shared/dicom/deidentify.ts';
import { readDicom, writeDicom } from '#shared/dicom/dicom-file.ts';
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
