import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { fieldErrors, type ErrorMessage } from '../errors.ts';
import { contentMatchesType, MAGIC_BYTES } from '../services/file-magic-bytes.ts';
import type { ImagesSource } from '../services/images.ts';
import { acceptedType } from '../services/uploads.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ReadForm } from './forms.ts';
import { imagesSourceOf } from './images.ts';
import { toSnake } from './wire-names.ts';

/**
 * What the multipart forms (analyses, calibrations) share: v1's wording of a form issue and the check of a
 * form's `images`. Their errors are `ErrorMessage`s, answered with `fieldErrors`.
 */

/**
 * A form issue as v1 words it: the schema's key, except for a length, which v1 counts
 * ("Ensure this value has at least 3 characters (it has 2)."); parse with `reportInput` so the issue has it.
 */
export function issueMessage(issue: z.core.$ZodIssue): ErrorMessage {
  const field = toSnake(String(issue.path[0] ?? 'request'));
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'string' && issue.message !== 'validation.required') {
    const length = [...String(issue.input)].length;
    return issue.code === 'too_small'
      ? { field, key: 'validation.minLength', values: { min: Number(issue.minimum), length } }
      : { field, key: 'validation.maxLength', values: { max: Number(issue.maximum), length } };
  }
  return { field, key: issue.message };
}

/** A part of a form that v1 checks first and on its own (a calibration's isotope, an analysis's reference): its errors come alone. */
export function parseFormPart<T>(schema: z.ZodType<T>, form: ReadForm): T {
  const parsed = schema.safeParse(form.fields, { reportInput: true });
  if (!parsed.success) throw fieldErrors(parsed.error.issues.map(issueMessage));
  return parsed.data;
}

/**
 * The rest of a form (v1's model form) with its images: the fields' issues in v1's wording, else the checks
 * across fields (`problemsOf`), and the images' problem, all in one 400. Stored files are removed when it is
 * refused (`withForm`).
 */
export async function parseFormWithImages<T>(
  schema: z.ZodType<T>,
  form: ReadForm,
  store: FileStore,
  imagesRequired: boolean,
  problemsOf: (fields: T) => ErrorMessage[] = () => [],
): Promise<{ fields: T; images: ImagesSource | null }> {
  const parsed = schema.safeParse(form.fields, { reportInput: true });
  const { images, problem } = await checkImages(store, form, imagesRequired);
  const problems = parsed.success ? problemsOf(parsed.data) : parsed.error.issues.map(issueMessage);
  if (problem) problems.push(problem);
  if (!parsed.success || problems.length > 0) throw fieldErrors(problems);
  return { fields: parsed.data, images };
}

/** The first bytes of a stream (it is closed after them). */
async function headOf(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/**
 * A form's images: a multipart file is held to the resumable uploads' rule (a zip, DICOM or image by its
 * declared type or extension, whose first bytes are that type's) and recorded with the accepted type; an
 * `imagesUploadId` was checked when its upload ended. A refusal is a `problem` on `images`, for the caller
 * to answer with the form's other errors.
 */
export async function checkImages(store: FileStore, form: ReadForm, required: boolean): Promise<{ images: ImagesSource | null; problem?: ErrorMessage }> {
  const images = imagesSourceOf(form);
  if (!images) return required ? { images, problem: { field: 'images', key: 'validation.required' } } : { images };
  if (images.kind !== 'file') return { images };
  const type = acceptedType(images.file.name, images.file.contentType);
  if (!type) return { images, problem: { field: 'images', key: 'uploads.typeNotAccepted' } };
  if (!contentMatchesType(type, await headOf(store.open(images.file.storageKey), MAGIC_BYTES))) {
    return { images, problem: { field: 'images', key: 'uploads.contentMismatch', values: { name: images.file.name } } };
  }
  // dcmjs and zip.js (~6 MB of heap) load with the first image checked, not at start (issue 35).
  const { identifyingElementsOf } = await import('../services/dicom-identity.ts');
  const identifyingElements = await identifyingElementsOf(() => store.object(images.file.storageKey), type);
  return { images: { kind: 'file', file: { ...images.file, contentType: type, identifyingElements } } };
}
