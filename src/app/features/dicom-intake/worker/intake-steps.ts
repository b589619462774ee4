import { Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
import { deidentifyFile } from '#shared/dicom/deidentify.ts';
import { TAG, textOf } from '#shared/dicom/dicom-dataset.ts';
import { isCutShort, isDicomPart10, readDicom, writeDicom } from '#shared/dicom/dicom-file.ts';
import { UidMap } from '#shared/dicom/uid-map.ts';
import { SummaryBuilder } from '../study-summary.ts';
import { blobSink } from './blob-sink.ts';
import type { FromWorker, ToWorker } from './intake-protocol.ts';
import { sourcesOf, type Source } from './sources.ts';

/**
 * The intake's two steps, as the worker runs them: read the chosen files (and zips), summarise them,
 * then de-identify every DICOM image into one zip, with progress. The files stay here between the steps.
 */
const DICOM_DIRECTORY = '1.2.840.10008.1.3.10';
/** Past this much DICOM (or 65,535 files) the zip is written with ZIP64 records from its first entry. */
const ZIP64_ABOVE_BYTES = 0xffff_ffff - 64 * 1024 * 1024;
const ZIP64_ABOVE_FILES = 0xffff;

export function createIntake(post: (message: FromWorker) => void, { zip64AboveBytes = ZIP64_ABOVE_BYTES } = {}) {
  /** Each source that is a readable DICOM image, with its series (for the zip's folders). */
  let images: { source: Source; series: string }[] = [];
  const progress = (phase: 'scan' | 'deidentify', done: number, total: number) => post({ type: 'progress', phase, done, total });

  async function scan(files: File[]) {
    const { sources } = await sourcesOf(files);
    images = [];
    const summary = new SummaryBuilder();
    for (const [index, source] of sources.entries()) {
      progress('scan', index, sources.length);
      let bytes: Uint8Array;
      try {
        bytes = await source.read();
      } catch {
        summary.addUnreadable(source.name);
        continue;
      }
      if (!isDicomPart10(bytes)) {
        summary.addNotDicom(source.name);
        continue;
      }
      if (isCutShort(bytes)) {
        summary.addUnreadable(source.name);
        continue;
      }
      try {
        const { meta, dataset } = readDicom(bytes.buffer as ArrayBuffer);
        // A DICOMDIR indexes the files and lists the patient's name: it is not sent.
        if (textOf(meta, '00020002') === DICOM_DIRECTORY) continue;
        summary.addDicom(dataset, bytes.byteLength);
        images.push({ source, series: textOf(dataset, TAG.seriesInstance) });
      } catch {
        summary.addUnreadable(source.name);
      }
    }
    progress('scan', sources.length, sources.length);
    post({ type: 'scanned', summary: summary.result() });
  }

  async function deidentify(patientId: string) {
    const started = performance.now();
    const uids = new UidMap();
    // The zip streams out a few MB at a time (blob-sink.ts); ZIP64 is decided up front from the study's size
    // (zip.js would also switch by itself); level 1: DICOM pixels gain little from harder deflate.
    const sink = blobSink('application/zip');
    const studyBytes = images.reduce((sum, { source }) => sum + source.size, 0);
    const zip64 = studyBytes > zip64AboveBytes || images.length >= ZIP64_ABOVE_FILES ? true : undefined;
    const writer = new ZipWriter(sink.writable, { level: 1, zip64 });
    const seriesFolders = new Map<string, string>();
    let inputBytes = 0;
    for (const [index, { source, series }] of images.entries()) {
      progress('deidentify', index, images.length);
      const bytes = await source.read();
      inputBytes += bytes.byteLength;
      const file = readDicom(bytes.buffer as ArrayBuffer);
      deidentifyFile(file.meta, file.dataset, { patientId, uids });
      if (!seriesFolders.has(series)) seriesFolders.set(series, `series-${String(seriesFolders.size + 1).padStart(2, '0')}`);
      // Entry names are ours: the original paths often hold the patient's name.
      const name = `${seriesFolders.get(series)}/${String(index + 1).padStart(5, '0')}.dcm`;
      await writer.add(name, new Uint8ArrayReader(new Uint8Array(writeDicom(file))));
    }
    await writer.close();
    const zip = await sink.blob();
    progress('deidentify', images.length, images.length);
    post({
      type: 'deidentified',
      zip,
      files: images.length,
      seconds: (performance.now() - started) / 1000,
      inputBytes,
    });
  }

  return { scan, deidentify };
}

/** The worker's answer to each message from the page: a step, or `failed` with the reason. */
export function createIntakeHandler(post: (message: FromWorker) => void) {
  const intake = createIntake(post);
  return async (message: ToWorker) => {
    try {
      if (message.type === 'scan') await intake.scan(message.files);
      else await intake.deidentify(message.patientId);
    } catch (error) {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
}
