// Calibrations: create, list, read, replace, delete, and the image download (docs/v1-contract.md §1.13; docs/api.md conventions:
// client ids, version/ETag/If-Match; "calibration files" deviation).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  calibrationUrl,
  createCalibration,
  deleteCalibration,
  fileIdOf,
  getCalibration,
  imageBytes,
  listCalibrations,
  postCalibration,
  putCalibration,
  sha256,
  storedFiles,
  verifiedUser,
  type Calibration,
} from '#tests/utils/calibrations.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FILE_URL = /^\/api\/v1\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/;

const NOT_FOUND = {
  'pt-BR': 'Este usuário não possui este recurso cadastrado.',
  'en-US': 'This user does not have this resource registered.',
  es: 'Este usuario no tiene registrado este recurso.',
};
const DELETED = {
  'pt-BR': 'Calibração excluída com sucesso!',
  'en-US': 'Calibration successfully deleted!',
  es: '¡La calibración se eliminó con éxito!',
};
const STALE = {
  'pt-BR': 'O recurso foi alterado por outra pessoa. Recarregue e tente de novo.',
  'en-US': 'The resource was changed by someone else. Reload and try again.',
  es: 'Otra persona modificó el recurso. Recargue e inténtelo de nuevo.',
};

let t: MailingTestApp;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await verifiedUser(t, { name: 'Ana Calibra' });
});
afterAll(() => t?.close());

const download = (user: SignedInUser | null, imagesUrl: string | null) =>
  t.app.inject({ url: imagesUrl ?? '', headers: user ? { cookie: user.cookies } : {} });

describe('POST /users/{uid}/calibrations/', () => {
  it('multipart with every field and an `images` file → 201 with the v1 object, Location and ETag', async () => {
    const id = randomUUID();
    const images = imageBytes(8192, 7);
    const response = await postCalibration(
      t.app,
      ana,
      {
        id,
        isotope: 'Lu-177',
        calibrationName: 'Calibração Lu 1',
        syringeActivity: '50.5',
        residualSyringeActivity: '0.3',
        measurementDatetime: '2024-05-10 11:02:51',
        phantomVolume: '200',
        acquisitionTime: '1800',
      },
      { images, filename: 'phantom-lu.zip' },
    );
    expectStatus(response, 201);
    const body = response.json<Calibration>();
    expect(body).toEqual({
      id,
      userId: ana.id,
      isotope: 'Lu-177',
      calibrationName: 'Calibração Lu 1',
      syringeActivity: 50.5,
      residualSyringeActivity: 0.3,
      measurementDatetime: '2024-05-10T11:02:51.000Z',
      phantomVolume: 200,
      acquisitionTime: 1800,
      createAt: expect.stringMatching(ISO_INSTANT),
      modifiedAt: expect.stringMatching(ISO_INSTANT),
      imagesUrl: expect.stringMatching(FILE_URL),
      version: 1,
    });
    expect(body).not.toHaveProperty('createdAt');
    expect(response.headers.location).toBe(`/api/v1/users/${ana.id}/calibrations/${id}/`);
    expect(response.headers.etag).toBe('W/"1"');

    const download1 = await download(ana, body.imagesUrl);
    expectStatus(download1, 200);
    expect(download1.rawPayload.equals(Buffer.from(images))).toBe(true);
    expect(sha256(download1.rawPayload)).toBe(sha256(images));
    expect(download1.headers['content-type']).toBe('application/zip');
    expect(download1.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download1.headers['content-disposition']).toContain('phantom-lu.zip');
  });

  it('without a client id the server picks one; acquisitionTime is optional (0); an offset is kept, a naive time is UTC', async () => {
    const { acquisitionTime: _omitted, ...fields } = calibrationFields({ measurementDatetime: '2024-05-10T08:02:51-03:00' });
    const response = await postCalibration(t.app, ana, fields);
    expectStatus(response, 201);
    const body = response.json<Calibration>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.location).toBe(`/api/v1/users/${ana.id}/calibrations/${body.id}/`);
    expect(body).toMatchObject({ acquisitionTime: 0, measurementDatetime: '2024-05-10T11:02:51.000Z', version: 1 });
  });

  it('accepts snake_case field names in multipart (as v1\'s parsers did)', async () => {
    const id = randomUUID();
    const response = await postCalibration(t.app, ana, {
      id,
      isotope: 'I-131',
      calibration_name: 'Snake Case I-131',
      syringe_activity: '120',
      residual_syringe_activity: '1.5',
      measurement_datetime: '2023-03-10T01:41:00Z',
      phantom_volume: '350.5',
      acquisition_time: '900',
    });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      id,
      isotope: 'I-131',
      calibrationName: 'Snake Case I-131',
      syringeActivity: 120,
      residualSyringeActivity: 1.5,
      measurementDatetime: '2023-03-10T01:41:00.000Z',
      phantomVolume: 350.5,
      acquisitionTime: 900,
    });
  });

  it.each([
    [undefined, 'images: Este campo é obrigatório.'],
    ['en-US', 'images: This field is required.'],
    ['es', 'images: Este campo es obligatorio.'],
  ])('a JSON body (valid fields) without images → 400 "%s" required; nothing stored', async (acceptLanguage, message) => {
    const before = await listCalibrations(t.app, ana);
    const files = storedFiles(t.dataDir).length;
    const response = await t.app.inject({
      method: 'POST',
      url: calibrationsUrl(ana.id),
      headers: { cookie: ana.cookies, ...lang(acceptLanguage) },
      payload: calibrationFields({ id: randomUUID(), syringeActivity: 50, phantomVolume: 200 }),
    });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await listCalibrations(t.app, ana)).count).toBe(before.count);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it('a multipart form without the file → 400 images required', async () => {
    const response = await postCalibration(t.app, ana, calibrationFields(), { images: null });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['images: Este campo é obrigatório.'] });
  });
});

describe('GET /users/{uid}/calibrations/ and /{cid}/', () => {
  it('an empty list is exactly {"count":0,"row":[]}', async () => {
    const fresh = await verifiedUser(t, { name: 'Vazia Lista' });
    const response = await t.app.inject({ url: calibrationsUrl(fresh.id), headers: { cookie: fresh.cookies } });
    expectStatus(response, 200);
    expect(response.body).toBe('{"count":0,"row":[]}');
  });

  it('lists newest first with the total; GET one answers the same object and its ETag', async () => {
    const user = await verifiedUser(t, { name: 'Lia Lista' });
    const created: Calibration[] = [];
    for (const name of ['Primeira', 'Segunda', 'Terceira']) created.push(await createCalibration(t.app, user, { calibrationName: name }));
    const list = await listCalibrations(t.app, user);
    expect(list.count).toBe(3);
    expect(list.row.map((c) => c.calibrationName)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(list.row).toEqual(created.toReversed());

    const one = await getCalibration(t.app, user, created[1]!.id);
    expectStatus(one, 200);
    expect(one.json()).toEqual(created[1]);
    expect(one.headers.etag).toBe('W/"1"');
  });

  it.each([
    [undefined, NOT_FOUND['pt-BR']],
    ['en-US', NOT_FOUND['en-US']],
    ['es', NOT_FOUND.es],
  ])('an unknown id → 404 on GET, PUT and DELETE (%s)', async (acceptLanguage, message) => {
    const cid = randomUUID();
    const headers = lang(acceptLanguage);
    const responses = [
      await getCalibration(t.app, ana, cid, acceptLanguage),
      await putCalibration(t.app, ana, cid, calibrationFields(), { acceptLanguage }),
      await deleteCalibration(t.app, ana, cid, headers),
    ];
    for (const response of responses) {
      expectStatus(response, 404);
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it('a cid that is not a UUID → 400', async () => {
    const response = await t.app.inject({ url: `${API}/users/${ana.id}/calibrations/not-a-uuid/`, headers: { cookie: ana.cookies } });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['cid: Insira um UUID válido.'] });
  });
});

describe('PUT /users/{uid}/calibrations/{cid}/', () => {
  it('replaces every field, keeps the images when none are sent → 204 with the new ETag', async () => {
    const images = imageBytes(3000, 11);
    const original = await createCalibration(t.app, ana, { calibrationName: 'Antes Troca' }, { images });
    const response = await putCalibration(t.app, ana, original.id, {
      isotope: 'Y-90',
      calibration_name: 'Depois Troca',
      syringeActivity: '80',
      residualSyringeActivity: '2',
      measurementDatetime: '2024-06-01T09:30:00Z',
      phantomVolume: '150',
      acquisitionTime: '600',
    });
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe('W/"2"');

    const after = await getCalibration(t.app, ana, original.id);
    expect(after.headers.etag).toBe('W/"2"');
    const body = after.json<Calibration>();
    expect(body).toEqual({
      ...original,
      isotope: 'Y-90',
      calibrationName: 'Depois Troca',
      syringeActivity: 80,
      residualSyringeActivity: 2,
      measurementDatetime: '2024-06-01T09:30:00.000Z',
      phantomVolume: 150,
      acquisitionTime: 600,
      modifiedAt: expect.stringMatching(ISO_INSTANT),
      version: 2,
    });
    expect(Date.parse(body.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(original.modifiedAt));
    // The images were kept.
    expect(body.imagesUrl).toBe(original.imagesUrl);
    expect((await download(ana, body.imagesUrl)).rawPayload.equals(Buffer.from(images))).toBe(true);
  });

  it('with a new `images` file the calibration points to it; it may keep its own name', async () => {
    const original = await createCalibration(t.app, ana, { calibrationName: 'Nova Imagem' }, { images: imageBytes(1000, 1) });
    const replacement = imageBytes(5000, 2);
    const response = await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: 'Nova Imagem' }), { images: replacement });
    expectStatus(response, 204);
    const body = (await getCalibration(t.app, ana, original.id)).json<Calibration>();
    expect(body.imagesUrl).toMatch(FILE_URL);
    expect(body.imagesUrl).not.toBe(original.imagesUrl);
    expect(fileIdOf(body.imagesUrl)).not.toBe(fileIdOf(original.imagesUrl));
    const bytes = (await download(ana, body.imagesUrl)).rawPayload;
    expect(sha256(bytes)).toBe(sha256(replacement));
  });

  it('ignores an `id` in the form (the path names the calibration)', async () => {
    const original = await createCalibration(t.app, ana);
    const response = await putCalibration(t.app, ana, original.id, calibrationFields({ id: randomUUID(), calibrationName: 'Sem Troca Id' }));
    expectStatus(response, 204);
    expect((await getCalibration(t.app, ana, original.id)).json()).toMatchObject({ id: original.id, calibrationName: 'Sem Troca Id' });
  });
});

describe('If-Match (docs/api.md: version/ETag)', () => {
  it.each([
    [undefined, STALE['pt-BR']],
    ['en-US', STALE['en-US']],
    ['es', STALE.es],
  ])('a stale W/"1" after an update → 412 (%s) and nothing changes; the current ETag → 204', async (acceptLanguage, message) => {
    const original = await createCalibration(t.app, ana, { calibrationName: `Versão ${acceptLanguage ?? 'pt'}` });
    expectStatus(await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: `Versão 2 ${acceptLanguage ?? 'pt'}` }), { headers: { 'if-match': 'W/"1"' } }), 204);

    const stale = await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: 'Perdida' }), { acceptLanguage, headers: { 'if-match': 'W/"1"' } });
    expectStatus(stale, 412);
    expect(stale.json()).toEqual({ errors: [message] });
    const current = await getCalibration(t.app, ana, original.id);
    expect(current.json()).toMatchObject({ calibrationName: `Versão 2 ${acceptLanguage ?? 'pt'}`, version: 2 });

    const fresh = await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: `Versão 3 ${acceptLanguage ?? 'pt'}` }), {
      headers: { 'if-match': current.headers.etag as string },
    });
    expectStatus(fresh, 204);
    expect(fresh.headers.etag).toBe('W/"3"');
  });

  it('without If-Match the last write wins (v1)', async () => {
    const original = await createCalibration(t.app, ana, { calibrationName: 'Sem Condição' });
    expectStatus(await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: 'Escrita Um' })), 204);
    expectStatus(await putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: 'Escrita Dois' })), 204);
    expect((await getCalibration(t.app, ana, original.id)).json()).toMatchObject({ calibrationName: 'Escrita Dois', version: 3 });
  });

  it('a DELETE with a stale If-Match → 412 and the calibration stays', async () => {
    const original = await createCalibration(t.app, ana);
    expectStatus(await putCalibration(t.app, ana, original.id, calibrationFields()), 204);
    const response = await deleteCalibration(t.app, ana, original.id, { 'if-match': 'W/"1"' });
    expectStatus(response, 412);
    expect(response.json()).toEqual({ errors: [STALE['pt-BR']] });
    expectStatus(await getCalibration(t.app, ana, original.id), 200);
  });
});

describe('DELETE /users/{uid}/calibrations/{cid}/', () => {
  it.each([
    [undefined, DELETED['pt-BR']],
    ['en-US', DELETED['en-US']],
    ['es', DELETED.es],
  ])('200 {id, message} (%s); then GET → 404 and the list no longer has it', async (acceptLanguage, message) => {
    const doomed = await createCalibration(t.app, ana);
    const response = await deleteCalibration(t.app, ana, doomed.id, lang(acceptLanguage));
    expectStatus(response, 200);
    expect(response.json()).toEqual({ id: doomed.id, message });
    expectStatus(await getCalibration(t.app, ana, doomed.id), 404);
    expect((await listCalibrations(t.app, ana)).row.map((c) => c.id)).not.toContain(doomed.id);
    const again = await deleteCalibration(t.app, ana, doomed.id);
    expectStatus(again, 404);
    expect(again.json()).toEqual({ errors: [NOT_FOUND['pt-BR']] });
  });

  it('the name of a deleted calibration can be used again', async () => {
    const first = await createCalibration(t.app, ana, { calibrationName: 'Reuso Nome' });
    expectStatus(await deleteCalibration(t.app, ana, first.id), 200);
    const second = await postCalibration(t.app, ana, calibrationFields({ calibrationName: 'Reuso Nome' }));
    expectStatus(second, 201);
  });
});

describe('allowed methods (docs/v1-contract.md §1.13)', () => {
  it('PATCH on an item and PUT/DELETE on the list → 405 with Allow', async () => {
    const item = await createCalibration(t.app, ana);
    const patch = await t.app.inject({ method: 'PATCH', url: calibrationUrl(ana.id, item.id), headers: { cookie: ana.cookies }, payload: {} });
    expectStatus(patch, 405);
    expect(patch.headers.allow).toEqual(expect.stringContaining('PUT'));
    const putList = await t.app.inject({ method: 'PUT', url: calibrationsUrl(ana.id), headers: { cookie: ana.cookies }, payload: {} });
    expectStatus(putList, 405);
    expect(putList.json()).toEqual({ errors: ['Método "PUT" não permitido.'] });
  });
});

describe('concurrent writes', () => {
  // docs/reference/backend-notes.md §2.2: "UPDATE … WHERE id=$1 AND version=$2" — the If-Match check and the write must be one step.
  it('8 PUTs at once, all with If-Match W/"1" → exactly one 204, the others 412; the version moves once', async () => {
    const original = await createCalibration(t.app, ana, { calibrationName: 'Corrida Versão' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        putCalibration(t.app, ana, original.id, calibrationFields({ calibrationName: `Corrida ${i}` }), { headers: { 'if-match': 'W/"1"' }, images: imageBytes(20_000, i) }),
      ),
    );
    expect(responses.map((r) => r.statusCode).toSorted()).toEqual([204, ...Array(7).fill(412)]);
    expect((await getCalibration(t.app, ana, original.id)).json()).toMatchObject({ version: 2 });
  });

  it('a PUT racing a DELETE of the same calibration → 204 or 404, never a 5xx', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const doomed = await createCalibration(t.app, ana);
      const [put, del] = await Promise.all([
        putCalibration(t.app, ana, doomed.id, calibrationFields(), { images: imageBytes(50_000, round) }),
        deleteCalibration(t.app, ana, doomed.id),
      ]);
      expectStatus(del, 200);
      outcomes.push(`${put.statusCode} ${put.statusCode >= 500 ? put.body : ''}`.trim());
    }
    expect(outcomes.filter((outcome) => !['204', '404'].includes(outcome))).toEqual([]);
  });
});
