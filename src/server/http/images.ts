import { z } from 'zod';
import { fieldErrors } from '../errors.ts';
import type { ImagesSource } from '../services/images.ts';
import type { ReadForm } from './forms.ts';
import { isUuid } from './uuid.ts';

/**
 * The body of a form with images, for the API docs: a multipart body is read by the handler (`readForm`), so
 * the schema only describes the shapes (src/server/README.md, "Wire shapes").
 */
export const formWithImagesBody = (fields: string) =>
  z
    .any()
    .describe(
      `JSON (${fields} and \`imagesUploadId\`, a finished upload of /uploads/) or multipart/form-data (${fields} and the file \`images\`, or the field \`imagesUploadId\`)`,
    );

/** A form's images: the multipart file `images`, else the JSON/multipart field `imagesUploadId`; null when neither. */
export function imagesSourceOf(form: ReadForm): ImagesSource | null {
  const images = form.files.images;
  if (images) {
    const { name, contentType, size, sha256, storageKey } = images;
    return { kind: 'file', file: { name, contentType, size, sha256, storageKey } };
  }
  const uploadId = form.fields.imagesUploadId;
  if (uploadId === undefined || uploadId === null || uploadId === '') return null;
  if (!isUuid(uploadId)) throw fieldErrors([{ field: 'images_upload_id', key: 'validation.invalidUuid' }]);
  return { kind: 'upload', uploadId: uploadId.toLowerCase() };
}

/** Runs a write on a read form; its stored files are removed unless `keep` says they were recorded. */
export async function withForm<T>(form: ReadForm, write: () => Promise<{ result: T; keep: boolean }>): Promise<T> {
  let keep = false;
  try {
    const outcome = await write();
    keep = outcome.keep;
    return outcome.result;
  } finally {
    if (!keep) await form.discard();
  }
}
