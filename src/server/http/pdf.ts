import { AppError } from '../errors.ts';
import type { UploadedFile } from './forms.ts';

/** A multipart file that must be a PDF (a bill, a report), by its media type or name; anything else is refused (415). */
export function pdfOf(file: UploadedFile | undefined, field: string): UploadedFile | null {
  if (!file) return null;
  if (file.contentType !== 'application/pdf' && !/\.pdf$/i.test(file.name)) throw new AppError(415, [{ field, key: 'staff.pdfRequired' }]);
  return file;
}
