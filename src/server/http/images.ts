import { fieldErrors } from '../errors.ts';
import type { ImagesSource } from '../services/images.ts';
import type { ReadForm } from './forms.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A form's images: the multipart file `images`, else the JSON/multipart field `imagesUploadId`; null when neither. */
export function imagesSourceOf(form: ReadForm): ImagesSource | null {
  const images = form.files.images;
  if (images) {
    const { name, contentType, size, sha256, storageKey } = images;
    return { kind: 'file', file: { name, contentType, size, sha256, storageKey } };
  }
  const uploadId = form.fields.imagesUploadId;
  if (uploadId === undefined || uploadId === null || uploadId === '') return null;
  if (typeof uploadId !== 'string' || !UUID.test(uploadId)) throw fieldErrors([{ field: 'images_upload_id', key: 'validation.invalidUuid' }]);
  return { kind: 'upload', uploadId: uploadId.toLowerCase() };
}

/** What identifies a form for its Idempotency-Key: the fields and each file's SHA-256. */
export const formIdentity = (form: ReadForm) => ({
  fields: form.fields,
  files: Object.fromEntries(Object.entries(form.files).map(([name, file]) => [name, file.sha256])),
});

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
