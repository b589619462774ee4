/**
 * multipart/form-data bodies for `app.inject`: built with the platform's FormData and Blob and serialized by
 * a `Request`, so the boundary and part headers are exactly what a browser's fetch would send.
 */

export interface MultipartFile {
  content: Uint8Array | string;
  /** The part's filename; defaults to `upload.bin`. */
  filename?: string;
  /** The part's content type; defaults to `application/octet-stream`. */
  contentType?: string;
}

export type MultipartFields = Record<string, string | number | boolean | null | undefined>;

export interface MultipartBody {
  payload: Buffer;
  /** The `content-type` header, with the boundary. */
  headers: { 'content-type': string };
}

/** The bytes and content type of a form with `fields` (null/undefined left out) and `files`. */
export async function multipart(fields: MultipartFields, files: Record<string, MultipartFile> = {}): Promise<MultipartBody> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : new Uint8Array(file.content);
    form.append(name, new Blob([bytes], { type: file.contentType ?? 'application/octet-stream' }), file.filename ?? 'upload.bin');
  }
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type');
  if (!contentType?.startsWith('multipart/form-data; boundary=')) throw new Error(`unexpected content type ${contentType}`);
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': contentType } };
}
