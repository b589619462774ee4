// Replayed mutations (docs/api.md conventions: Idempotency-Key, client UUIDs; docs/reference/backend-notes.md §2.2): a create
// sent again after a lost answer makes one calibration, one notification and keeps one file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKey, fingerprintOf } from '#server/services/idempotency.ts';
import { API, createMailingTestApp, expectStatus, lang, type InjectResponse, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  createCalibration,
  deleteCalibration,
  fileIdOf,
  fileRowsOf,
  getCalibration,
  imageBytes,
  listCalibrations,
  listNotifications,
  postCalibration,
  putCalibration,
  storedFiles,
  toggleCheck,
  verifiedUser,
  type Calibration,
} from '#tests/utils/calibrations.ts';
import { multipart } from '#tests/utils/multipart.ts';

const KEY_REUSED = {
  'pt-BR': 'Esta Idempotency-Key já foi usada em outra requisição.',
  'en-US': 'This Idempotency-Key was already used for another request.',
  es: 'Esta Idempotency-Key ya se usó en otra solicitud.',
};
const KEY_INVALID = {
  'pt-BR': 'Idempotency-Key precisa ter de 8 a 255 caracteres.',
  'en-US': 'Idempotency-Key must have 8 to 255 characters.',
};
const IN_FLIGHT = 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.';
const ID_TAKEN = {
  'pt-BR': 'Já existe outra calibração com este id.',
  'en-US': 'Another calibration already has this id.',
};
const RESOURCE_NOT_FOUND = 'Este usuário não possui este recurso cadastrado.';

let t: MailingTestApp;
let ana: SignedInUser;
let bia: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  [ana, bia] = await Promise.all([verifiedUser(t, { name: 'Ana Replay' }), verifiedUser(t, { name: 'Bia Replay' })]);
});
afterAll(() => t?.close());

/** A user of their own, so counts of calibrations, notifications and files start at zero. */
const freshUser = (name: string) => verifiedUser(t, { name });
const withKey = (key: string, headers: Record<string, string> = {}) => ({ headers: { 'idempotency-key': key, ...headers } });
const notificationsAbout = async (user: SignedInUser, name: string) =>
  (await listNotifications(t.app, user, '?limit=500')).row.filter((n) => n.message.includes(`"${name}"`));
const patchProfile = (user: SignedInUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies, ...headers }, payload });
const profileName = async (user: SignedInUser) =>
  (await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } })).json<{ name: string }>().name;

describe('client ids: the same create again without an Idempotency-Key', () => {
  it('→ 201 with the same calibration; still one in the list, one notification, one file on disk', async () => {
    const user = await freshUser('Rita Repete');
    const fields = calibrationFields({ id: randomUUID() });
    const first = await postCalibration(t.app, user, fields, { images: imageBytes(4096, 1) });
    expectStatus(first, 201);
    const filesAfterFirst = storedFiles(t.dataDir).length;

    const again = await postCalibration(t.app, user, fields, { images: imageBytes(4096, 1) });
    expectStatus(again, 201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers.etag).toBe('W/"1"');
    expect((await listCalibrations(t.app, user)).count).toBe(1);
    expect(await notificationsAbout(user, String(fields.calibrationName))).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toHaveLength(filesAfterFirst);
  });

  it('→ and the replay leaves no second row in the files table', async () => {
    const user = await freshUser('Rita Tabela');
    const fields = calibrationFields({ id: randomUUID() });
    expectStatus(await postCalibration(t.app, user, fields), 201);
    expectStatus(await postCalibration(t.app, user, fields), 201);
    const rows = await fileRowsOf(t.app, user.id);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [undefined, ID_TAKEN['pt-BR']],
    ['en-US', ID_TAKEN['en-US']],
  ])('the same id with other content → 409 (%s); the first stays as it was; no file kept', async (acceptLanguage, message) => {
    const user = await freshUser('Rita Conflito');
    const id = randomUUID();
    const original = await createCalibration(t.app, user, { id });
    const files = storedFiles(t.dataDir).length;
    const response = await postCalibration(t.app, user, calibrationFields({ id, syringeActivity: 99 }), { acceptLanguage });
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await getCalibration(t.app, user, id)).json()).toEqual(original);
    expect((await listCalibrations(t.app, user)).count).toBe(1);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it("another user's calibration id as my create id → 404; theirs is untouched and I have none", async () => {
    const theirs = await createCalibration(t.app, bia);
    const user = await freshUser('Rita Intrusa');
    const files = storedFiles(t.dataDir).length;
    const response = await postCalibration(t.app, user, calibrationFields({ id: theirs.id, calibrationName: theirs.calibrationName }));
    expectStatus(response, 404);
    expect(response.json()).toEqual({ errors: [RESOURCE_NOT_FOUND] });
    expect((await getCalibration(t.app, bia, theirs.id)).json()).toEqual(theirs);
    expect(await listCalibrations(t.app, user)).toEqual({ count: 0, row: [] });
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it('a refused create (id conflict, another user\'s id, unregistered isotope, name taken) leaves no row in the files table', async () => {
    const user = await freshUser('Rita Recusada');
    const mine = await createCalibration(t.app, user, { calibrationName: 'Já Existe' });
    const theirs = await createCalibration(t.app, bia);
    for (const fields of [
      calibrationFields({ id: mine.id, calibrationName: 'Outro Conteúdo' }),
      calibrationFields({ id: theirs.id }),
      calibrationFields({ isotope: 'P-32' }),
      calibrationFields({ calibrationName: 'Já Existe' }),
    ]) {
      const response = await postCalibration(t.app, user, fields);
      expect([400, 404, 409]).toContain(response.statusCode);
    }
    const rows = await fileRowsOf(t.app, user.id);
    expect(rows.map((row) => row.id)).toEqual([fileIdOf(mine.imagesUrl)]);
  });

  it('the same create sent 20 times at once → every answer 201 with the same calibration, one calibration, one notification', async () => {
    const user = await freshUser('Rita Rajada');
    const fields = calibrationFields({ id: randomUUID() });
    const responses = await Promise.all(Array.from({ length: 20 }, () => postCalibration(t.app, user, fields)));
    expect(responses.map((r) => `${r.statusCode} ${r.statusCode === 201 ? '' : r.body}`)).toEqual(Array(20).fill('201 '));
    expect(new Set(responses.map((r) => r.json<Calibration>().id))).toEqual(new Set([fields.id]));
    expect((await listCalibrations(t.app, user)).count).toBe(1);
    expect(await notificationsAbout(user, String(fields.calibrationName))).toHaveLength(1);
  });
});

describe('Idempotency-Key: the same key and request replays the stored answer', () => {
  it('a create: 201 replayed with Idempotent-Replayed, same body, Location and ETag; the handler did not run again', async () => {
    const user = await freshUser('Ivo Chave');
    const key = randomUUID();
    const fields = calibrationFields({ id: randomUUID() });
    const first = await postCalibration(t.app, user, fields, withKey(key));
    expectStatus(first, 201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const files = storedFiles(t.dataDir).length;

    const replay = await postCalibration(t.app, user, fields, withKey(key));
    expectStatus(replay, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(replay.headers.location).toBe(first.headers.location);
    expect(replay.headers.etag).toBe(first.headers.etag);
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);

    expect((await listCalibrations(t.app, user)).count).toBe(1);
    expect(await notificationsAbout(user, String(fields.calibrationName))).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('a replace: 204 replayed with its ETag; the version moved once and one update notification exists', async () => {
    const user = await freshUser('Ivo Troca');
    const original = await createCalibration(t.app, user);
    const key = randomUUID();
    const fields = calibrationFields({ calibrationName: 'Troca Uma Vez' });
    const first = await putCalibration(t.app, user, original.id, fields, withKey(key));
    expectStatus(first, 204);
    const replay = await putCalibration(t.app, user, original.id, fields, withKey(key));
    expectStatus(replay, 204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.etag).toBe('W/"2"');
    expect(replay.body).toBe('');
    expect((await getCalibration(t.app, user, original.id)).json()).toMatchObject({ version: 2, calibrationName: 'Troca Uma Vez' });
    expect(await notificationsAbout(user, 'Troca Uma Vez')).toHaveLength(1);
  });

  it('a delete: the replay answers the same 200 body instead of 404', async () => {
    const user = await freshUser('Ivo Apaga');
    const doomed = await createCalibration(t.app, user);
    const key = randomUUID();
    const first = await deleteCalibration(t.app, user, doomed.id, { 'idempotency-key': key });
    expectStatus(first, 200);
    const replay = await deleteCalibration(t.app, user, doomed.id, { 'idempotency-key': key });
    expectStatus(replay, 200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await notificationsAbout(user, doomed.calibrationName)).toHaveLength(2);
  });

  it('keys are per user: Bia may use the key string Ana used, and gets her own calibration', async () => {
    const key = `shared-${randomUUID()}`;
    const anas = await postCalibration(t.app, ana, calibrationFields({ calibrationName: 'Chave Comum' }), withKey(key));
    expectStatus(anas, 201);
    const bias = await postCalibration(t.app, bia, calibrationFields({ calibrationName: 'Chave Comum' }), withKey(key));
    expectStatus(bias, 201);
    expect(bias.headers['idempotent-replayed']).toBeUndefined();
    expect(bias.json()).toMatchObject({ userId: bia.id, calibrationName: 'Chave Comum' });
    expect(bias.json<Calibration>().id).not.toBe(anas.json<Calibration>().id);
  });
});

describe('Idempotency-Key: the same key with another request → 422', () => {
  it.each([
    [undefined, KEY_REUSED['pt-BR']],
    ['en-US', KEY_REUSED['en-US']],
    ['es', KEY_REUSED.es],
  ])('PATCH /users/{uid}/ with another JSON body → 422 (%s); the second body is not applied', async (acceptLanguage, message) => {
    const user = await freshUser('Paula Perfil');
    const key = randomUUID();
    expectStatus(await patchProfile(user, { name: 'Nome Primeiro' }, { 'idempotency-key': key }), 204);
    const response = await patchProfile(user, { name: 'Nome Segundo' }, { 'idempotency-key': key, ...lang(acceptLanguage) });
    expectStatus(response, 422);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await profileName(user)).toBe('Nome Primeiro');
    // The same body with that key is still a replay.
    const replay = await patchProfile(user, { name: 'Nome Primeiro' }, { 'idempotency-key': key });
    expectStatus(replay, 204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('POST toogle_check {"checked": true} then {"checked": false} with one key → 422; the notification stays read', async () => {
    const user = await freshUser('Paula Marca');
    await createCalibration(t.app, user, { calibrationName: 'Para Marcar' });
    const [notification] = (await listNotifications(t.app, user)).row;
    const key = randomUUID();
    expectStatus(await toggleCheck(t.app, user, notification!.id, { checked: true }, { 'idempotency-key': key }), 204);
    const replay = await toggleCheck(t.app, user, notification!.id, { checked: true }, { 'idempotency-key': key });
    expectStatus(replay, 204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await toggleCheck(t.app, user, notification!.id, { checked: false }, { 'idempotency-key': key });
    expectStatus(other, 422);
    expect(other.json()).toEqual({ errors: [KEY_REUSED['pt-BR']] });
    expect((await listNotifications(t.app, user)).row[0]).toMatchObject({ id: notification!.id, checked: true });
  });

  it('the key of a profile change used on the phone route → 422', async () => {
    const user = await freshUser('Paula Rota');
    const key = randomUUID();
    expectStatus(await patchProfile(user, { clinic: 'Clínica Um' }, { 'idempotency-key': key }), 204);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${API}/users/${user.id}/phone/`,
      headers: { cookie: user.cookies, 'idempotency-key': key },
      payload: { phone: '+55 11 98765-4321' },
    });
    expectStatus(response, 422);
  });

  it('a create with another multipart body (another name) → 422, and that calibration is not reported as created', async () => {
    const user = await freshUser('Paula Form');
    const key = randomUUID();
    expectStatus(await postCalibration(t.app, user, calibrationFields({ id: randomUUID(), calibrationName: 'Form Um' }), withKey(key)), 201);
    const other = await postCalibration(t.app, user, calibrationFields({ id: randomUUID(), calibrationName: 'Form Dois' }), withKey(key));
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 422, body: { errors: [KEY_REUSED['pt-BR']] } });
    expect((await listCalibrations(t.app, user)).row.map((c) => c.calibrationName)).toEqual(['Form Um']);
  });
});

describe('Idempotency-Key: what is not kept', () => {
  it.each([
    ['7 characters', 'abcdefg', undefined, KEY_INVALID['pt-BR']],
    ['7 characters (en-US)', 'abcdefg', 'en-US', KEY_INVALID['en-US']],
    ['256 characters', 'k'.repeat(256), undefined, KEY_INVALID['pt-BR']],
  ])('a key of %s → 400 and nothing is created', async (_label, key, acceptLanguage, message) => {
    const user = await freshUser('Kelly Tamanho');
    const response = await postCalibration(t.app, user, calibrationFields(), { ...withKey(key), acceptLanguage });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await listCalibrations(t.app, user)).count).toBe(0);
  });

  it('keys of 8 and of 255 characters are accepted', async () => {
    const user = await freshUser('Kelly Limite');
    for (const key of [`k${randomUUID().slice(0, 7)}`, 'k'.repeat(254) + '1']) {
      expectStatus(await postCalibration(t.app, user, calibrationFields(), withKey(key)), 201, `key of ${key.length}`);
    }
  });

  it('a create refused by validation (400) is not stored: the same key then creates', async () => {
    const user = await freshUser('Vera Volta');
    const key = randomUUID();
    const id = randomUUID();
    const refused = await postCalibration(t.app, user, calibrationFields({ id, phantomVolume: '0' }), withKey(key));
    expectStatus(refused, 400);
    const accepted = await postCalibration(t.app, user, calibrationFields({ id }), withKey(key));
    expectStatus(accepted, 201);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
    expect((await listCalibrations(t.app, user)).count).toBe(1);
  });

  it('a create refused by a later check (name taken, 400) is not stored either', async () => {
    const user = await freshUser('Vera Nome');
    await createCalibration(t.app, user, { calibrationName: 'Nome Tomado' });
    const key = randomUUID();
    expectStatus(await postCalibration(t.app, user, calibrationFields({ calibrationName: 'Nome Tomado' }), withKey(key)), 400);
    const accepted = await postCalibration(t.app, user, calibrationFields({ calibrationName: 'Nome Livre' }), withKey(key));
    expectStatus(accepted, 201);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a JSON body refused by the schema (400) is not stored: the same key then applies a valid one', async () => {
    const user = await freshUser('Vera Json');
    const key = randomUUID();
    expectStatus(await patchProfile(user, { cpf: '123' }, { 'idempotency-key': key }), 400);
    const accepted = await patchProfile(user, { name: 'Vera Corrigida' }, { 'idempotency-key': key });
    expectStatus(accepted, 204);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
    expect(await profileName(user)).toBe('Vera Corrigida');
  });

  it('a request refused by authentication (401) is not stored: the same key then creates', async () => {
    const user = await freshUser('Vera Sessao');
    const key = randomUUID();
    const fields = calibrationFields({ id: randomUUID() });
    const body = await multipart(fields, { images: { content: imageBytes(512), filename: 'p.zip' } });
    const anonymous = await t.app.inject({ method: 'POST', url: calibrationsUrl(user.id), payload: body.payload, headers: { ...body.headers, 'idempotency-key': key } });
    expectStatus(anonymous, 401);
    const signedIn = await postCalibration(t.app, user, fields, withKey(key));
    expectStatus(signedIn, 201);
    expect(signedIn.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key: while the first request runs', () => {
  it('a request whose key is still claimed → 409 with Retry-After, translated', async () => {
    const user = await freshUser('Olga Ocupada');
    const key = randomUUID();
    const body = { name: 'Nome Em Curso' };
    // The state a first request leaves while its handler still runs (same scope, key, route and body).
    const route = '/api/v1/users/:uid/';
    const claim = { scope: `u:${user.id}`, key, method: 'PATCH', route, fingerprint: fingerprintOf(['PATCH', route, { uid: user.id }, {}, body]) };
    expect(await claimKey(t.app.db, claim)).toEqual({ kind: 'new' });

    for (const [acceptLanguage, message] of [
      [undefined, IN_FLIGHT],
      ['en-US', 'A request with this Idempotency-Key is still running. Try again in a moment.'],
    ] as const) {
      const response = await patchProfile(user, body, { 'idempotency-key': key, ...lang(acceptLanguage) });
      expectStatus(response, 409);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ errors: [message] });
    }
    expect(await profileName(user)).toBe('Olga Ocupada');
  });

  it('a storm: the same queued create (same key, same id) sent 20 times at once → one calibration, one notification, one file; only 201 or 409', async () => {
    const user = await freshUser('Olga Tempestade');
    const key = randomUUID();
    const fields = calibrationFields({ id: randomUUID() });
    const images = imageBytes(6000, 9);
    const filesBefore = storedFiles(t.dataDir).length;
    const responses: InjectResponse[] = await Promise.all(Array.from({ length: 20 }, () => postCalibration(t.app, user, fields, { ...withKey(key), images })));

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses).toContain(201);
    const created = responses.filter((r) => r.statusCode === 201);
    for (const response of created) expect(response.json()).toEqual(created[0]!.json());
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ errors: [IN_FLIGHT] });
    }

    expect((await listCalibrations(t.app, user)).row.map((c) => c.id)).toEqual([fields.id]);
    expect(await notificationsAbout(user, String(fields.calibrationName))).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toHaveLength(filesBefore + 1);

    const after = await postCalibration(t.app, user, fields, { ...withKey(key), images });
    expectStatus(after, 201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual(created[0]!.json());
  });
});
