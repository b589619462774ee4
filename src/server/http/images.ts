import { z } from 'zod';
import { fieldErrors } from '../errors.ts';
import type { ImagesSource } from '../services/images.ts';
import { bodyCheckedByHandler } from './body-checked-by-handler.ts';
import type { ReadForm } from './forms.ts';
import { isUuid } from './uuid.ts';

const ImagesUploadId = z.uuid().optional().describe('A finished upload of /uploads/ (tus), consumed once');

/** A file part of a multipart form, for the API document. */
export const filePart = (description: string) => z.string().meta({ contentMediaType: 'application/octet-stream', description });

/**
 * A form with images (src/server/README.md, "Wire shapes"): the handler reads it (`readForm`) and checks it with
 * `fields`, so the route's body is the JSON shape with its validator set aside (`validatorCompiler`), and the
 * document shows the JSON and multipart shapes from the same `fields`.
 */
export function formWithImages(fields: z.ZodObject | z.ZodUnion<z.ZodObject[]>) {
  const withUpload = (extra: z.ZodRawShape) =>
    fields instanceof z.ZodObject ? fields.extend(extra) : z.union(fields.options.map((option) => option.extend(extra)));
  const json = withUpload({ imagesUploadId: ImagesUploadId });
  return {
    body: json,
    validatorCompiler: bodyCheckedByHandler,
    openapi: {
      requestBody: {
        'application/json': json,
        'multipart/form-data': withUpload({ imagesUploadId: ImagesUploadId, images: filePart('A zip, DICOM or image; checked by type and first bytes').optional() }),
      },
    },
  };
}

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
