/**
 * Helpers for the calibration and notification API tests: valid forms, multipart create/replace requests,
 * verified users, and what the server kept (files on disk and in the `files` table, notifications).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { files } from '#server/db/schema.ts';
import type { Calibration } from '#shared/schemas/calibrations.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { API, lang, registerUser, verifyEmail, type App, type InjectResponse, type MailingTestApp, type RegistrationOverrides, type SignedInUser } from './accounts.ts';
import { multipart, type MultipartFields } from './multipart.ts';

export type { Calibration, Notification };
export type User = Pick<SignedInUser, 'id' | 'cookies'>;

export const calibrationsUrl = (uid: string) => `${API}/users/${uid}/calibrations/`;
export const calibrationUrl = (uid: string, cid: string) => `${API}/users/${uid}/calibrations/${cid}/`;
export const notificationsUrl = (uid: string, query = '') => `${API}/users/${uid}/notifications/${query}`;
export const toggleUrl = (uid: string, nid: string) => `${API}/users/${uid}/notifications/${nid}/toogle_check/`;

let nameSequence = 0;

/** A valid calibration form (camelCase, values as a browser form sends them) with a name of its own. */
export function calibrationFields(overrides: MultipartFields = {}): MultipartFields {
  nameSequence += 1;
  return {
    isotope: 'Lu-177',
    calibrationName: `Calibração ${nameSequence}`,
    syringeActivity: 50,
    residualSyringeActivity: 0.3,
    measurementDatetime: '2024-05-10 11:02:51',
    phantomVolume: 200,
    acquisitionTime: 1800,
    ...overrides,
  };
}

/** Deterministic pseudo-random bytes standing in for a zipped image set (xorshift32 from `seed`), starting as a zip does. */
export function imageBytes(size = 4096, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
  // They stand for a zip: the server checks an upload's first bytes against its declared type.
  bytes.set([0x50, 0x4b, 0x03, 0x04].slice(0, size));
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface SendOptions {
  /** The `images` file; POST defaults to `imageBytes()`, PUT to none; null sends no file. */
  images?: Uint8Array | null;
  filename?: string;
  headers?: Record<string, string>;
  acceptLanguage?: string;
}

/** A multipart calibration form sent with the user's cookies. */
export async function sendCalibration(
  app: App,
  user: User,
  method: 'POST' | 'PUT',
  url: string,
  fields: MultipartFields,
  options: SendOptions = {},
): Promise<InjectResponse> {
  const images = options.images === undefined ? (method === 'POST' ? imageBytes() : null) : options.images;
  const body = await multipart(fields, images ? { images: { content: images, filename: options.filename ?? 'phantom.zip', contentType: 'application/zip' } } : {});
  return app.inject({
    method,
    url,
    payload: body.payload,
    headers: { cookie: user.cookies, ...lang(options.acceptLanguage), ...body.headers, ...options.headers },
  });
}

export const postCalibration = (app: App, user: User, fields: MultipartFields, options?: SendOptions) =>
  sendCalibration(app, user, 'POST', calibrationsUrl(user.id), fields, options);

export const putCalibration = (app: App, user: User, cid: string, fields: MultipartFields, options?: SendOptions) =>
  sendCalibration(app, user, 'PUT', calibrationUrl(user.id, cid), fields, options);

/** Creates a calibration (multipart with a file) and fails loudly unless the answer is 201. */
export async function createCalibration(app: App, user: User, overrides: MultipartFields = {}, options: SendOptions = {}): Promise<Calibration> {
  const response = await postCalibration(app, user, calibrationFields(overrides), options);
  if (response.statusCode !== 201) throw new Error(`create calibration answered ${response.statusCode}: ${response.body}`);
  return response.json<Calibration>();
}

export function getCalibration(app: App, user: User, cid: string, acceptLanguage?: string) {
  return app.inject({ url: calibrationUrl(user.id, cid), headers: { cookie: user.cookies, ...lang(acceptLanguage) } });
}

export function deleteCalibration(app: App, user: User, cid: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'DELETE', url: calibrationUrl(user.id, cid), headers: { cookie: user.cookies, ...headers } });
}

export async function listCalibrations(app: App, user: User): Promise<{ count: number; row: Calibration[] }> {
  const response = await app.inject({ url: calibrationsUrl(user.id), headers: { cookie: user.cookies } });
  if (response.statusCode !== 200) throw new Error(`list calibrations answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export async function listNotifications(app: App, user: User, query = '', acceptLanguage?: string): Promise<{ count: number; row: Notification[] }> {
  const response = await app.inject({ url: notificationsUrl(user.id, query), headers: { cookie: user.cookies, ...lang(acceptLanguage) } });
  if (response.statusCode !== 200) throw new Error(`list notifications answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** POST toogle_check; `body` undefined sends none (v1's flip). */
export function toggleCheck(app: App, user: User, nid: string, body?: { checked: boolean }, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: toggleUrl(user.id, nid),
    headers: { cookie: user.cookies, ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Registers a user and confirms the e-mail with the mailed link (calibration writes need it). */
export async function verifiedUser(t: Pick<MailingTestApp, 'app' | 'smtp'>, overrides: RegistrationOverrides = {}): Promise<SignedInUser> {
  const user = await registerUser(t.app, overrides);
  await verifyEmail(t.app, t.smtp, user);
  return user;
}

/** The names of the files kept under `<dataDir>/files`. */
export function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The user's rows of the `files` table. */
export function fileRowsOf(app: App, userId: string) {
  return app.db.select().from(files).where(eq(files.userId, userId));
}

/** The id of the file an `imagesUrl` (`/api/v1/files/<id>/`) names. */
export function fileIdOf(imagesUrl: string | null): string {
  const match = /^\/api\/v1\/files\/([0-9a-f-]{36})\/$/.exec(imagesUrl ?? '');
  if (!match) throw new Error(`not a file URL: ${imagesUrl}`);
  return match[1]!;
}
