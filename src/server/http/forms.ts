import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { claimForm } from '../plugins/idempotency.ts';
import { nulCharacterError } from './nul-characters.ts';
import type { FileStore, StoredBytes } from '../storage/file-store.ts';
import { toCamel } from './wire-names.ts';

export interface UploadedFile extends StoredBytes {
  name: string;
  contentType: string;
}

export interface ReadForm {
  fields: Record<string, unknown>;
  /** Files by field name, already on disk. */
  files: Record<string, UploadedFile>;
  /** Removes the stored files (the form was refused). */
  discard(): Promise<void>;
}

/** What identifies a multipart form for its Idempotency-Key: the fields and each file's SHA-256. */
const formIdentity = (fields: ReadForm['fields'], files: ReadForm['files']) => ({
  fields,
  files: Object.fromEntries(Object.entries(files).map(([name, file]) => [name, file.sha256])),
});

/**
 * A JSON or multipart body as fields (camelCase) and files streamed to the store; only `fileFields` are kept.
 * A multipart form's Idempotency-Key is claimed here, once it is read (a replay throws the stored answer,
 * the files of this request removed): JSON bodies were claimed before the handler.
 */
export async function readForm(request: FastifyRequest, store: FileStore, fileFields: string[]): Promise<ReadForm> {
  const files: Record<string, UploadedFile> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((file) => store.remove(file.storageKey)));
  };
  if (!request.isMultipart()) return { fields: (request.body as Record<string, unknown>) ?? {}, files, discard };
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of formParts(request)) {
      const name = toCamel(part.fieldname);
      if (part.type === 'field') {
        if (typeof part.value === 'string' && part.value.includes('\u0000')) throw nulCharacterError(part.fieldname);
        fields[name] = part.value;
      } else if (fileFields.includes(name) && !files[name]) {
        // A file cut short (a truncated body) is the form's fault, not the store's.
        const stored = await store.save(part.file).catch((error: unknown) => {
          throw part.file.errored ? malformedForm() : error;
        });
        files[name] = { ...stored, name: part.filename || name, contentType: part.mimetype || 'application/octet-stream' };
        if (part.file.truncated) throw new AppError(413, [{ key: 'errors.fileTooLarge', field: part.fieldname }]);
      } else {
        part.file.resume();
      }
    }
    await claimForm(request, formIdentity(fields, files));
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, discard };
}

const malformedForm = () => new AppError(400, [{ key: 'errors.malformedForm' }]);

/**
 * The form's parts. What the multipart parser cannot read (no boundary, a truncated body, a part without a
 * name) is the client's malformed form, 400; the parser's own refusals (its limits, 413) keep their status.
 */
async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const refusal = (error: unknown) => ((error as { statusCode?: number }).statusCode ? error : malformedForm());
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw refusal(error);
  }
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw refusal(error);
      });
      if (next.done) return;
      if (!next.value.fieldname) throw malformedForm();
      yield next.value;
    }
  } finally {
    await parts.return?.();
  }
}
