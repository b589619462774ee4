import { BlobReader, BlobWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
import { describe, expect, it } from 'vitest';
import { textOf } from '#shared/dicom/dicom-dataset.ts';
import { readDicom } from '#shared/dicom/dicom-file.ts';
import { makeFileInCharacterSet, makeStudyFile, testUid } from '#shared/dicom/testing/make-dicom.ts';
import { dcmdump, deflatedCopy } from '#tests/utils/dicom.ts';
import { blocks, checkStudy } from '../study-checks.ts';
import type { StudySummary } from '../study-summary.ts';
import type { Deidentified, FromWorker } from './intake-protocol.ts';
import { createIntake } from './intake-steps.ts';

const dicomFile = (name: string, buffer: ArrayBuffer) => new File([buffer], name, { type: 'application/dicom' });

async function zipOf(files: { name: string; buffer: ArrayBuffer }[], options: { zip64?: boolean } = {}): Promise<File> {
  const writer = new ZipWriter(new BlobWriter('application/zip'), options);
  for (const file of files) await writer.add(file.name, new Uint8ArrayReader(new Uint8Array(file.buffer)));
  return new File([await writer.close()], 'study.zip', { type: 'application/zip' });
}

/** The ZIP64 end of central directory record's signature (PK\x06\x06). */
const hasZip64Records = async (zip: Blob) => Buffer.from(await zip.arrayBuffer()).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]));

function run(options: Parameters<typeof createIntake>[1] = {}) {
  const messages: FromWorker[] = [];
  const intake = createIntake((message) => messages.push(message), options);
  const last = <T extends FromWorker['type']>(type: T) => messages.filter((message) => message.type === type).at(-1) as Extract<FromWorker, { type: T }>;
  return { intake, messages, last };
}

describe('the intake steps (run in the worker)', () => {
  const studyUid = testUid();
  const seriesUid = testUid();
  const study = Array.from({ length: 6 }, (_, index) => ({ name: `SILVA_MARIA/IM${index}.dcm`, buffer: makeStudyFile({ studyUid, seriesUid }) }));

  it('summarises a zipped study per series, lists what is not DICOM or is truncated', async () => {
    const truncated = makeStudyFile().slice(0, 400);
    const full = makeStudyFile({ pixelBytes: 4096 });
    const pixelsCut = full.slice(0, full.byteLength - 100);
    const zip = await zipOf([
      ...study,
      { name: 'notes.txt', buffer: new TextEncoder().encode('hello').buffer as ArrayBuffer },
      { name: 'cut.dcm', buffer: truncated },
      { name: 'pixels-cut.dcm', buffer: pixelsCut },
    ]);
    const { intake, last } = run();
    await intake.scan([zip]);
    const summary: StudySummary = last('scanned').summary;
    expect(summary.dicomFiles).toBe(6);
    expect(summary.patients).toEqual([{ name: 'Silva^Maria', id: 'MRN-123456' }]);
    expect(summary.series).toEqual([
      expect.objectContaining({
        modality: 'NM',
        images: 6,
        acquisitionFrom: '2026-03-10 10:30:00',
        radiopharmaceutical: 'Lu-177 PSMA',
        injectedActivityMBq: 7400,
        injectionDateTime: '2026-03-10 08:00:00',
        patientWeightKg: 71.5,
      }),
    ]);
    expect(summary.notDicom).toEqual(['study.zip/notes.txt']);
    expect(summary.unreadable).toEqual([
      { name: 'study.zip/cut.dcm', reason: 'damaged' },
      { name: 'study.zip/pixels-cut.dcm', reason: 'cutShort' },
    ]);
    expect(summary.removed).toEqual(
      expect.arrayContaining([
        { tag: '00100010', name: "Patient's Name", keyword: 'PatientName', group: 'patient' },
        { tag: '00100030', name: "Patient's Birth Date", keyword: 'PatientBirthDate', group: 'patient' },
        { tag: '00080080', name: 'Institution Name', keyword: 'InstitutionName', group: 'staff' },
        { tag: '00080090', name: "Referring Physician's Name", keyword: 'ReferringPhysicianName', group: 'staff' },
        { tag: '00080050', name: 'Accession Number', keyword: 'AccessionNumber', group: 'visit' },
        { tag: '00081030', name: 'Study Description', keyword: 'StudyDescription', group: 'text' },
      ]),
    );
    expect(summary.kept).toEqual(
      expect.arrayContaining([
        { tag: '00101030', name: "Patient's Weight", keyword: 'PatientWeight', group: 'characteristics' },
        { tag: '00080022', name: 'Acquisition Date', keyword: 'AcquisitionDate', group: 'dates' },
      ]),
    );
    const checks = checkStudy(summary, 'dosimetry');
    expect(blocks(checks)).toBe(false);
    expect(checks.map((check) => check.code)).toEqual(['damaged', 'cutShort', 'notDicom']);
    expect(last('progress')).toEqual({ type: 'progress', phase: 'scan', done: 9, total: 9 });
  });

  it('blocks files of two patients, and a study without an NM or PT series for dosimetry', async () => {
    const other = dicomFile('other.dcm', makeStudyFile({ patientName: 'Souza^Joao', patientId: 'MRN-999' }));
    const { intake, last } = run();
    await intake.scan([...study.map((file) => dicomFile(file.name, file.buffer)), other]);
    expect(checkStudy(last('scanned').summary, 'dosimetry')).toContainEqual({ level: 'block', code: 'patients', count: 2 });

    const ct = run();
    await ct.intake.scan([dicomFile('ct.dcm', makeStudyFile({ modality: 'CT' }))]);
    expect(checkStudy(ct.last('scanned').summary, 'dosimetry')).toContainEqual({ level: 'block', code: 'modality', modalities: 'CT' });
    expect(blocks(checkStudy(ct.last('scanned').summary, 'segmentation'))).toBe(false);
  });

  it('de-identifies every image into one zip named by series, with the analysis identifier as Patient ID', async () => {
    const { intake, last } = run();
    await intake.scan(study.map((file) => dicomFile(file.name, file.buffer)));
    await intake.deidentify('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    const result: Deidentified = last('deidentified');
    expect(result.files).toBe(6);
    expect(last('progress')).toEqual({ type: 'progress', phase: 'deidentify', done: 6, total: 6 });
    const entries = await new ZipReader(new BlobReader(result.zip)).getEntries();
    expect(entries.map((entry) => entry.filename)).toEqual(['series-01/00001.dcm', 'series-01/00002.dcm', 'series-01/00003.dcm', 'series-01/00004.dcm', 'series-01/00005.dcm', 'series-01/00006.dcm']);
    const studies = new Set<string>();
    for (const entry of entries) {
      const bytes = await (entry as { getData: (writer: Uint8ArrayWriter) => Promise<Uint8Array> }).getData(new Uint8ArrayWriter());
      const { dataset } = readDicom(bytes.buffer as ArrayBuffer);
      expect(textOf(dataset, '00100010')).toBe('');
      expect(textOf(dataset, '00100020')).toBe('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
      expect(textOf(dataset, '00100030')).toBe('');
      studies.add(textOf(dataset, '0020000D'));
    }
    expect([...studies]).toHaveLength(1);
    expect([...studies][0]).not.toBe(studyUid);
  });

  it('lists a file in a character set it cannot decode, with that reason, and takes the rest', async () => {
    const unknown = makeFileInCharacterSet(['ISO_IR 999'], { '00100010': { vr: 'PN', bytes: [0x41, 0x42] } });
    const { intake, last } = run();
    await intake.scan([dicomFile('odd.dcm', unknown), ...study.map((file) => dicomFile(file.name, file.buffer))]);
    expect(last('scanned').summary).toMatchObject({ dicomFiles: 6, unreadable: [{ name: 'odd.dcm', reason: 'characterSet' }] });
  });

  it('leaves out a file it cannot read again when de-identifying, says which and why, and zips the rest', async () => {
    // Moved after the scan: any later read, of the file or of a slice of it, fails as a browser's does.
    let moved = false;
    const gone = () => Object.assign(new Blob(), { arrayBuffer: () => Promise.reject(new Error('NotReadableError')) });
    class VanishingFile extends File {
      override arrayBuffer() {
        return moved ? Promise.reject(new Error('NotReadableError')) : super.arrayBuffer();
      }

      override slice(...range: Parameters<Blob['slice']>) {
        return moved ? gone() : super.slice(...range);
      }
    }
    const { intake, last } = run();
    await intake.scan([new VanishingFile([study[0]!.buffer], 'moved.dcm'), ...study.slice(1).map((file) => dicomFile(file.name, file.buffer))]);
    expect(last('scanned').summary).toMatchObject({ dicomFiles: 6, unreadable: [] });
    moved = true;
    await intake.deidentify('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    const result: Deidentified = last('deidentified');
    expect(result).toMatchObject({ files: 5, skipped: [{ name: 'moved.dcm', reason: 'unreadable' }] });
    const entries = await new ZipReader(new BlobReader(result.zip)).getEntries();
    expect(entries).toHaveLength(5);
  });

  it('reads a ZIP64 archive (ZIP64 records, as a zip over 4 GB has)', async () => {
    const zip = await zipOf(study, { zip64: true });
    expect(await hasZip64Records(zip)).toBe(true);
    const { intake, last } = run();
    await intake.scan([zip]);
    expect(last('scanned').summary.dicomFiles).toBe(6);
  });

  it('writes the zip with ZIP64 records when the study is over the ZIP64 limit (here: any size), readable back', async () => {
    const { intake, last } = run({ zip64AboveBytes: 0 });
    await intake.scan(study.map((file) => dicomFile(file.name, file.buffer)));
    await intake.deidentify('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    const { zip } = last('deidentified');
    expect(await hasZip64Records(zip)).toBe(true);
    expect(await new ZipReader(new BlobReader(zip)).getEntries()).toHaveLength(6);

    const small = run();
    await small.intake.scan(study.map((file) => dicomFile(file.name, file.buffer)));
    await small.intake.deidentify('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(await hasZip64Records(small.last('deidentified').zip)).toBe(false);
  });

  /** Scans and de-identifies the files; gives back each copy's bytes, in order, after checking none was left out. */
  async function copiesOf(files: ArrayBuffer[]): Promise<Uint8Array[]> {
    const { intake, last } = run();
    await intake.scan(files.map((buffer, index) => dicomFile(`IM${index}.dcm`, buffer)));
    expect(last('scanned').summary).toMatchObject({ dicomFiles: files.length, unreadable: [] });
    await intake.deidentify('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    const entries = await new ZipReader(new BlobReader(last('deidentified').zip)).getEntries();
    return Promise.all(entries.map((entry) => (entry as { getData: (writer: Uint8ArrayWriter) => Promise<Uint8Array> }).getData(new Uint8ArrayWriter())));
  }

  const pixelsOf = (bytes: Uint8Array) => {
    const value = readDicom(bytes.slice().buffer).dataset['7FE00010']!.Value as ArrayBuffer[];
    return Buffer.concat(value.map((part) => new Uint8Array(part)));
  };

  it.each([
    ['RLE lossless', '1.2.840.10008.1.2.5'],
    ['JPEG 2000 lossless', '1.2.840.10008.1.2.4.90'],
    ['JPEG-LS lossless', '1.2.840.10008.1.2.4.80'],
  ])('takes %s files with trailing padding after the pixel data; the copies keep their syntax and pixels, and dcmtk reads them', async (_name, encapsulated) => {
    const original = new Uint8Array(makeStudyFile({ pixelBytes: 4096, encapsulated, trailingPadding: 202 }));
    const [copy] = await copiesOf([original.slice().buffer]);
    expect(textOf(readDicom(copy!.slice().buffer).meta, '00020010')).toBe(encapsulated);
    expect(pixelsOf(copy!)).toEqual(pixelsOf(original));
    expect(dcmdump(copy!)).toMatchObject({ ok: true });
  });

  it('takes a Japanese file (ISO 2022 IR 87): the name is summarised as written and the copy, in UTF-8, has none of it', async () => {
    const jis = (...bytes: number[]) => [0x1b, 0x24, 0x42, ...bytes, 0x1b, 0x28, 0x42];
    const name = [...'Yamada^Tarou='].map((char) => char.charCodeAt(0)).concat(jis(0x3b, 0x33, 0x45, 0x44), [0x5e], jis(0x42, 0x40, 0x4f, 0x3a));
    const original = new Uint8Array(makeFileInCharacterSet(['', 'ISO 2022 IR 87'], { '00100010': { vr: 'PN', bytes: name } }));
    const { intake, last } = run();
    await intake.scan([dicomFile('IM0.dcm', original.slice().buffer)]);
    expect(last('scanned').summary).toMatchObject({ dicomFiles: 1, unreadable: [], patients: [{ name: 'Yamada^Tarou', id: 'MRN-123456' }] });
    const [copy] = await copiesOf([original.slice().buffer]);
    const text = new TextDecoder().decode(copy);
    for (const part of ['Yamada', 'Tarou', '山田', '太郎']) expect(text).not.toContain(part);
    expect(dcmdump(copy!)).toMatchObject({ ok: true });
  });

  it('writes a deflated file as explicit VR little endian with its meta saying so, which dcmjs and dcmtk read, pixels unchanged', async () => {
    const original = deflatedCopy(makeStudyFile({ pixelBytes: 4096 }));
    // The original is one dcmtk reads as deflated.
    expect(dcmdump(original)).toMatchObject({ ok: true, output: expect.stringContaining('# Used TransferSyntax: Deflated Explicit VR Little Endian') });
    const [copy] = await copiesOf([original.slice().buffer]);
    const { meta, dataset } = readDicom(copy!.slice().buffer);
    expect(textOf(meta, '00020010')).toBe('1.2.840.10008.1.2.1');
    expect(textOf(dataset, '00100020')).toBe('0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(textOf(dataset, '00100010')).toBe('');
    expect(pixelsOf(copy!)).toEqual(pixelsOf(original));
    // On failure the output says what dcmtk could not read.
    expect(dcmdump(copy!)).toMatchObject({ ok: true, output: expect.stringContaining('# Used TransferSyntax: Little Endian Explicit') });
  });
});
