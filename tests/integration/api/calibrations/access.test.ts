// Who may touch a calibration and its file: the verified-e-mail gate (docs/api.md deviation), the uid check
// (docs/v1-contract.md §0 order of checks), other users' ids (404, never revealed), and file downloads (docs/api.md additions).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  createMailingTestApp,
  expectStatus,
  lang,
  registerUser,
  uniqueEmail,
  verifyEmail,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  calibrationUrl,
  createCalibration,
  deleteCalibration,
  getCalibration,
  imageBytes,
  listCalibrations,
  listNotifications,
  postCalibration,
  putCalibration,
  sha256,
  storedFiles,
  toggleCheck,
  verifiedUser,
  type Calibration,
} from '#tests/utils/calibrations.ts';
import { multipart } from '#tests/utils/multipart.ts';

const UNVERIFIED = {
  'pt-BR': 'O usuário ainda não possui um e-mail verificado.',
  'en-US': 'The user does not have a verified email yet.',
  es: 'El usuario aún no tiene un correo electrónico verificado.',
};
const MISMATCH = 'O token e o ID do usuário não correspondem.';
const NO_CREDENTIALS = 'As credenciais de autenticação não foram fornecidas.';
const RESOURCE_NOT_FOUND = 'Este usuário não possui este recurso cadastrado.';

let t: MailingTestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let bobs: Calibration;
const bobImages = imageBytes(10_000, 42);
beforeAll(async () => {
  t = await createMailingTestApp();
  [alice, bob] = await Promise.all([verifiedUser(t, { name: 'Alice Acesso' }), verifiedUser(t, { name: 'Bob Acesso' })]);
  bobs = await createCalibration(t.app, bob, { calibrationName: 'Do Bob' }, { images: bobImages, filename: 'bob phantom (1).zip' });
});
afterAll(() => t?.close());

describe('verified e-mail gate (docs/api.md: calibration writes need a confirmed e-mail; reads work)', () => {
  it.each([
    [undefined, UNVERIFIED['pt-BR']],
    ['en-US', UNVERIFIED['en-US']],
    ['es', UNVERIFIED.es],
  ])('before confirming: POST, PUT and DELETE → 409 (%s); GET works; nothing stored', async (acceptLanguage, message) => {
    const newcomer = await registerUser(t.app, { name: 'Nina Nova' });
    const files = storedFiles(t.dataDir).length;
    const responses = [
      await postCalibration(t.app, newcomer, calibrationFields(), { acceptLanguage }),
      await putCalibration(t.app, newcomer, randomUUID(), calibrationFields(), { acceptLanguage, images: imageBytes(100) }),
      await deleteCalibration(t.app, newcomer, randomUUID(), lang(acceptLanguage)),
    ];
    for (const response of responses) {
      expectStatus(response, 409);
      expect(response.json()).toEqual({ errors: [message] });
    }
    expect(storedFiles(t.dataDir)).toHaveLength(files);

    const list = await t.app.inject({ url: calibrationsUrl(newcomer.id), headers: { cookie: newcomer.cookies } });
    expectStatus(list, 200);
    expect(list.body).toBe('{"count":0,"row":[]}');
    expect(await listNotifications(t.app, newcomer)).toEqual({ count: 0, row: [] });

    // After the mailed link is followed, the same create works.
    await verifyEmail(t.app, t.smtp, newcomer);
    expectStatus(await postCalibration(t.app, newcomer, calibrationFields()), 201);
  });

  it('a changed (not yet confirmed) e-mail closes writes on existing calibrations again; reads keep working', async () => {
    const user = await verifiedUser(t, { name: 'Mara Muda' });
    const mine = await createCalibration(t.app, user, { calibrationName: 'Antes Troca Email' });
    const email = uniqueEmail('mara');
    const change = await t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies }, payload: { email } });
    expectStatus(change, 204);

    for (const response of [
      await putCalibration(t.app, user, mine.id, calibrationFields({ calibrationName: 'Bloqueada' })),
      await deleteCalibration(t.app, user, mine.id),
    ]) {
      expectStatus(response, 409);
      expect(response.json()).toEqual({ errors: [UNVERIFIED['pt-BR']] });
    }
    const read = await getCalibration(t.app, user, mine.id);
    expectStatus(read, 200);
    expect(read.json()).toEqual(mine);

    await verifyEmail(t.app, t.smtp, { id: user.id, email });
    expectStatus(await putCalibration(t.app, user, mine.id, calibrationFields({ calibrationName: 'Liberada' })), 204);
  });
});

describe("another user's uid (401 mismatch, checked before anything else)", () => {
  it.each([
    ['GET list', () => t.app.inject({ url: calibrationsUrl(bob.id), headers: { cookie: alice.cookies } })],
    ['POST', () => postCalibration(t.app, { id: bob.id, cookies: alice.cookies }, calibrationFields())],
    ['GET one', () => getCalibration(t.app, { id: bob.id, cookies: alice.cookies }, bobs.id)],
    ['PUT', () => putCalibration(t.app, { id: bob.id, cookies: alice.cookies }, bobs.id, calibrationFields({ calibrationName: 'Invadida' }))],
    ['DELETE', () => deleteCalibration(t.app, { id: bob.id, cookies: alice.cookies }, bobs.id)],
    ['GET notifications', () => t.app.inject({ url: `${API}/users/${bob.id}/notifications/`, headers: { cookie: alice.cookies } })],
    ['POST toogle_check', () => toggleCheck(t.app, { id: bob.id, cookies: alice.cookies }, randomUUID(), { checked: true })],
  ])('%s → 401 and Bob\'s calibration is unchanged', async (_label, send) => {
    const response = await send();
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: [MISMATCH] });
    expect((await getCalibration(t.app, bob, bobs.id)).json()).toEqual(bobs);
  });

  it('in English too', async () => {
    const response = await t.app.inject({ url: calibrationsUrl(bob.id), headers: { cookie: alice.cookies, 'accept-language': 'en-US' } });
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: ['Token and user ID do not match.'] });
  });
});

describe("my uid with another user's calibration id → 404 (its existence is not revealed)", () => {
  it.each([
    ['GET', () => getCalibration(t.app, alice, bobs.id)],
    ['PUT', () => putCalibration(t.app, alice, bobs.id, calibrationFields({ calibrationName: 'Sequestrada' }), { images: imageBytes(64) })],
    ['DELETE', () => deleteCalibration(t.app, alice, bobs.id)],
  ])('%s → 404 and Bob still has it unchanged', async (_label, send) => {
    const files = storedFiles(t.dataDir).length;
    const response = await send();
    expectStatus(response, 404);
    expect(response.json()).toEqual({ errors: [RESOURCE_NOT_FOUND] });
    expect((await getCalibration(t.app, bob, bobs.id)).json()).toEqual(bobs);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it("Alice's list never shows Bob's calibrations", async () => {
    expect((await listCalibrations(t.app, alice)).row.map((c) => c.id)).not.toContain(bobs.id);
  });
});

describe('GET /files/{id}/', () => {
  it('the owner downloads the exact bytes, as an attachment with the original name, not cached', async () => {
    const response = await t.app.inject({ url: bobs.imagesUrl!, headers: { cookie: bob.cookies } });
    expectStatus(response, 200);
    expect(response.rawPayload.length).toBe(bobImages.length);
    expect(response.rawPayload.equals(Buffer.from(bobImages))).toBe(true);
    expect(sha256(response.rawPayload)).toBe(sha256(bobImages));
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(bobImages.length));
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('bob phantom (1).zip')}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers with and without the trailing slash', async () => {
    const response = await t.app.inject({ url: bobs.imagesUrl!.replace(/\/$/, ''), headers: { cookie: bob.cookies } });
    expectStatus(response, 200);
    expect(sha256(response.rawPayload)).toBe(sha256(bobImages));
  });

  it("another user's file → 404, the same answer as an unknown file", async () => {
    const theirs = await t.app.inject({ url: bobs.imagesUrl!, headers: { cookie: alice.cookies } });
    const unknown = await t.app.inject({ url: `${API}/files/${randomUUID()}/`, headers: { cookie: alice.cookies } });
    for (const response of [theirs, unknown]) {
      expectStatus(response, 404);
      expect(response.json()).toEqual({ errors: ['Não encontrado.'] });
    }
    expect(theirs.body).toBe(unknown.body);
  });

  it('without a cookie → 401', async () => {
    const response = await t.app.inject({ url: bobs.imagesUrl! });
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: [NO_CREDENTIALS] });
  });
});

describe('without a session', () => {
  it.each([
    ['GET list', () => t.app.inject({ url: calibrationsUrl(bob.id) })],
    ['GET one', () => t.app.inject({ url: calibrationUrl(bob.id, bobs.id) })],
    ['PUT', () => putCalibration(t.app, { id: bob.id, cookies: '' }, bobs.id, calibrationFields())],
    ['DELETE', () => t.app.inject({ method: 'DELETE', url: calibrationUrl(bob.id, bobs.id) })],
    ['GET notifications', () => t.app.inject({ url: `${API}/users/${bob.id}/notifications/` })],
  ])('%s → 401', async (_label, send) => {
    const response = await send();
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: [NO_CREDENTIALS] });
  });

  it('POST → 401 (en-US) and no file is kept', async () => {
    const files = storedFiles(t.dataDir).length;
    const body = await multipart(calibrationFields(), { images: { content: imageBytes(2048), filename: 'x.zip' } });
    const response = await t.app.inject({ method: 'POST', url: calibrationsUrl(bob.id), payload: body.payload, headers: { ...body.headers, 'accept-language': 'en-US' } });
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: ['Authentication credentials were not provided.'] });
    expect(storedFiles(t.dataDir)).toHaveLength(files);
    expect((await getCalibration(t.app, bob, bobs.id)).json()).toEqual(bobs);
  });
});
