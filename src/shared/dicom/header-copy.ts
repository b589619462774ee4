import { readDicom, writeDicom, type DicomFile } from './dicom-file.ts';
import { pixelDataSpan } from './header-extent.ts';

/**
 * A copy of a whole Part 10 file with its header edited (de-identified), as parts to write one after the
 * other. Most of a file is its pixel data, which de-identification never changes: only the header up to
 * the top-level Pixel Data is read and rewritten by dcmjs, and the original Pixel Data element follows as
 * it was (a view of the same bytes, not a copy, not re-encoded). The header keeps the file's transfer
 * syntax, so those bytes still read right after it. Data Set Trailing Padding after it is dropped (X in
 * the profile). A file without top-level Pixel Data, with anything else after it, or deflated, is read and
 * written whole.
 */
export function editedCopy(bytes: Uint8Array, edit: (file: DicomFile) => void): Uint8Array[] {
  const span = pixelDataSpan(bytes);
  if (!span?.paddingOnlyAfter) {
    const file = readDicom(ownBuffer(bytes));
    edit(file);
    return [new Uint8Array(writeDicom(file))];
  }
  const header = readDicom(bytes.slice(0, span.start).buffer);
  edit(header);
  return [new Uint8Array(writeDicom(header)), bytes.subarray(span.start, span.end)];
}

const ownBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
