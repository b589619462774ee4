// Resumable uploads (tus 1.0, docs/api.md additions, docs/reference/backend-notes.md §3): creation and resume, ownership (others
// 404, anonymous 401), size and type refused before any byte travels, the SHA-256 checked at the end, the
// expiry sweep, and the finished upload consumed once by a calibration (`imagesUploadId`).
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#server/db/schema.ts';
import { sweepOrphanUploads } from '#server/services/uploads.ts';
import { API, createMailingTestApp, expectStatus, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { calibrationFields, calibrationsUrl, deleteCalibration, fileRowsOf, imageBytes, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import {
  createUpload,
  createUploadRequest,
  deleteUpload,
  headUpload,
  patchUpload,
  sendChunks,
  uploadFile,
  uploadIdOf,
  UPLOADS_URL,
} from '#tests/utils/uploads.ts';
import { expectOnlyLiveUploads, isStored, readStored, storedBytes } from '#tests/utils/upload-store.ts';

const LIMIT = 8 * 1024 * 1024;
const HOUR_MS = 3600 * 1000;
const TOO_LARGE = {
  'pt-BR': 'O arquivo é grande demais: o limite é 8 MB.',
  'en-US': 'The file is too large: the limit is 8 MB.',
  es: 'El archivo es demasiado grande: el límite es 8 MB.',
};
const TYPE_REFUSED = {
  'pt-BR': 'Tipo de arquivo não aceito: envie um arquivo zip, arquivos DICOM ou imagens (PNG, JPEG, TIFF).',
  'en-US': 'File type not accepted: send a zip archive, DICOM files or images (PNG, JPEG, TIFF).',
  es: 'Tipo de archivo no aceptado: envíe un archivo zip, archivos DICOM o imágenes (PNG, JPEG, TIFF).',
};
const CHECKSUM = {
  'pt-BR': 'O arquivo recebido não corresponde ao seu SHA-256: o envio falhou. Envie o arquivo de novo.',
  'en-US': 'The file received does not match its SHA-256: the upload failed. Send the file again.',
  es: 'El archivo recibido no coincide con su SHA-256: la carga falló. Envíe el archivo de nuevo.',
};
const NOT_FOUND = { 'pt-BR': 'Envio não encontrado.', 'en-US': 'Upload not found.', es: 'Carga no encontrada.' };
const NO_CREDENTIALS = 'As credenciais de autenticação não foram fornecidas.';

let t: MailingTestApp;
let ana: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp({ uploadMaxBytes: LIMIT });
  [ana, bob] = await Promise.all([verifiedUser(t, { name: 'Ana Envio' }), verifiedUser(t, { name: 'Bob Envio' })]);
}, 30_000);
afterAll(async () => {
  // After the whole suite, the store holds what live records need, nothing more (no pending multipart upload either).
  if (t) await expectOnlyLiveUploads(t);
  await t?.close();
});

const rowOf = async (id: string) => (await t.app.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const uploadCount = async (userId: string) => (await t.app.db.select().from(uploads).where(eq(uploads.userId, userId))).length;

describe('creation and resume', () => {
  it('POST → 201 with Location and Tus-Resumable; HEAD gives the offset; PATCH from it finishes; the row is complete', async () => {
    const bytes = imageBytes(300_000, 3);
    const id = await createUpload(t.app, ana, bytes);
    expect((await rowOf(id))).toMatchObject({ userId: ana.id, filename: 'phantom.zip', type: 'application/zip', size: bytes.length, status: 'receiving' });

    const first = await patchUpload(t.app, ana, id, 0, bytes.subarray(0, 100_000));
    expectStatus(first, 204);
    expect(first.headers['upload-offset']).toBe('100000');
    expect(first.headers['tus-resumable']).toBe('1.0.0');

    // The connection drops; the client asks where to resume.
    const head = await headUpload(t.app, ana, id);
    expectStatus(head, 200);
    expect(head.headers['upload-offset']).toBe('100000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');
    expect((await rowOf(id))?.offset).toBe(100_000);

    const last = await sendChunks(t.app, ana, id, bytes, 64 * 1024, 100_000);
    expectStatus(last, 204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    expect(await rowOf(id)).toMatchObject({ status: 'complete', offset: bytes.length });
    expect(sha256(await readStored(t, id))).toBe(sha256(bytes));
  });

  it('a PATCH from a wrong offset → 409 (translated) and changes nothing', async () => {
    const bytes = imageBytes(10_000, 4);
    const id = await createUpload(t.app, ana, bytes);
    expectStatus(await patchUpload(t.app, ana, id, 0, bytes.subarray(0, 4000)), 204);
    const wrong = await patchUpload(t.app, ana, id, 2000, bytes.subarray(2000, 6000), { 'accept-language': 'en-US' });
    expectStatus(wrong, 409);
    expect(wrong.json()).toEqual({ errors: ['The upload offset does not match the bytes received: ask for the offset (HEAD) and resume from it.'] });
    expect((await headUpload(t.app, ana, id)).headers['upload-offset']).toBe('4000');
  });

  it('creation-with-upload: the first bytes in the POST itself', async () => {
    const bytes = imageBytes(5000, 5);
    const response = await createUploadRequest(t.app, ana, { size: bytes.length, sha256: sha256(bytes), body: bytes });
    expectStatus(response, 201);
    expect(response.headers['upload-offset']).toBe('5000');
    expect((await rowOf(uploadIdOf(response)))?.status).toBe('complete');
  });

  it('without Tus-Resumable → 412 (translated)', async () => {
    const id = await createUpload(t.app, ana, imageBytes(100));
    const response = await t.app.inject({ method: 'HEAD', url: `${API}/uploads/${id}/`, headers: { cookie: ana.cookies } });
    expectStatus(response, 412);
  });

  it('DICOM by type, and images or .dcm by extension with a generic type, are accepted', async () => {
    for (const [filename, filetype, stored] of [
      ['serie.dcm', 'application/dicom', 'application/dicom'],
      ['IM0001.dcm', '', 'application/dicom'],
      ['scan.TIFF', 'application/octet-stream', 'image/tiff'],
      ['foto.jpg', 'image/jpeg', 'image/jpeg'],
      ['mapa.png', 'image/png', 'image/png'],
    ] as const) {
      const id = await createUpload(t.app, ana, imageBytes(10), { filename, filetype });
      expect({ filename, type: (await rowOf(id))?.type }).toEqual({ filename, type: stored });
    }
  });
});

describe('refused before the bytes travel', () => {
  it.each([
    [undefined, TOO_LARGE['pt-BR']],
    ['en-US', TOO_LARGE['en-US']],
    ['es', TOO_LARGE.es],
  ])('Upload-Length over UPLOAD_MAX_BYTES → 413 (%s); no upload recorded', async (acceptLanguage, message) => {
    const user = await registerUser(t.app);
    const response = await createUploadRequest(t.app, user, { size: LIMIT + 1, acceptLanguage });
    expectStatus(response, 413);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('exactly the limit is accepted', async () => {
    expectStatus(await createUploadRequest(t.app, ana, { size: LIMIT }), 201);
  });

  it.each([
    [undefined, 'programa.exe', 'application/x-msdownload', TYPE_REFUSED['pt-BR']],
    ['en-US', 'notes.txt', 'text/plain', TYPE_REFUSED['en-US']],
    ['es', 'semtipo.exe', '', TYPE_REFUSED.es],
    ['en-US', 'disguised.zip', 'text/html', TYPE_REFUSED['en-US']],
  ])('a type that is no zip, DICOM or image → 415 (%s, %s)', async (acceptLanguage, filename, filetype, message) => {
    const user = await registerUser(t.app);
    const response = await createUploadRequest(t.app, user, { size: 100, filename, filetype, acceptLanguage });
    expectStatus(response, 415);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('the SHA-256 is required in the metadata → 400', async () => {
    const missing = await createUploadRequest(t.app, ana, { size: 100, sha256: null, acceptLanguage: 'en-US' });
    expectStatus(missing, 400);
    expect(missing.json()).toEqual({ errors: ["sha256: Send the file's SHA-256 (64 hexadecimal characters)."] });
    expectStatus(await createUploadRequest(t.app, ana, { size: 100, sha256: 'abc' }), 400);
  });

  it('a deferred length → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: UPLOADS_URL,
      headers: { cookie: ana.cookies, 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': 'filename YS56aXA=' },
    });
    expectStatus(response, 400);
  });
});

describe('ownership', () => {
  it('anonymous → 401 on POST, HEAD, PATCH and DELETE', async () => {
    const id = await createUpload(t.app, ana, imageBytes(100));
    for (const response of [
      await createUploadRequest(t.app, null, { size: 10 }),
      await headUpload(t.app, null, id),
      await patchUpload(t.app, null, id, 0, imageBytes(10)),
      await deleteUpload(t.app, null, id),
    ]) {
      expectStatus(response, 401);
      if (response.body) expect(response.json()).toEqual({ errors: [NO_CREDENTIALS] });
    }
  });

  it("another user's upload → 404 on HEAD, PATCH and DELETE; the owner's bytes are untouched", async () => {
    const bytes = imageBytes(1000, 9);
    const id = await createUpload(t.app, ana, bytes);
    expectStatus(await patchUpload(t.app, ana, id, 0, bytes.subarray(0, 500)), 204);
    const patch = await patchUpload(t.app, bob, id, 500, bytes.subarray(500), { 'accept-language': 'en-US' });
    expectStatus(patch, 404);
    expect(patch.json()).toEqual({ errors: [NOT_FOUND['en-US']] });
    for (const [acceptLanguage, message] of [['es', NOT_FOUND.es], ['pt-BR', NOT_FOUND['pt-BR']]] as const) {
      const translated = await patchUpload(t.app, bob, id, 500, bytes.subarray(500), { 'accept-language': acceptLanguage });
      expectStatus(translated, 404, acceptLanguage);
      expect(translated.json()).toEqual({ errors: [message] });
    }
    expectStatus(await headUpload(t.app, bob, id), 404);
    expectStatus(await deleteUpload(t.app, bob, id), 404);
    expect((await headUpload(t.app, ana, id)).headers['upload-offset']).toBe('500');
  });

  it('an unknown or malformed id → 404', async () => {
    const unknown = await headUpload(t.app, ana, randomUUID());
    expectStatus(unknown, 404);
    expectStatus(await patchUpload(t.app, ana, 'not-an-id', 0, imageBytes(1)), 404);
  });

  it('a cross-site creation → 403 (CSRF rules apply)', async () => {
    const response = await createUploadRequest(t.app, ana, { size: 10, headers: { 'sec-fetch-site': 'cross-site' } });
    expectStatus(response, 403);
  });

  it('DELETE (termination) by the owner → 204; the bytes and the row are gone', async () => {
    const id = await createUpload(t.app, ana, imageBytes(1000));
    expectStatus(await patchUpload(t.app, ana, id, 0, imageBytes(1000).subarray(0, 10)), 204);
    expectStatus(await deleteUpload(t.app, ana, id), 204);
    expect(await isStored(t, id)).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
    expectStatus(await headUpload(t.app, ana, id), 404);
    await expectOnlyLiveUploads(t);
  });

  it('DELETE of a finished upload → 204; its object and metadata leave the store', async () => {
    const id = await uploadFile(t.app, ana, imageBytes(3000, 8));
    expect(await isStored(t, id)).toBe(true);
    expectStatus(await deleteUpload(t.app, ana, id), 204);
    expect(await isStored(t, id)).toBe(false);
    await expectOnlyLiveUploads(t);
  });
});

describe('checksum at the end', () => {
  it.each([
    [undefined, CHECKSUM['pt-BR']],
    ['en-US', CHECKSUM['en-US']],
    ['es', CHECKSUM.es],
  ])('bytes that do not match the announced SHA-256 → the last PATCH answers 422 (%s); failed, bytes deleted, HEAD 404', async (acceptLanguage, message) => {
    const bytes = imageBytes(20_000, 11);
    const id = await createUpload(t.app, ana, bytes, { sha256: sha256(imageBytes(20_000, 12)) });
    expectStatus(await patchUpload(t.app, ana, id, 0, bytes.subarray(0, 10_000)), 204);
    const last = await patchUpload(t.app, ana, id, 10_000, bytes.subarray(10_000), acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expectStatus(last, 422);
    expect(last.json()).toEqual({ errors: [message] });
    expect((await rowOf(id))?.status).toBe('failed');
    expect(await isStored(t, id)).toBe(false);
    expectStatus(await headUpload(t.app, ana, id), 404);
    await expectOnlyLiveUploads(t);
  });
});

describe('content checked against the declared type at the end', () => {
  const withHead = (head: number[], size = 2_000, at = 0) => {
    const bytes = imageBytes(size, 21);
    bytes.fill(0, 0, 4);
    bytes.set(head, at);
    return bytes;
  };
  const dicomPart10 = () => {
    const bytes = imageBytes(1_000, 22);
    bytes.fill(0, 0, 128);
    bytes.set(Buffer.from('DICM'), 128);
    return bytes;
  };

  async function sendWhole(bytes: Uint8Array, filename: string, filetype: string, acceptLanguage?: string) {
    const id = await createUpload(t.app, ana, bytes, { filename, filetype });
    return { id, last: await patchUpload(t.app, ana, id, 0, bytes, acceptLanguage ? { 'accept-language': acceptLanguage } : {}) };
  }

  it.each([
    ['serie.zip', 'application/zip', () => imageBytes(2_000, 23)],
    ['vazio.zip', 'application/zip', () => withHead([0x50, 0x4b, 0x05, 0x06])],
    ['serie.dcm', 'application/dicom', dicomPart10],
    ['antigo.dcm', 'application/dicom', () => withHead([0x08, 0x00, 0x05, 0x00])],
    ['mapa.png', 'image/png', () => withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['foto.jpg', 'image/jpeg', () => withHead([0xff, 0xd8, 0xff, 0xe0])],
    ['scan.tif', 'image/tiff', () => withHead([0x49, 0x49, 0x2a, 0x00])],
    ['scan-mac.tif', 'image/tiff', () => withHead([0x4d, 0x4d, 0x00, 0x2a])],
  ])('%s whose bytes are what it says → complete', async (filename, filetype, bytes) => {
    const { id, last } = await sendWhole(bytes(), filename, filetype);
    expectStatus(last, 204);
    expect((await rowOf(id))?.status).toBe('complete');
  });

  it.each([
    [undefined, 'O conteúdo de “exame.zip” não corresponde ao tipo do arquivo: o envio falhou. Escolha um arquivo zip, DICOM ou de imagem válido.'],
    ['en-US', 'The content of “exame.zip” does not match its file type: the upload failed. Choose a valid zip, DICOM or image file.'],
    ['es', 'El contenido de “exame.zip” no corresponde al tipo de archivo: la carga falló. Elija un archivo zip, DICOM o de imagen válido.'],
  ])('a "zip" that is really something else → 422 on the last byte (%s); failed, bytes deleted', async (acceptLanguage, message) => {
    const notZip = withHead([...Buffer.from('MZ')]); // a Windows executable's start
    const { id, last } = await sendWhole(notZip, 'exame.zip', 'application/zip', acceptLanguage);
    expectStatus(last, 422);
    expect(last.json()).toEqual({ errors: [message] });
    expect((await rowOf(id))?.status).toBe('failed');
    expect(await isStored(t, id)).toBe(false);
  });

  it('a PNG declared as DICOM is refused too', async () => {
    const { last } = await sendWhole(withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'serie.dcm', 'application/dicom');
    expectStatus(last, 422);
  });
});

describe('consumed by a calibration (JSON with imagesUploadId)', () => {
  const postJson = (user: SignedInUser, payload: Record<string, unknown>, acceptLanguage = 'en-US') =>
    t.app.inject({ method: 'POST', url: calibrationsUrl(user.id), headers: { cookie: user.cookies, 'accept-language': acceptLanguage }, payload });

  it('a finished upload becomes the calibration images (same bytes at imagesUrl); a second use → 400 already used', async () => {
    const user = await verifiedUser(t, { name: 'Clara Consumo' });
    const bytes = imageBytes(150_000, 21);
    const id = await uploadFile(t.app, user, bytes, { filename: 'fantoma.zip', chunkSize: 40_000 });
    const created = await postJson(user, { ...calibrationFields(), imagesUploadId: id });
    expectStatus(created, 201);
    const download = await t.app.inject({ url: created.json<{ imagesUrl: string }>().imagesUrl, headers: { cookie: user.cookies } });
    expectStatus(download, 200);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    expect(download.headers['content-disposition']).toContain('fantoma.zip');
    expect((await rowOf(id))?.status).toBe('consumed');
    expectStatus(await headUpload(t.app, user, id), 404);

    const again = await postJson(user, { ...calibrationFields(), imagesUploadId: id });
    expectStatus(again, 400);
    expect(again.json()).toEqual({ errors: ['images_upload_id: This upload has already been used.'] });
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('unknown, another user\'s (same message), unfinished and failed uploads are refused (400, translated)', async () => {
    const user = await verifiedUser(t, { name: 'Clara Recusa' });
    const theirs = await uploadFile(t.app, bob, imageBytes(100, 1));
    const unfinished = await createUpload(t.app, user, imageBytes(100, 2));
    const failed = await createUpload(t.app, user, imageBytes(100, 3), { sha256: '1'.repeat(64) });
    expectStatus(await patchUpload(t.app, user, failed, 0, imageBytes(100, 3)), 422);
    for (const [uploadId, message] of [
      [randomUUID(), 'images_upload_id: Upload not found.'],
      [theirs, 'images_upload_id: Upload not found.'],
      [unfinished, 'images_upload_id: The upload has not finished yet.'],
      [failed, 'images_upload_id: The upload failed: send the file again.'],
      ['nope', 'images_upload_id: Enter a valid UUID.'],
    ]) {
      const response = await postJson(user, { ...calibrationFields(), imagesUploadId: uploadId });
      expectStatus(response, 400, uploadId);
      expect(response.json()).toEqual({ errors: [message] });
    }
    const pt = await postJson(user, { ...calibrationFields(), imagesUploadId: randomUUID() }, 'pt-BR');
    expect(pt.json()).toEqual({ errors: ['images_upload_id: Envio não encontrado.'] });
    expect((await rowOf(theirs))?.status).toBe('complete');
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);
  });

  it('a replayed create (same client id) does not consume twice and answers the same calibration', async () => {
    const user = await verifiedUser(t, { name: 'Clara Replay' });
    const id = await uploadFile(t.app, user, imageBytes(1000, 5));
    const payload = { ...calibrationFields({ id: randomUUID() }), imagesUploadId: id };
    const first = await postJson(user, payload);
    expectStatus(first, 201);
    const again = await postJson(user, payload);
    expectStatus(again, 201);
    expect(again.json()).toEqual(first.json());
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('PUT with imagesUploadId replaces the images', async () => {
    const user = await verifiedUser(t, { name: 'Clara Troca' });
    const replaced = await uploadFile(t.app, user, imageBytes(500, 1));
    const created = await postJson(user, { ...calibrationFields(), imagesUploadId: replaced });
    const replacement = imageBytes(700, 2);
    const cid = created.json<{ id: string }>().id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${calibrationsUrl(user.id)}${cid}/`,
      headers: { cookie: user.cookies },
      payload: { ...calibrationFields(), imagesUploadId: await uploadFile(t.app, user, replacement) },
    });
    expectStatus(put, 204);
    const read = await t.app.inject({ url: `${calibrationsUrl(user.id)}${cid}/`, headers: { cookie: user.cookies } });
    const download = await t.app.inject({ url: read.json<{ imagesUrl: string }>().imagesUrl, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(replacement));
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
    expect(await isStored(t, replaced)).toBe(false);
    await expectOnlyLiveUploads(t);
  });

  it('deleting the calibration removes its upload from the store; its images then answer 404', async () => {
    const user = await verifiedUser(t, { name: 'Clara Apaga' });
    const id = await uploadFile(t.app, user, imageBytes(60_000, 31), { chunkSize: 25_000 });
    const created = await postJson(user, { ...calibrationFields(), imagesUploadId: id });
    expectStatus(created, 201);
    const { id: cid, imagesUrl } = created.json<{ id: string; imagesUrl: string }>();
    expect(await isStored(t, id)).toBe(true);

    expectStatus(await deleteCalibration(t.app, user, cid), 200);
    expect(await isStored(t, id)).toBe(false);
    expectStatus(await t.app.inject({ url: imagesUrl, headers: { cookie: user.cookies } }), 404);
    await expectOnlyLiveUploads(t);
  });
});

describe('expiry sweep', () => {
  it('expired unconsumed uploads (receiving, complete, failed) lose their bytes and rows; consumed ones and fresh ones stay', async () => {
    const user = await verifiedUser(t, { name: 'Vera Varre' });
    const receiving = await createUpload(t.app, user, imageBytes(1000, 1));
    expectStatus(await patchUpload(t.app, user, receiving, 0, imageBytes(1000, 1).subarray(0, 10)), 204);
    const complete = await uploadFile(t.app, user, imageBytes(100, 2));
    const consumed = await uploadFile(t.app, user, imageBytes(100, 3));
    const fresh = await uploadFile(t.app, user, imageBytes(100, 4));
    const created = await t.app.inject({ method: 'POST', url: calibrationsUrl(user.id), headers: { cookie: user.cookies }, payload: { ...calibrationFields(), imagesUploadId: consumed } });
    expectStatus(created, 201);
    const past = new Date(Date.now() - 1000);
    for (const id of [receiving, complete, consumed]) await t.app.db.update(uploads).set({ expiresAt: past }).where(eq(uploads.id, id));

    expect(await t.app.uploads.sweep()).toBeGreaterThanOrEqual(2);
    for (const id of [receiving, complete]) {
      expect(await rowOf(id)).toBeUndefined();
      expect(await isStored(t, id)).toBe(false);
      expectStatus(await headUpload(t.app, user, id), 404);
    }
    await expectOnlyLiveUploads(t);
    expect((await rowOf(consumed))?.status).toBe('consumed');
    expect(await isStored(t, consumed)).toBe(true);
    expect((await rowOf(fresh))?.status).toBe('complete');
    const download = await t.app.inject({ url: created.json<{ imagesUrl: string }>().imagesUrl, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(imageBytes(100, 3)));
  });

  it('an upload without a record (a crash between the store and the database) is removed once older than the grace period', async () => {
    const user = await verifiedUser(t, { name: 'Otto Órfão' });
    const finished = await uploadFile(t.app, user, imageBytes(2000, 41));
    const unfinished = await createUpload(t.app, user, imageBytes(2000, 42));
    expectStatus(await patchUpload(t.app, user, unfinished, 0, imageBytes(2000, 42).subarray(0, 700)), 204);
    const live = await uploadFile(t.app, user, imageBytes(2000, 43));
    await t.app.db.delete(uploads).where(inArray(uploads.id, [finished, unfinished]));
    const sweep = (now: Date) => sweepOrphanUploads(t.app.db, t.app.uploads.store, HOUR_MS, now);

    // Younger than the grace period: an upload whose row may still be on its way is left alone.
    expect(await sweep(new Date())).toBe(0);
    expect(await isStored(t, finished)).toBe(true);
    expect(await sweep(new Date(Date.now() + 2 * HOUR_MS))).toBe(2);
    for (const id of [finished, unfinished]) expect(await isStored(t, id)).toBe(false);
    expect(await isStored(t, live)).toBe(true);
    await expectOnlyLiveUploads(t);
  });

  it('a new upload expires one day after its creation (Upload-Expires and expires_at)', async () => {
    const response = await createUploadRequest(t.app, ana, { size: 10 });
    const row = await rowOf(uploadIdOf(response));
    const day = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(day - 24 * 3600 * 1000)).toBeLessThan(5000);
    expect(response.headers['upload-expires']).toBeDefined();
  });
});

describe('a large upload is streamed, not buffered', () => {
  // 128 MiB in one PATCH, generated while it is sent (the test never holds the file), on an app whose limit fits it.
  const SIZE = 128 * 1024 * 1024;
  const BLOCK = imageBytes(256 * 1024, 77);
  let big: MailingTestApp;
  beforeAll(async () => {
    big = await createMailingTestApp({ uploadMaxBytes: SIZE });
  }, 30_000);
  afterAll(() => big?.close());

  /**
   * What this process holds after full collections (`--expose-gc` set at run time): the JS heap and the
   * memory outside it, Buffers included (`external` counts `arrayBuffers`). The memory of collected Buffers
   * is released off the main thread, hence the pauses.
   */
  async function liveBytes(): Promise<number> {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let i = 0; i < 2; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  }

  it('with half the body sent, the bytes are in the store (disk or S3) and the process holds under an eighth of the file more than before', async () => {
    const user = await registerUser(big.app);
    const hash = createHash('sha256');
    for (let at = 0; at < SIZE; at += BLOCK.length) hash.update(BLOCK);
    const id = await createUpload(big.app, user, BLOCK, { size: SIZE, sha256: hash.digest('hex') });

    // Halfway through the body, wait (up to 5 s) for a quarter of the file in the store, then measure: a server
    // that reads the whole body before writing has written nothing yet and holds half the file.
    let atHalf = { onDisk: -1, held: -1 };
    async function* body(before: number) {
      for (let at = 0; at < SIZE; at += BLOCK.length) {
        if (at === SIZE / 2) {
          const until = Date.now() + 5000;
          while ((await storedBytes(big, id)) < SIZE / 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
          atHalf = { onDisk: await storedBytes(big, id), held: (await liveBytes()) - before };
        }
        yield Buffer.from(BLOCK); // a fresh copy each time, as bytes off a socket would be
      }
    }

    const response = await big.app.inject({
      method: 'PATCH',
      url: `${API}/uploads/${id}/`,
      headers: { 'tus-resumable': '1.0.0', cookie: user.cookies, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'content-length': String(SIZE) },
      payload: Readable.from(body(await liveBytes())),
    });

    expectStatus(response, 204);
    expect(response.headers['upload-offset']).toBe(String(SIZE));
    expect(atHalf.onDisk).toBeGreaterThanOrEqual(SIZE / 4);
    // Streamed: a few MB in the streams' buffers. Buffered: at least the 64 MB received so far.
    expect(atHalf.held).toBeLessThan(SIZE / 8);
    const [row] = await big.app.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'complete', offset: SIZE });
  });
});
