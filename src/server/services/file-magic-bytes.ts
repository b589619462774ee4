/**
 * What an upload holds, checked against the type it was declared as when its last byte arrives: a file
 * named `.zip` must begin as a zip, and so on. The first bytes are enough (magic numbers).
 */

/** How many leading bytes the checks read (DICOM's "DICM" sits after a 128-byte preamble). */
export const MAGIC_BYTES = 132;

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);

/** A local file header, an empty archive's end record, or a spanned archive's marker. */
const isZip = (head: Buffer) => startsWith(head, 0x50, 0x4b, 0x03, 0x04) || startsWith(head, 0x50, 0x4b, 0x05, 0x06) || startsWith(head, 0x50, 0x4b, 0x07, 0x08);

/**
 * Part 10 files: "DICM" after the preamble. Files without the preamble (older exports) start with a
 * little-endian tag of group 0002 (file meta) or 0008 (identification).
 */
const isDicom = (head: Buffer) =>
  head.subarray(128, 132).toString('latin1') === 'DICM' || ((head[0] === 0x02 || head[0] === 0x08) && head[1] === 0x00 && head.length >= 8);

const isPng = (head: Buffer) => startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const isJpeg = (head: Buffer) => startsWith(head, 0xff, 0xd8, 0xff);
/** Classic and BigTIFF, either byte order. */
const isTiff = (head: Buffer) =>
  startsWith(head, 0x49, 0x49, 0x2a, 0x00) || startsWith(head, 0x4d, 0x4d, 0x00, 0x2a) || startsWith(head, 0x49, 0x49, 0x2b, 0x00) || startsWith(head, 0x4d, 0x4d, 0x00, 0x2b);

/** A report (staff uploads, issue 17). */
const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

const CHECKS: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': isPdf,
  'application/zip': isZip,
  'application/x-zip-compressed': isZip,
  'application/dicom': isDicom,
  'image/png': isPng,
  'image/jpeg': isJpeg,
  'image/tiff': isTiff,
};

/** Whether the file's first bytes are those of `type` (an accepted upload type); unknown types never match. */
export function contentMatchesType(type: string, head: Buffer): boolean {
  return CHECKS[type]?.(head) ?? false;
}
