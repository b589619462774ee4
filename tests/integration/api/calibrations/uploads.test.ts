// Multipart limits on calibration forms: a file over the configured upload limit → 413 (translated), and
// nothing of it stays on disk or in the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  createCalibration,
  fileRowsOf,
  getCalibration,
  imageBytes,
  listCalibrations,
  listNotifications,
  postCalibration,
  putCalibration,
  sha256,
  storedFiles,
  verifiedUser,
} from '#tests/utils/calibrations.ts';
import { multipart } from '#tests/utils/multipart.ts';

const LIMIT = 64 * 1024;
const TOO_LARGE = {
  'pt-BR': 'images: O arquivo é grande demais.',
  'en-US': 'images: The file is too large.',
  es: 'images: El archivo es demasiado grande.',
};

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp({ uploadLimit: LIMIT });
});
afterAll(() => t?.close());

/** A user of their own: the data directory is shared by the whole file. */
const freshUser = (name: string) => verifiedUser(t, { name });

async function expectNothingKept(user: SignedInUser, filesBefore: number) {
  expect(storedFiles(t.dataDir)).toHaveLength(filesBefore);
  expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);
  expect(await listCalibrations(t.app, user)).toEqual({ count: 0, row: [] });
  expect((await listNotifications(t.app, user)).count).toBe(0);
}

describe(`upload limit (${LIMIT} bytes)`, () => {
  it.each([
    [undefined, TOO_LARGE['pt-BR']],
    ['en-US', TOO_LARGE['en-US']],
    ['es', TOO_LARGE.es],
  ])('a file over the limit → 413 (%s); no file left on disk, no row, no calibration', async (acceptLanguage, message) => {
    const user = await freshUser('Ulisses Grande');
    const before = storedFiles(t.dataDir).length;
    const response = await postCalibration(t.app, user, calibrationFields({ id: randomUUID() }), { images: imageBytes(LIMIT * 2), acceptLanguage });
    expectStatus(response, 413);
    expect(response.json()).toEqual({ errors: [message] });
    await expectNothingKept(user, before);
  });

  it('one byte over the limit → 413 as well', async () => {
    const user = await freshUser('Ulisses Byte');
    const before = storedFiles(t.dataDir).length;
    const response = await postCalibration(t.app, user, calibrationFields(), { images: imageBytes(LIMIT + 1) });
    expectStatus(response, 413);
    await expectNothingKept(user, before);
  });

  it('a file of exactly the limit is accepted and kept byte for byte', async () => {
    const user = await freshUser('Ulisses Exato');
    const images = imageBytes(LIMIT, 5);
    const created = await createCalibration(t.app, user, {}, { images });
    const download = await t.app.inject({ url: created.imagesUrl!, headers: { cookie: user.cookies } });
    expectStatus(download, 200);
    expect(download.rawPayload.length).toBe(LIMIT);
    expect(sha256(download.rawPayload)).toBe(sha256(images));
  });

  it('the fields placed after a too-large file do not matter: still 413 and nothing kept', async () => {
    const user = await freshUser('Ulisses Ordem');
    const before = storedFiles(t.dataDir).length;
    // The file part first, then the fields (FormData keeps insertion order).
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(imageBytes(LIMIT * 3))], { type: 'application/zip' }), 'big.zip');
    for (const [name, value] of Object.entries(calibrationFields())) form.append(name, String(value));
    const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: calibrationsUrl(user.id),
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { cookie: user.cookies, 'content-type': request.headers.get('content-type')! },
    });
    expectStatus(response, 413);
    await expectNothingKept(user, before);
  });

  it('a too-large replacement on PUT → 413; the calibration keeps its file', async () => {
    const user = await freshUser('Ulisses Troca');
    const original = await createCalibration(t.app, user, {}, { images: imageBytes(1024, 3) });
    const filesBefore = storedFiles(t.dataDir).length;
    const response = await putCalibration(t.app, user, original.id, calibrationFields({ calibrationName: 'Troca Grande' }), { images: imageBytes(LIMIT + 100) });
    expectStatus(response, 413);
    expect(response.json()).toEqual({ errors: [TOO_LARGE['pt-BR']] });
    expect((await getCalibration(t.app, user, original.id)).json()).toEqual(original);
    expect(storedFiles(t.dataDir)).toHaveLength(filesBefore);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('a 413 is not stored under its Idempotency-Key: the same key with a smaller file creates', async () => {
    const user = await freshUser('Ulisses Chave');
    const key = randomUUID();
    const fields = calibrationFields({ id: randomUUID() });
    expectStatus(await postCalibration(t.app, user, fields, { images: imageBytes(LIMIT * 2), headers: { 'idempotency-key': key } }), 413);
    const retry = await postCalibration(t.app, user, fields, { images: imageBytes(2048), headers: { 'idempotency-key': key } });
    expectStatus(retry, 201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('other file parts', () => {
  it('file parts other than `images` are not kept; only the first `images` is', async () => {
    const user = await freshUser('Ulisses Extra');
    const before = storedFiles(t.dataDir).length;
    const first = imageBytes(3000, 1);
    const form = await multipart(calibrationFields(), {
      images: { content: first, filename: 'a.zip', contentType: 'application/zip' },
      report: { content: imageBytes(3000, 2), filename: 'b.pdf', contentType: 'application/pdf' },
    });
    const response = await t.app.inject({ method: 'POST', url: calibrationsUrl(user.id), payload: form.payload, headers: { cookie: user.cookies, ...form.headers } });
    expectStatus(response, 201);
    expect(storedFiles(t.dataDir)).toHaveLength(before + 1);
    const download = await t.app.inject({ url: response.json<{ imagesUrl: string }>().imagesUrl, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(first));
  });
});
