import { BlobReader, ZipReader, configure } from '@zip.js/zip.js/index-native.js';
import { isDicomPart10, readDicomHeader } from '#shared/dicom/dicom-file.ts';
import { identifyingElementsIn } from '#shared/dicom/residual.ts';

configure({ useWebWorkers: false });

/** A DICOM header fits in far less; only these first bytes of each file are read (and inflated). */
const HEADER_BYTES = 256 * 1024;
/** Enough files of a zip to know whether the study was de-identified (every file of one is, or none). */
const FILES_CHECKED = 20;
/** Entries looked at, DICOM or not (a zip of thousands of pictures is not read through). */
const ENTRIES_LOOKED_AT = 200;
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

/**
 * What identifying elements of the PS3.15 profile remain in stored images (issue 19): the element names
 * found in a DICOM file, or in the DICOM files of a zip (first ones, headers only, read from the file
 * without loading it). [] when the DICOM looks de-identified; null when there is no DICOM to judge.
 */
export async function identifyingElementsOf(file: Blob | null, type: string): Promise<string[] | null> {
  if (!file) return null;
  if (type === 'application/dicom') return elementsOfHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (!ZIP_TYPES.has(type)) return null;
  const zip = new ZipReader(new BlobReader(file));
  try {
    const found = new Set<string>();
    let dicomFiles = 0;
    let lookedAt = 0;
    for await (const entry of zip.getEntriesGenerator()) {
      if (dicomFiles >= FILES_CHECKED || lookedAt >= ENTRIES_LOOKED_AT) break;
      if (entry.directory) continue;
      lookedAt += 1;
      const elements = elementsOfHeader(await headOfEntry(entry));
      if (elements === null) continue;
      dicomFiles += 1;
      elements.forEach((element) => found.add(element));
    }
    return dicomFiles > 0 ? [...found].sort() : null;
  } catch {
    return null;
  } finally {
    await zip.close();
  }
}

function elementsOfHeader(head: Uint8Array): string[] | null {
  if (!isDicomPart10(head)) return null;
  try {
    return identifyingElementsIn(readDicomHeader(head.buffer.slice(head.byteOffset, head.byteOffset + head.byteLength) as ArrayBuffer).dataset);
  } catch {
    return null;
  }
}

/** The first HEADER_BYTES of an entry, inflating no further (the writer stops the read). */
async function headOfEntry(entry: { getData?: (writer: WritableStream<Uint8Array>) => Promise<unknown> }): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const enough = new Error('header read');
  const writer = new WritableStream<Uint8Array>({
    write(chunk) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= HEADER_BYTES) throw enough;
    },
  });
  try {
    await entry.getData?.(writer);
  } catch (error) {
    if (error !== enough) throw error;
  }
  const head = new Uint8Array(Math.min(size, HEADER_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, head.byteLength - offset);
    head.set(part, offset);
    offset += part.byteLength;
    if (offset >= head.byteLength) break;
  }
  return head;
}
