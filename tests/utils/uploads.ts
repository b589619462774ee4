/**
 * A tiny tus 1.0 client for the API tests (through `inject`): create an upload with its metadata, ask for its
 * offset, send bytes from an offset, end it; and `uploadFile` to do it all in chunks.
 */
import { expect } from 'vitest';
import { API, expectStatus, lang, type App, type InjectResponse } from './accounts.ts';
import { sha256 } from './calibrations.ts';

export const UPLOADS_URL = `${API}/uploads/`;
export const uploadUrl = (id: string) => `${API}/uploads/${id}/`;
const TUS = { 'tus-resumable': '1.0.0' };

export interface Caller {
  cookies: string;
}

/** `Upload-Metadata`: `key base64(value)` pairs. */
export const tusMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

export interface NewUpload {
  size: number;
  filename?: string;
  filetype?: string;
  /** Hex SHA-256 the client computed; null leaves it out. */
  sha256?: string | null;
  /** creation-with-upload: the first bytes in the POST itself. */
  body?: Uint8Array;
  headers?: Record<string, string>;
  acceptLanguage?: string;
}

export function createUploadRequest(app: App, caller: Caller | null, upload: NewUpload): Promise<InjectResponse> {
  const metadata: Record<string, string> = { filename: upload.filename ?? 'phantom.zip', filetype: upload.filetype ?? 'application/zip' };
  if (upload.sha256 !== null) metadata.sha256 = upload.sha256 ?? '0'.repeat(64);
  return app.inject({
    method: 'POST',
    url: UPLOADS_URL,
    headers: {
      ...TUS,
      ...(caller ? { cookie: caller.cookies } : {}),
      'upload-length': String(upload.size),
      'upload-metadata': tusMetadata(metadata),
      ...(upload.body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...lang(upload.acceptLanguage),
      ...upload.headers,
    },
    ...(upload.body ? { payload: Buffer.from(upload.body) } : {}),
  });
}

/** The id a creation's `Location` (`/api/v1/uploads/<id>`) names. */
export function uploadIdOf(response: InjectResponse): string {
  const match = /\/api\/v1\/uploads\/([0-9a-f-]{36})$/.exec(String(response.headers.location ?? ''));
  if (!match) throw new Error(`no upload Location in ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
  return match[1]!;
}

/** Creates an upload for `bytes` (their real SHA-256 unless given) and returns its id. */
export async function createUpload(app: App, caller: Caller, bytes: Uint8Array, options: Partial<NewUpload> = {}): Promise<string> {
  const response = await createUploadRequest(app, caller, { size: bytes.length, sha256: sha256(bytes), ...options });
  expectStatus(response, 201);
  return uploadIdOf(response);
}

export function headUpload(app: App, caller: Caller | null, id: string, acceptLanguage?: string) {
  return app.inject({ method: 'HEAD', url: uploadUrl(id), headers: { ...TUS, ...(caller ? { cookie: caller.cookies } : {}), ...lang(acceptLanguage) } });
}

export function patchUpload(app: App, caller: Caller | null, id: string, offset: number, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PATCH',
    url: uploadUrl(id),
    headers: {
      ...TUS,
      ...(caller ? { cookie: caller.cookies } : {}),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    },
    payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });
}

export function deleteUpload(app: App, caller: Caller | null, id: string) {
  return app.inject({ method: 'DELETE', url: uploadUrl(id), headers: { ...TUS, ...(caller ? { cookie: caller.cookies } : {}) } });
}

/** Sends `bytes` from `offset` in chunks; returns the last answer. */
export async function sendChunks(app: App, caller: Caller, id: string, bytes: Uint8Array, chunkSize: number, offset = 0): Promise<InjectResponse> {
  let last: InjectResponse | null = null;
  for (let at = offset; at < bytes.length; at += chunkSize) {
    last = await patchUpload(app, caller, id, at, bytes.subarray(at, Math.min(at + chunkSize, bytes.length)));
    if (last.statusCode !== 204) return last;
  }
  if (!last) throw new Error('nothing to send');
  return last;
}

/** A whole upload: creation, then PATCHes of `chunkSize`; fails loudly unless every answer is a success. Returns its id. */
export async function uploadFile(app: App, caller: Caller, bytes: Uint8Array, options: Partial<NewUpload> & { chunkSize?: number } = {}): Promise<string> {
  const { chunkSize = 1024 * 1024, ...upload } = options;
  const id = await createUpload(app, caller, bytes, upload);
  const last = await sendChunks(app, caller, id, bytes, chunkSize);
  expectStatus(last, 204);
  expect(last.headers['upload-offset']).toBe(String(bytes.length));
  return id;
}
