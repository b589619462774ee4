import { isDicomPart10, readDicom, writeDicom, type DicomFile } from './dicom-file.ts';
import { editedCopy } from './header-copy.ts';
import { pixelDataBounds } from './header-extent.ts';

/**
 * A Part 10 file in a Blob (a chosen File), read as little as needed: `split` when its native Pixel Data ends the
 * file (`prefix`, the bytes read, holds the header and maybe more; the rest stays in the Blob), `cutShort` when that
 * element is longer than the file, `notDicom`, else `whole` (encapsulated pixel data, trailing padding, deflated,
 * no pixel data: the file's bytes, for the whole-file path).
 */
export type BlobLayout =
  | { kind: 'split'; prefix: Uint8Array; pixelData: { start: number; end: number } }
  | { kind: 'whole'; bytes: Uint8Array }
  | { kind: 'cutShort' }
  | { kind: 'notDicom' };

/** Reads `firstRead` bytes first (more if the header goes on): the header of most files, or the whole of a small one. */
export async function readLayout(blob: Blob, firstRead = 64 * 1024): Promise<BlobLayout> {
  for (let length = Math.min(firstRead, blob.size); ; length = Math.min(length * 4, blob.size)) {
    const prefix = await bytesOf(blob, 0, length);
    if (!isDicomPart10(prefix)) return { kind: 'notDicom' };
    const bounds = pixelDataBounds(prefix);
    if (bounds === 'more' && length < blob.size) continue;
    if (typeof bounds === 'string' || bounds.end === null || bounds.end < blob.size) {
      return { kind: 'whole', bytes: length === blob.size ? prefix : await bytesOf(blob, 0, blob.size) };
    }
    if (bounds.end > blob.size) return { kind: 'cutShort' };
    return { kind: 'split', prefix, pixelData: { start: bounds.start, end: bounds.end } };
  }
}

/** A range of the Blob's bytes; the whole Blob is read without slicing it (each slice is a round trip to the browser process). */
export const bytesOf = async (blob: Blob, start: number, end: number) =>
  new Uint8Array(await (start === 0 && end === blob.size ? blob : blob.slice(start, end)).arrayBuffer());

/** Part of a copy: bytes made or read here, and/or the same bytes as a slice of the chosen file (what the zip refers to). */
export type CopyPart = { bytes: Uint8Array; blob?: Blob } | { blob: Blob };

/**
 * A de-identified copy of the file in `blob`, as parts in order: the header read, edited and rewritten by dcmjs, then
 * the original Pixel Data element as a slice of the same Blob (never copied: a slice of a chosen file refers to the
 * file; its bytes come along when they were read already). Files that are not `split` go through `editedCopy` whole.
 */
export function editedBlobCopy(blob: Blob, layout: Exclude<BlobLayout, { kind: 'cutShort' | 'notDicom' }>, edit: (file: DicomFile) => void): CopyPart[] {
  if (layout.kind === 'whole') return editedCopy(layout.bytes, edit).map((bytes) => ({ bytes }));
  const { start, end } = layout.pixelData;
  const header = readDicom(layout.prefix.slice(0, start).buffer);
  edit(header);
  const pixels = blob.slice(start, end);
  return [{ bytes: new Uint8Array(writeDicom(header)) }, end <= layout.prefix.length ? { bytes: layout.prefix.subarray(start, end), blob: pixels } : { blob: pixels }];
}
