import { ZipWriter } from '@zip.js/zip.js/index-native.js';
import { deidentifyFile, type DeidentifyContext } from '#shared/dicom/deidentify.ts';
import { TAG, textOf } from '#shared/dicom/dicom-dataset.ts';
import { UnsupportedCharacterSetError } from '#shared/dicom/character-sets.ts';
import { isCutShort, isDicomPart10, readDicom } from '#shared/dicom/dicom-file.ts';
import { editedCopy } from '#shared/dicom/header-copy.ts';
import { UidMap } from '#shared/dicom/uid-map.ts';
import { SummaryBuilder, type LeftOutFile, type LeftOutReason } from '../study-summary.ts';
import { blobSink } from './blob-sink.ts';
import type { FromWorker, ToWorker } from './intake-protocol.ts';
import { sourcesOf, type Source } from './sources.ts';
import { levelFor, partsReader } from './zip-entry.ts';

/**
 * The intake's two steps, as the worker runs them: read the chosen files (and zips), summarise them,
 * then de-identify every DICOM image into one zip, with progress. The files stay here between the steps.
 */
const DICOM_DIRECTORY = '1.2.840.10008.1.3.10';
/** Past this much DICOM (or 65,535 files) the zip is written with ZIP64 records from its first entry. */
const ZIP64_ABOVE_BYTES = 0xffff_ffff - 64 * 1024 * 1024;
const ZIP64_ABOVE_FILES = 0xffff;
/** Entries zipped at once, at least (as many as codec workers otherwise), and as many files read and de-identified ahead: memory holds a few files. */
const ZIPPING_AT_ONCE = 2;
/** Progress reaches the page at most this often (each message re-renders the panel), its start and end always. */
export const PROGRESS_EVERY_MS = 250;

const reasonOf = (error: unknown): LeftOutReason => (error instanceof UnsupportedCharacterSetError ? 'characterSet' : 'damaged');

export interface IntakeOptions {
  zip64AboveBytes?: number;
  /** Zip.js codec workers to compress with (set up by intake.worker.ts); 0: compress here. */
  zipWorkers?: number;
}

export function createIntake(post: (message: FromWorker) => void, { zip64AboveBytes = ZIP64_ABOVE_BYTES, zipWorkers = 0 }: IntakeOptions = {}) {
  /** Each source that is a readable DICOM image, with its series (for the zip's folders). */
  let images: { source: Source; series: string }[] = [];
  let progressAt = -Infinity;
  const progress = (phase: 'scan' | 'deidentify', done: number, total: number) => {
    const now = performance.now();
    if (done > 0 && done < total && now - progressAt < PROGRESS_EVERY_MS) return;
    progressAt = now;
    post({ type: 'progress', phase, done, total });
  };

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
        summary.addUnreadable(source.name, 'unreadable');
        continue;
      }
      if (!isDicomPart10(bytes)) {
        summary.addNotDicom(source.name);
        continue;
      }
      if (isCutShort(bytes)) {
        summary.addUnreadable(source.name, 'cutShort');
        continue;
      }
      try {
        const { meta, dataset } = readDicom(bytes.buffer as ArrayBuffer);
        // A DICOMDIR indexes the files and lists the patient's name: it is not sent.
        if (textOf(meta, '00020002') === DICOM_DIRECTORY) continue;
        summary.addDicom(dataset, bytes.byteLength);
        images.push({ source, series: textOf(dataset, TAG.seriesInstance) });
      } catch (error) {
        summary.addUnreadable(source.name, reasonOf(error));
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
    const zippingAtOnce = Math.max(ZIPPING_AT_ONCE, zipWorkers);
    const seriesFolders = new Map<string, string>();
    let inputBytes = 0;
    const skipped: LeftOutFile[] = [];
    // Reading and de-identifying run a few files ahead of the zip; entries are added in the study's order.
    const copies = images.map(() => null as Promise<Copy> | null);
    const copyOf = (index: number) => (copies[index] ??= deidentifiedCopy(images[index]!.source, { patientId, uids }));
    const adding = new Set<Promise<unknown>>();
    for (const [index, { source, series }] of images.entries()) {
      progress('deidentify', index, images.length);
      for (let ahead = index + 1; ahead <= index + zippingAtOnce && ahead < images.length; ahead++) void copyOf(ahead);
      const copy = await copyOf(index);
      copies[index] = null;
      if ('reason' in copy) {
        skipped.push({ name: source.name, reason: copy.reason });
        continue;
      }
      inputBytes += copy.inputBytes;
      if (!seriesFolders.has(series)) seriesFolders.set(series, `series-${String(seriesFolders.size + 1).padStart(2, '0')}`);
      // Entry names are ours: the original paths often hold the patient's name.
      const name = `${seriesFolders.get(series)}/${String(index + 1).padStart(5, '0')}.dcm`;
      // A stored entry needs only its CRC-32, cheaper here than the round trip to a codec worker.
      const level = levelFor(copy.parts);
      const added = writer.add(name, partsReader(copy.parts), { level, useWebWorkers: level > 0 && zipWorkers > 0 });
      adding.add(added);
      void added.finally(() => adding.delete(added));
      if (adding.size >= zippingAtOnce) await Promise.race(adding);
    }
    await Promise.all(adding);
    if (skipped.length === images.length) throw new Error(`none of the ${images.length} files could be de-identified`);
    await writer.close();
    const zip = await sink.blob();
    progress('deidentify', images.length, images.length);
    post({
      type: 'deidentified',
      zip,
      files: images.length - skipped.length,
      skipped,
      seconds: (performance.now() - started) / 1000,
      inputBytes,
    });
  }

  return { scan, deidentify };
}

type Copy = { parts: Uint8Array[]; inputBytes: number } | { reason: LeftOutReason };

/** A source's de-identified copy (header rewritten, pixel data as it was), or why it could not be made (then nothing of it goes into the zip). */
async function deidentifiedCopy(source: Source, context: DeidentifyContext): Promise<Copy> {
  let bytes: Uint8Array;
  try {
    bytes = await source.read();
  } catch {
    return { reason: 'unreadable' };
  }
  try {
    const parts = editedCopy(bytes, (file) => deidentifyFile(file.meta, file.dataset, context));
    return { parts, inputBytes: bytes.byteLength };
  } catch (error) {
    return { reason: reasonOf(error) };
  }
}

/** The worker's answer to each message from the page: a step, or `failed` with the reason. */
export function createIntakeHandler(post: (message: FromWorker) => void, options: IntakeOptions = {}) {
  const intake = createIntake(post, options);
  return async (message: ToWorker) => {
    try {
      if (message.type === 'scan') await intake.scan(message.files);
      else await intake.deidentify(message.patientId);
    } catch (error) {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
}
