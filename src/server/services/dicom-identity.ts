import { Reader, ZipReader } from './zip-js.ts';
import { isDicomPart10, readDicomHeader } from '#shared/dicom/dicom-file.ts';
import { headerExtent } from '#shared/dicom/header-extent.ts';
import { identifyingElementsIn } from '#shared/dicom/residual.ts';
import { pulledStream, readRange, type StoredObject } from '../storage/stored-object.ts';

/** A header is read up to its Pixel Data; one that is not there by this many bytes is judged on what was read. */
const MAX_HEADER_BYTES = 8 * 1024 * 1024;
/** Enough files of a zip to know whether the study was de-identified (every file of one is, or none). */
const FILES_CHECKED = 20;
/** Entries looked at, DICOM or not (a zip of thousands of pictures is not read through). */
const ENTRIES_LOOKED_AT = 200;
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

/**
 * What identifying elements of the PS3.15 profile remain in stored images (issue 19): the element names
 * found in a DICOM file, or in the DICOM files of a zip (the first ones). Only headers are read, streamed
 * from the store (this disk or S3, `StoredObject`) and stopped at Pixel Data; a zip's entries are inflated
 * no further. [] when the DICOM looks de-identified; null when there is no DICOM to judge, or the store
 * could not be read (the check never holds an upload back).
 */
export async function identifyingElementsOf(open: () => Promise<StoredObject>, type: string): Promise<string[] | null> {
  if (type !== 'application/dicom' && !ZIP_TYPES.has(type)) return null;
  try {
    const object = await open();
    if (type === 'application/dicom') return elementsOfHeader(await headerOf(pulledStream(object, 0)));
    return await elementsOfZip(object);
  } catch {
    return null;
  }
}

async function elementsOfZip(object: StoredObject): Promise<string[] | null> {
  const reader = new StoredObjectReader(object);
  const zip = new ZipReader(reader);
  try {
    const found = new Set<string>();
    let dicomFiles = 0;
    let lookedAt = 0;
    for await (const entry of zip.getEntriesGenerator()) {
      if (dicomFiles >= FILES_CHECKED || lookedAt >= ENTRIES_LOOKED_AT) break;
      if (entry.directory || !entry.getData) continue;
      lookedAt += 1;
      const header = await headerOfEntry(reader, entry.getData.bind(entry));
      const elements = elementsOfHeader(header);
      if (elements === null) continue;
      dicomFiles += 1;
      elements.forEach((element) => found.add(element));
    }
    return dicomFiles > 0 ? [...found].sort() : null;
  } finally {
    await zip.close();
  }
}

/**
 * zip.js reading a stored object: the directory's small reads gathered, each entry's data pulled from
 * the store as it is inflated (ranged GetObjects on S3), stopped as soon as the header is read. zip.js
 * notices our writer's stop only after its own queues (a few chunks) drain: `entryRead` stops the pulls from
 * the store at once.
 */
class StoredObjectReader extends Reader<StoredObject> {
  /** Aborted once the entry being read has given its header. */
  entryRead = new AbortController();

  constructor(private readonly object: StoredObject) {
    super(object);
    this.size = object.size;
  }

  override readUint8Array(index: number, length: number): Promise<Uint8Array> {
    return readRange(this.object, index, Math.min(index + length, this.size));
  }

  override createReadable({ offset = 0, size }: { offset?: number; size?: number } = {}): ReadableStream<Uint8Array> {
    return pulledStream(this.object, offset, size === undefined ? this.size : offset + size, this.entryRead.signal);
  }
}

function elementsOfHeader(head: Uint8Array): string[] | null {
  if (!isDicomPart10(head)) return null;
  try {
    return identifyingElementsIn(readDicomHeader(head.slice().buffer).dataset);
  } catch {
    return null;
  }
}

/** Collects a file's first bytes until its header is complete (`headerExtent`), then says stop. */
class HeaderBytes {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private extent: number | null = null;
  private walkable = true;
  /** Set once enough is held: the read was stopped on purpose. */
  complete = false;

  /** True once enough is held: the header up to Pixel Data, or MAX_HEADER_BYTES. */
  add(chunk: Uint8Array): boolean {
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
    const found = this.walkable ? headerExtent(this.bytes()) : 'unknown';
    if (typeof found === 'number') this.extent = found;
    if (found === 'unknown') this.walkable = false;
    this.complete = this.extent !== null || this.size >= MAX_HEADER_BYTES || (this.size >= 132 && !isDicomPart10(this.bytes()));
    return this.complete;
  }

  bytes(): Uint8Array {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    const all = this.chunks[0] ?? new Uint8Array(0);
    return all.subarray(0, this.extent ?? Math.min(all.byteLength, MAX_HEADER_BYTES));
  }
}

const ENOUGH = new Error('header read');

/** A file's header from a stream of its bytes, which is cancelled once the header is read. */
async function headerOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const header = new HeaderBytes();
  await stream.pipeTo(headerSink(header)).catch((error: unknown) => {
    if (!header.complete) throw error;
  });
  return header.bytes();
}

/** A zip entry's header, inflating no further than it (the writer stops the read, and the reader's pulls). */
async function headerOfEntry(reader: StoredObjectReader, getData: (writer: WritableStream<Uint8Array>) => Promise<unknown>): Promise<Uint8Array> {
  const header = new HeaderBytes();
  reader.entryRead = new AbortController();
  // Stopping the read errors the writer; zip.js then closes it, which Node 24 refuses with its own TypeError
  // (Node 20 rethrows ENOUGH): once the header is complete, whatever the read ends with is that stop.
  await getData(headerSink(header, reader.entryRead)).catch((error: unknown) => {
    if (!header.complete) throw error;
  });
  return header.bytes();
}

const headerSink = (header: HeaderBytes, read?: AbortController) =>
  new WritableStream<Uint8Array>({
    write(chunk) {
      if (!header.add(chunk)) return;
      read?.abort(ENOUGH);
      throw ENOUGH;
    },
  });
