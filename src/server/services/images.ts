import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { consumeUpload } from './uploads.ts';

/** A file already streamed to the file store (multipart). */
export interface NewFile {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  /** DICOM: the identifying elements found in it (services/dicom-identity.ts). */
  identifyingElements?: string[] | null;
}

/** Where a calibration's or analysis's images come from: a multipart file, or a finished resumable upload. */
export type ImagesSource = { kind: 'file'; file: NewFile } | { kind: 'upload'; uploadId: string };

/** Records the images as a `files` row in the caller's transaction (consuming the upload); returns its id. */
export async function storeImages(tx: Db, userId: string, source: ImagesSource): Promise<string> {
  if (source.kind === 'upload') return (await consumeUpload(tx, userId, source.uploadId)).id;
  const [row] = await tx.insert(files).values({ userId, ...source.file }).returning({ id: files.id });
  return row!.id;
}
