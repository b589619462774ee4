import { editedBlobCopy, readLayout, type BlobLayout, type CopyPart } from '#shared/dicom/blob-copy.ts';
import { deidentifyFile, type DeidentifyContext } from '#shared/dicom/deidentify.ts';
import { TAG, textOf } from '#shared/dicom/dicom-dataset.ts';
import { UnsupportedCharacterSetError } from '#shared/dicom/character-sets.ts';
import { isCutShort, readDicom } from '#shared/dicom/dicom-file.ts';
import { UidMap } from '#shared/dicom/uid-map.ts';
import { SummaryBuilder, type LeftOutFile, type LeftOutReason } from '../study-summary.ts';
import { deflateRaw, entryData, type Deflate } from './entry-data.ts';
import type { FromWorker, ToWorker } from './intake-protocol.ts';
import { sourcesOf, type Source } from './sources.ts';
import { zipBlob, type EntryData } from './zip-blob.ts';

/**
 * The intake's two steps, as the worker runs them: read the chosen files (and zips), summarise them,
 * then de-identify every DICOM image into one zip, with progress. The files stay here between the steps.
 */
const DICOM_DIRECTORY = '1.2.840.10008.1.3.10';
/** Past this much DICOM (or 65,535 files) the zip is written with ZIP64 records from its first entry. */
const ZIP64_ABOVE_BYTES = 0xffff_ffff - 64 * 1024 * 1024;
const ZIP64_ABOVE_FILES = 0xffff;
/** A copy reads this much of its file first: all of most files in one read (no slice), which its CRC-32 needs anyway. */
const COPY_FIRST_READ = 8 * 1024 * 1024;
/** Progress reaches the page at most this often (each message re-renders the panel), its start and end always. */
export const PROGRESS_EVERY_MS = 250;

const reasonOf = (error: unknown): LeftOutReason => (error instanceof UnsupportedCharacterSetError ? 'characterSet' : 'damaged');

export interface IntakeOptions {
  zip64AboveBytes?: number;
  /** Where compressible copies are deflated (deflate workers set up by intake.worker.ts, else here), and how many copies are made ahead of the zip. */
  copies?: { deflate: Deflate; ahead: number };
}

export function createIntake(
  post: (message: FromWorker) => void,
  { zip64AboveBytes = ZIP64_ABOVE_BYTES, copies: { deflate, ahead } = { deflate: deflateRaw, ahead: 2 } }: IntakeOptions = {},
) {
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
      let layout: BlobLayout;
      try {
        layout = await readLayout(await source.blob());
      } catch {
        summary.addUnreadable(source.name, 'unreadable');
        continue;
      }
      if (layout.kind === 'notDicom') {
        summary.addNotDicom(source.name);
        continue;
      }
      if (layout.kind === 'cutShort' || (layout.kind === 'whole' && isCutShort(layout.bytes))) {
        summary.addUnreadable(source.name, 'cutShort');
        continue;
      }
      try {
        // Only the header when the pixel data ends the file (most files): it is all the summary needs.
        const { meta, dataset } = readDicom(layout.kind === 'split' ? layout.prefix.slice(0, layout.pixelData.start).buffer : (layout.bytes.buffer as ArrayBuffer));
        // A DICOMDIR indexes the files and lists the patient's name: it is not sent.
        if (textOf(meta, '00020002') === DICOM_DIRECTORY) continue;
        summary.addDicom(dataset, source.size);
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
    // The zip is one Blob of the copies' Blobs (zip-blob.ts): pixel data stays a slice of the chosen file. ZIP64 is
    // decided up front from the study's size (the writer also switches by itself where an entry needs it).
    const studyBytes = images.reduce((sum, { source }) => sum + source.size, 0);
    const writer = zipBlob({ zip64: studyBytes > zip64AboveBytes || images.length >= ZIP64_ABOVE_FILES });
    const seriesFolders = new Map<string, string>();
    let inputBytes = 0;
    const skipped: LeftOutFile[] = [];
    // Copies are made a few files ahead of the zip; entries are added in the study's order.
    const copies = images.map(() => null as Promise<Copy> | null);
    const copyOf = (index: number) => (copies[index] ??= zipEntry(images[index]!.source, { patientId, uids }, deflate));
    for (const [index, { source, series }] of images.entries()) {
      progress('deidentify', index, images.length);
      for (let next = index + 1; next <= index + ahead && next < images.length; next++) void copyOf(next);
      const copy = await copyOf(index);
      copies[index] = null;
      if ('reason' in copy) {
        skipped.push({ name: source.name, reason: copy.reason });
        continue;
      }
      inputBytes += copy.inputBytes;
      if (!seriesFolders.has(series)) seriesFolders.set(series, `series-${String(seriesFolders.size + 1).padStart(2, '0')}`);
      // Entry names are ours: the original paths often hold the patient's name.
      writer.add(`${seriesFolders.get(series)}/${String(index + 1).padStart(5, '0')}.dcm`, copy.entry);
    }
    if (skipped.length === images.length) throw new Error(`none of the ${images.length} files could be de-identified`);
    const zip = writer.close();
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

type Copy = { entry: EntryData; inputBytes: number } | { reason: LeftOutReason };

/** A source's de-identified copy as a zip entry (header rewritten, pixel data as it was), or why it could not be made (then nothing of it goes into the zip). */
async function zipEntry(source: Source, context: DeidentifyContext, deflate: Deflate): Promise<Copy> {
  let blob: Blob;
  let layout: BlobLayout;
  try {
    blob = await source.blob();
    layout = await readLayout(blob, COPY_FIRST_READ);
  } catch {
    return { reason: 'unreadable' };
  }
  if (layout.kind === 'notDicom' || layout.kind === 'cutShort') return { reason: layout.kind === 'cutShort' ? 'cutShort' : 'unreadable' };
  let copy: CopyPart[];
  try {
    copy = editedBlobCopy(blob, layout, (file) => deidentifyFile(file.meta, file.dataset, context));
  } catch (error) {
    return { reason: reasonOf(error) };
  }
  try {
    return { entry: await entryData(copy, deflate), inputBytes: blob.size };
  } catch {
    // The chosen file could not be read again (moved, changed).
    return { reason: 'unreadable' };
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
