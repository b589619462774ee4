/**
 * The wire shapes in which calibrations and analyses take a form with its images (src/server/README.md,
 * "Wire shapes"): JSON with `imagesUploadId` (a finished resumable upload), v1's multipart form with the
 * `images` file, or the multipart form with an `imagesUploadId` field; keys in camelCase or v1's snake_case.
 */
import type { App, InjectResponse } from './accounts.ts';
import type { User } from './calibrations.ts';
import { multipart, type MultipartFields } from './multipart.ts';
import { uploadFile } from './uploads.ts';

export const WIRE_SHAPES = ['json', 'json snake_case', 'multipart file', 'multipart imagesUploadId'] as const;
export type WireShape = (typeof WIRE_SHAPES)[number];

const snakeKeys = (fields: MultipartFields) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));

/** Sends `fields` with `images` in the given shape (an upload is made first for the shapes that name one). */
export async function sendForm(app: App, user: User, method: 'POST' | 'PUT', url: string, shape: WireShape, fields: MultipartFields, images: Uint8Array): Promise<InjectResponse> {
  const headers = { cookie: user.cookies };
  if (shape === 'multipart file') {
    const body = await multipart(fields, { images: { content: images, filename: 'images.zip', contentType: 'application/zip' } });
    return app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
  }
  const withUpload = { ...fields, imagesUploadId: await uploadFile(app, user, images) };
  if (shape === 'multipart imagesUploadId') {
    const body = await multipart(snakeKeys(withUpload));
    return app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
  }
  return app.inject({ method, url, payload: shape === 'json' ? withUpload : snakeKeys(withUpload), headers });
}
