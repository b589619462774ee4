// Analyses (docs/v1-contract.md §1.14 with docs/api.md, docs/domain.md): fields per service, v1's checks in v1's order and messages,
// the remaining count taken and given back in the analysis's own transaction, edits only in DS/II (back to DS).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createMailingTestApp, expectStatus, lang, mailsTo, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { calibrationUrl, createCalibration, deleteCalibration, fileRowsOf, imageBytes, listNotifications, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import { multipart } from '#tests/utils/multipart.ts';
import {
  analysesUrl,
  analysisFields,
  analysisUrl,
  createAnalysis,
  createOrder,
  deleteAnalysis,
  getAnalysis,
  getOrder,
  listAnalyses,
  moveAnalysis,
  postAnalysis,
  putAnalysis,
  reportUrl,
  staffSetStatus,
  staffUser,
  PDF,
  type Analysis,
} from '#tests/utils/orders.ts';
import { headUpload, uploadFile } from '#tests/utils/uploads.ts';

const MSG = {
  noneRemaining: { 'pt-BR': 'Todas as análises deste pedido já foram usadas.', 'en-US': 'All analytics for this order have already been used.', es: 'Ya se han utilizado todos los análisis de este pedido.' },
  unpaid: { 'pt-BR': 'O pagamento deste pedido não foi confirmado.', 'en-US': 'Payment for this order has not been confirmed.', es: 'El pago de este pedido no ha sido confirmado.' },
  notEditable: {
    'pt-BR': 'Não foi possível excluir/atualizar esta análise. Somente análises com o status Informações inválidas ou Dados enviados podem ser excluidas.',
    'en-US': 'It was not possible to delete/update this analysis. Only analyzes with the status Invalid information or Data sent can be deleted.',
    es: 'No fue posible eliminar/actualizar este análisis. Solo se pueden eliminar análisis con el estado Información inválida o Datos enviados.',
  },
  calibrationMissing: {
    'pt-BR': 'Calibração com este id não existe para este usuário.',
    'en-US': 'Calibration with this id does not exist for this user.',
    es: 'La calibración con esta identificación no existe para este usuario.',
  },
  resource: {
    'pt-BR': 'Este usuário não possui este recurso cadastrado.',
    'en-US': 'This user does not have this resource registered.',
    es: 'Este usuario no tiene registrado este recurso.',
  },
  typeRefused: {
    'pt-BR': 'images: Tipo de arquivo não aceito: envie um arquivo zip, arquivos DICOM ou imagens (PNG, JPEG, TIFF).',
    'en-US': 'images: File type not accepted: send a zip archive, DICOM files or images (PNG, JPEG, TIFF).',
    es: 'images: Tipo de archivo no aceptado: envíe un archivo zip, archivos DICOM o imágenes (PNG, JPEG, TIFF).',
  },
  unverified: 'O usuário ainda não possui um e-mail verificado.',
  deleted: { 'pt-BR': 'Análise excluída com sucesso!', 'en-US': 'Analysis deleted successfully!', es: '¡Análisis eliminado con éxito!' },
};

let t: MailingTestApp;
let staff: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  bob = await verifiedUser(t, { name: 'Bob Análise' });
}, 30_000);
afterAll(() => t?.close());

const freshUser = (name: string) => verifiedUser(t, { name });

describe('create, per service (docs/v1-contract.md §1.14)', () => {
  it('dosi-clin: 201 with Location, ETag, v1 fields, status "Dados enviados"/DS; remaining goes down by one', async () => {
    const user = await freshUser('Diana Dosimetria');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin', quantity: 2 });
    const calibration = await createCalibration(t.app, user);
    const id = randomUUID();
    const response = await postAnalysis(t.app, user, order.id, analysisFields('dosi-clin', { id, analysisName: 'Fígado 1' }, calibration.id), { images: imageBytes(3000, 2) });
    expectStatus(response, 201);
    expect(response.headers.location).toBe(`/api/v1/users/${user.id}/orders/${order.id}/analysis/${id}/`);
    expect(response.headers.etag).toBe('W/"1"');
    const analysis = response.json<Analysis>();
    expect(analysis).toEqual({
      id,
      userId: user.id,
      orderId: order.id,
      status: 'Dados enviados',
      statusCode: 'DS',
      imagesUrl: expect.stringMatching(/^\/api\/v1\/files\/[0-9a-f-]{36}\/$/),
      active: true,
      serviceId: 'dosi-clin',
      serviceName: 'Dosimetria Clínica',
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      analysisName: 'Fígado 1',
      report: '',
      reportUrl: null,
      messageToUser: '',
      calibrationId: calibration.id,
      injectedActivity: 7400,
      administrationDatetime: '2024-05-10T12:30:00.000Z',
      version: 1,
    });
    const images = await t.app.inject({ url: analysis.imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(images.rawPayload)).toBe(sha256(imageBytes(3000, 2)));
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(1);
    expect((await getAnalysis(t.app, user, order.id, id)).json()).toEqual(analysis);
  });

  it('radiosino carries the isotope; seg-quant only name and images', async () => {
    const user = await freshUser('Rui Radio');
    const ra = await createAnalysis(t.app, user, await createOrder(t.app, staff, user, { serviceId: 'radiosino' }), { isotope: 'Re-186' });
    expect(ra).toMatchObject({ isotope: 'Re-186', serviceId: 'radiosino', serviceName: 'Radiosinoviortese' });
    expect(ra).not.toHaveProperty('calibrationId');
    const sq = await createAnalysis(t.app, user, await createOrder(t.app, staff, user, { serviceId: 'seg-quant' }));
    expect(sq).not.toHaveProperty('isotope');
    expect(sq).not.toHaveProperty('injectedActivity');
  });

  it('images may come from a finished resumable upload (imagesUploadId)', async () => {
    const user = await freshUser('Ulla Upload');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const bytes = imageBytes(50_000, 8);
    const uploadId = await uploadFile(t.app, user, bytes, { chunkSize: 20_000 });
    const response = await t.app.inject({ method: 'POST', url: analysesUrl(user.id, order.id), headers: { cookie: user.cookies }, payload: { analysisName: 'Via tus', imagesUploadId: uploadId } });
    expectStatus(response, 201);
    const download = await t.app.inject({ url: response.json<Analysis>().imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
  });

  it('an analysis created notifies the user', async () => {
    const user = await freshUser('Nina Nota');
    await createAnalysis(t.app, user, await createOrder(t.app, staff, user, { serviceId: 'seg-quant' }), { analysisName: 'Joelho' });
    expect((await listNotifications(t.app, user)).row[0]!.message).toBe('Análise "Joelho" enviada.');
  });
});

describe("v1's checks, in v1's order", () => {
  it.each([
    [undefined, 'pt-BR'],
    ['en-US', 'en-US'],
    ['es', 'es'],
  ] as const)('an unpaid order with none remaining → 409, not 402 (%s): the count is checked before the payment', async (acceptLanguage, language) => {
    const user = await freshUser('Zeca Zero');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 1, paid: false });
    await t.app.db.update(orders).set({ remaining: 0 }).where(eq(orders.id, order.id));
    const response = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'), { acceptLanguage });
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: [MSG.noneRemaining[language]] });
    // With one remaining, the same unpaid order is refused for its payment.
    await t.app.db.update(orders).set({ remaining: 1 }).where(eq(orders.id, order.id));
    const unpaid = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'), { acceptLanguage });
    expectStatus(unpaid, 402);
    expect(unpaid.json()).toEqual({ errors: [MSG.unpaid[language]] });
    expect((await listAnalyses(t.app, user, order.id)).count).toBe(0);
  });

  it('a paid order with none remaining → 409', async () => {
    const user = await freshUser('Zilda Zero');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 1 });
    await createAnalysis(t.app, user, order);
    const response = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'));
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: [MSG.noneRemaining['pt-BR']] });
  });

  it.each([
    [undefined, 'pt-BR'],
    ['en-US', 'en-US'],
    ['es', 'es'],
  ] as const)('payment not confirmed → 402 (%s); nothing taken', async (acceptLanguage, language) => {
    const user = await freshUser('Paulo Pendente');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', paid: false });
    const response = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'), { acceptLanguage });
    expectStatus(response, 402);
    expect(response.json()).toEqual({ errors: [MSG.unpaid[language]] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(3);
  });

  it('an unverified e-mail → 409 before anything else', async () => {
    const user = await registerUser(t.app);
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const response = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'));
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: [MSG.unverified] });
  });

  it('model-comp takes no analyses → 409', async () => {
    const user = await freshUser('Mario Modelo');
    const order = await createOrder(t.app, staff, user, { serviceId: 'model-comp' });
    const response = await postAnalysis(t.app, user, order.id, { analysisName: 'Modelo' }, { acceptLanguage: 'en-US' });
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: ['This service takes no analyses.'] });
  });

  it('dosimetry: calibration missing, malformed, or not the user\'s; field errors in v1\'s form', async () => {
    const user = await freshUser('Carla Calibra');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-preclin' });
    const mine = await createCalibration(t.app, user);
    const theirs = await createCalibration(t.app, bob);
    const cases: Array<[Record<string, string | number | undefined>, string[]]> = [
      [{ calibrationId: undefined }, ['calibration_id: Este campo é obrigatório.']],
      [{ calibrationId: 'xyz' }, ['calibration_id: Insira um UUID válido.']],
      [{ calibrationId: theirs.id }, [MSG.calibrationMissing['pt-BR']]],
      [{ calibrationId: mine.id, analysisName: 'ab' }, ['analysis_name: Certifique-se de que o valor tenha no mínimo 3 caracteres (ele possui 2).']],
      [{ calibrationId: mine.id, analysisName: 'Fígado e baço, série nº 2' }, ['analysis_name: Certifique-se de que o valor tenha no máximo 24 caracteres (ele possui 25).']],
      [{ calibrationId: mine.id, injectedActivity: -1 }, ['injected_activity: Certifique-se que este valor seja maior ou igual a 0.0.']],
      [{ calibrationId: mine.id, injectedActivity: 'muito' }, ['injected_activity: Informe um número.']],
      [{ calibrationId: mine.id, administrationDatetime: '2024-13-01 10:00' }, ['administration_datetime: Informe uma data/hora válida.']],
    ];
    for (const [overrides, errors] of cases) {
      const response = await postAnalysis(t.app, user, order.id, { ...analysisFields('dosi-preclin', {}, mine.id), ...overrides });
      expectStatus(response, 400, JSON.stringify(overrides));
      expect({ overrides, body: response.json() }).toEqual({ overrides, body: { errors } });
    }
    const noImages = await postAnalysis(t.app, user, order.id, analysisFields('dosi-preclin', {}, mine.id), { images: null, acceptLanguage: 'en-US' });
    expect(noImages.json()).toEqual({ errors: ['images: This field is required.'] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(3);
    expect((await listAnalyses(t.app, user, order.id)).count).toBe(0);
  });

  it('radiosino: the isotope must be a radiosynoviorthesis isotope, of at most 6 characters (v1\'s wording)', async () => {
    const user = await freshUser('Rita Isótopo');
    const order = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    for (const [isotope, acceptLanguage, message] of [
      [undefined, 'en-US', 'isotope: This field is required.'],
      ['Tc-99m', 'en-US', 'isotope: Isotope not registered.'],
      ['Unobtainium', 'en-US', 'isotope: Ensure this value has at most 6 characters (it has 11).'],
      ['Unobtainium', undefined, 'isotope: Certifique-se de que o valor tenha no máximo 6 caracteres (ele possui 11).'],
      ['Unobtainium', 'es', 'isotope: Asegúrese de que este valor tenga como máximo 6 caracteres (tiene 11).'],
    ] as const) {
      const response = await postAnalysis(t.app, user, order.id, { analysisName: 'Joelho D', isotope }, { acceptLanguage });
      expectStatus(response, 400, String(isotope));
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it.each([
    ['en-US', 'analysis_name: Ensure this value has at least 3 characters (it has 2).', 'injected_activity: Ensure this value is greater than or equal to 0.0.'],
    ['es', 'analysis_name: Asegúrese de que este valor tenga al menos 3 caracteres (tiene 2).', 'injected_activity: Asegúrese de que este valor sea mayor o igual a 0.0.'],
  ])('the form\'s errors together, in v1\'s wording (%s)', async (acceptLanguage, name, activity) => {
    const user = await freshUser('Lia Limites');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const calibration = await createCalibration(t.app, user);
    const response = await postAnalysis(t.app, user, order.id, analysisFields('dosi-clin', { analysisName: ' ab ', injectedActivity: '-0.5' }, calibration.id), { acceptLanguage });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [name, activity] });
  });

  it('the calibration (or isotope) is checked before the rest of the form: its error comes alone', async () => {
    const user = await freshUser('Olga Ordem');
    const dosimetry = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const theirs = await createCalibration(t.app, bob);
    const bad = { analysisName: 'ab', injectedActivity: 'muito' };
    for (const [calibrationId, error] of [
      ['xyz', 'calibration_id: Insira um UUID válido.'],
      [theirs.id, MSG.calibrationMissing['pt-BR']],
    ]) {
      const response = await postAnalysis(t.app, user, dosimetry.id, analysisFields('dosi-clin', bad, calibrationId), { images: null });
      expectStatus(response, 400, calibrationId);
      expect(response.json()).toEqual({ errors: [error] });
    }
    const radiosino = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    const response = await postAnalysis(t.app, user, radiosino.id, { analysisName: 'ab', isotope: 'Tc-99m' }, { acceptLanguage: 'en-US' });
    expect(response.json()).toEqual({ errors: ['isotope: Isotope not registered.'] });
    // Then the rest of the form, with the images, in one answer.
    const mine = await createCalibration(t.app, user);
    const rest = await postAnalysis(t.app, user, dosimetry.id, analysisFields('dosi-clin', bad, mine.id), { images: null, acceptLanguage: 'en-US' });
    expect(rest.json()).toEqual({
      errors: ['analysis_name: Ensure this value has at least 3 characters (it has 2).', 'injected_activity: Enter a number.', 'images: This field is required.'],
    });
    expect((await getOrder(t.app, user, dosimetry.id)).remainingOfAnalyzes).toBe(3);
  });

  it.each([
    ['dosi-clin', undefined, 'Dosimetria clínica com este Order e Nome da análise já existe.'],
    ['dosi-preclin', 'en-US', 'Preclinic Dosimetry with this Order and Analysis Name already exists.'],
    ['seg-quant', 'en-US', 'Segmentation Analysis with this Order and Analysis Name already exists.'],
    ['radiosino', 'es', 'Análisis de radiosinoviortesis con este Order y Nombre del análisis ya existe.'],
  ])('%s: the name is unique within the order → 400 with v1\'s non-field message (%s); nothing taken', async (serviceId, acceptLanguage, message) => {
    const user = await freshUser('Nando Nome');
    const order = await createOrder(t.app, staff, user, { serviceId });
    const first = await createAnalysis(t.app, user, order, { analysisName: 'Mesmo Nome' });
    const response = await postAnalysis(t.app, user, order.id, analysisFields(serviceId, { analysisName: 'Mesmo Nome' }, first.calibrationId), { acceptLanguage });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
    const second = await createAnalysis(t.app, user, order, { analysisName: 'Outro Nome', calibrationId: first.calibrationId });
    const put = await putAnalysis(t.app, user, order.id, second.id, analysisFields(serviceId, { analysisName: 'Mesmo Nome' }, first.calibrationId), { acceptLanguage });
    expectStatus(put, 400);
    expect(put.json()).toEqual({ errors: [message] });
  });
});

describe('edit and delete (only DS and II)', () => {
  it('PUT in DS → 204, version bumped; in II → 204 and back to DS with the message gone', async () => {
    const user = await freshUser('Edu Edita');
    const order = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    const analysis = await createAnalysis(t.app, user, order);
    const put = await putAnalysis(t.app, user, order.id, analysis.id, { analysisName: 'Renomeada', isotope: 'Lu-177' }, { headers: { 'if-match': 'W/"1"' } });
    expectStatus(put, 204);
    expect(put.headers.etag).toBe('W/"2"');
    const invalid = await moveAnalysis(t.app, staff, analysis.id, 'II', 'Faltam as imagens de 24 h.');
    expect(invalid).toMatchObject({ statusCode: 'II', status: 'Informações inválidas', messageToUser: 'Faltam as imagens de 24 h.' });
    expectStatus(await putAnalysis(t.app, user, order.id, analysis.id, { analysisName: 'Corrigida', isotope: 'Lu-177' }, { images: imageBytes(100, 3) }), 204);
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json()).toMatchObject({ statusCode: 'DS', messageToUser: '', analysisName: 'Corrigida', isotope: 'Lu-177' });
  });

  it('a stale If-Match → 412; nothing changed', async () => {
    const user = await freshUser('Ivo IfMatch');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order);
    expectStatus(await putAnalysis(t.app, user, order.id, analysis.id, { analysisName: 'Outra' }, { headers: { 'if-match': 'W/"7"' } }), 412);
    expectStatus(await deleteAnalysis(t.app, user, order.id, analysis.id, { 'if-match': 'W/"7"' }), 412);
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json()).toEqual(analysis);
  });

  it.each(['AI', 'PR', 'CO'])('in %s: PUT and DELETE → 409 with v1\'s message; the count is untouched', async (status) => {
    const user = await freshUser('Bia Bloqueio');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order);
    await moveAnalysis(t.app, staff, analysis.id, status);
    const put = await putAnalysis(t.app, user, order.id, analysis.id, { analysisName: 'Tarde' });
    expectStatus(put, 409);
    expect(put.json()).toEqual({ errors: [MSG.notEditable['pt-BR']] });
    const del = await deleteAnalysis(t.app, user, order.id, analysis.id, lang('en-US'));
    expectStatus(del, 409);
    expect(del.json()).toEqual({ errors: [MSG.notEditable['en-US']] });
    const putEs = await putAnalysis(t.app, user, order.id, analysis.id, { analysisName: 'Tarde' }, { acceptLanguage: 'es' });
    expectStatus(putEs, 409);
    expect(putEs.json()).toEqual({ errors: [MSG.notEditable.es] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>()).toMatchObject({ statusCode: status, analysisName: analysis.analysisName });
  });

  it.each([
    [undefined, 'pt-BR'],
    ['en-US', 'en-US'],
    ['es', 'es'],
  ] as const)('DELETE in DS → 200 with v1\'s message (%s); the order gets the analysis back; the images are gone', async (acceptLanguage, language) => {
    const user = await freshUser('Dora Deleta');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 1 });
    const analysis = await createAnalysis(t.app, user, order);
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(0);
    const response = await deleteAnalysis(t.app, user, order.id, analysis.id, lang(acceptLanguage));
    expectStatus(response, 200);
    expect(response.json()).toEqual({ id: analysis.id, message: MSG.deleted[language] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(1);
    expectStatus(await t.app.inject({ url: analysis.imagesUrl!, headers: { cookie: user.cookies } }), 404);
    expectStatus(await getAnalysis(t.app, user, order.id, analysis.id), 404);
    await createAnalysis(t.app, user, order);
  });
});

describe("PUT: v1's checks, in v1's order (calibration form → calibration → status → the rest)", () => {
  const unchanged = async (user: SignedInUser, orderId: string, analysis: Analysis) =>
    expect((await getAnalysis(t.app, user, orderId, analysis.id)).json<Analysis>()).toEqual(analysis);

  it.each([
    [undefined, 'pt-BR'],
    ['en-US', 'en-US'],
    ['es', 'es'],
  ] as const)("a calibration that is not the user's → 404 (not 400 as on create) with v1's message (%s); nothing changed", async (acceptLanguage, language) => {
    const user = await freshUser('Paula Calibra');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const analysis = await createAnalysis(t.app, user, order);
    const theirs = await createCalibration(t.app, bob);
    for (const calibrationId of [theirs.id, randomUUID()]) {
      const response = await putAnalysis(t.app, user, order.id, analysis.id, analysisFields('dosi-clin', {}, calibrationId), { acceptLanguage });
      expectStatus(response, 404, calibrationId);
      expect(response.json()).toEqual({ errors: [MSG.calibrationMissing[language]] });
    }
    await unchanged(user, order.id, analysis);
  });

  it('field errors → 400 in the same form as on create; nothing changed', async () => {
    const user = await freshUser('Fabi Formulário');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-preclin' });
    const analysis = await createAnalysis(t.app, user, order);
    const cases: Array<[Record<string, string | number | undefined>, string[]]> = [
      [{ calibrationId: undefined }, ['calibration_id: This field is required.']],
      [{ calibrationId: 'xyz' }, ['calibration_id: Enter a valid UUID.']],
      [{ analysisName: '' }, ['analysis_name: This field is required.']],
      [{ analysisName: 'ab', administrationDatetime: 'ontem' }, ['analysis_name: Ensure this value has at least 3 characters (it has 2).', 'administration_datetime: Enter a valid date/time.']],
      [{ injectedActivity: -3 }, ['injected_activity: Ensure this value is greater than or equal to 0.0.']],
    ];
    for (const [overrides, errors] of cases) {
      const response = await putAnalysis(t.app, user, order.id, analysis.id, { ...analysisFields('dosi-preclin', {}, analysis.calibrationId), ...overrides }, { acceptLanguage: 'en-US' });
      expectStatus(response, 400, JSON.stringify(overrides));
      expect({ overrides, body: response.json() }).toEqual({ overrides, body: { errors } });
    }
    await unchanged(user, order.id, analysis);
  });

  it('past DS/II: the calibration form (400) and a missing calibration (404) come before the 409; the rest of the form after it', async () => {
    const user = await freshUser('Vera Verifica');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const analysis = await moveAnalysis(t.app, staff, (await createAnalysis(t.app, user, order)).id, 'AI');
    const put = (overrides: Record<string, string>, calibrationId?: string) =>
      putAnalysis(t.app, user, order.id, analysis.id, analysisFields('dosi-clin', overrides, calibrationId ?? analysis.calibrationId), { acceptLanguage: 'en-US' });

    const malformed = await put({}, 'xyz');
    expectStatus(malformed, 400);
    expect(malformed.json()).toEqual({ errors: ['calibration_id: Enter a valid UUID.'] });
    const missing = await put({}, randomUUID());
    expectStatus(missing, 404);
    expect(missing.json()).toEqual({ errors: [MSG.calibrationMissing['en-US']] });
    const badName = await put({ analysisName: 'ab' });
    expectStatus(badName, 409);
    expect(badName.json()).toEqual({ errors: [MSG.notEditable['en-US']] });

    const radiosino = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    const verifying = await moveAnalysis(t.app, staff, (await createAnalysis(t.app, user, radiosino)).id, 'AI');
    const isotope = await putAnalysis(t.app, user, radiosino.id, verifying.id, { analysisName: 'ab', isotope: 'Tc-99m' }, { acceptLanguage: 'en-US' });
    expectStatus(isotope, 400);
    expect(isotope.json()).toEqual({ errors: ['isotope: Isotope not registered.'] });
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>().version).toBe(analysis.version);
  });

  it('an unknown analysis → 404 before the form is checked (unlike v1: If-Match needs the analysis, and a body for nothing is not stored)', async () => {
    const user = await freshUser('Ugo Ninguém');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const response = await putAnalysis(t.app, user, order.id, randomUUID(), analysisFields('dosi-clin', {}, 'xyz'), { images: imageBytes(500, 4) });
    expectStatus(response, 404);
    expect(response.json()).toEqual({ errors: [MSG.resource['pt-BR']] });
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);
  });

  it("another user's finished upload as imagesUploadId → 400 on POST and PUT; their upload stays theirs, nothing taken or changed", async () => {
    const user = await freshUser('Ilda Intrusa');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order);
    const theirs = await uploadFile(t.app, bob, imageBytes(3000, 31));
    const json = (method: 'POST' | 'PUT', url: string, acceptLanguage: string) =>
      t.app.inject({ method, url, headers: { cookie: user.cookies, ...lang(acceptLanguage) }, payload: { analysisName: 'Via upload alheio', imagesUploadId: theirs } });

    const post = await json('POST', analysesUrl(user.id, order.id), 'en-US');
    expectStatus(post, 400);
    expect(post.json()).toEqual({ errors: ['images_upload_id: Upload not found.'] });
    const put = await json('PUT', analysisUrl(user.id, order.id, analysis.id), 'es');
    expectStatus(put, 400);
    expect(put.json()).toEqual({ errors: ['images_upload_id: Carga no encontrada.'] });

    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
    expect((await listAnalyses(t.app, user, order.id)).row).toEqual([analysis]);
    expectStatus(await headUpload(t.app, bob, theirs), 200);
    const own = await t.app.inject({ method: 'POST', url: analysesUrl(bob.id, (await createOrder(t.app, staff, bob, { serviceId: 'seg-quant' })).id), headers: { cookie: bob.cookies }, payload: { analysisName: 'Meu upload', imagesUploadId: theirs } });
    expectStatus(own, 201);
  });
});

describe('multipart images: the same accepted types as resumable uploads (zip, DICOM, images)', () => {
  const send = async (user: SignedInUser, method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file: { content: Uint8Array; filename: string; contentType: string }, acceptLanguage?: string) => {
    const body = await multipart(fields, { images: file });
    return t.app.inject({ method, url, payload: body.payload, headers: { cookie: user.cookies, ...lang(acceptLanguage), ...body.headers } });
  };
  const withHead = (head: number[], size = 600) => {
    const bytes = imageBytes(size, 41);
    bytes.set(head);
    return bytes;
  };

  it.each([
    [undefined, 'notas.txt', 'text/plain', MSG.typeRefused['pt-BR']],
    ['en-US', 'programa.exe', 'application/x-msdownload', MSG.typeRefused['en-US']],
    ['es', 'semtipo.bin', 'application/octet-stream', MSG.typeRefused.es],
  ])('a type that is no zip, DICOM or image → 400 naming images (%s, %s); nothing taken or stored', async (acceptLanguage, filename, contentType, message) => {
    const user = await freshUser('Tito Tipo');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const response = await send(user, 'POST', analysesUrl(user.id, order.id), { analysisName: 'Tipo errado' }, { content: imageBytes(500), filename, contentType }, acceptLanguage);
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(3);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);
  });

  it('a "zip" whose bytes are something else → 400 naming the file; a PUT with it keeps the analysis\'s images', async () => {
    const user = await freshUser('Zuza Zip');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const fake = { content: withHead([...Buffer.from('MZ')]), filename: 'exame.zip', contentType: 'application/zip' };
    const post = await send(user, 'POST', analysesUrl(user.id, order.id), { analysisName: 'Zip falso' }, fake, 'en-US');
    expectStatus(post, 400);
    expect(post.json()).toEqual({ errors: ['images: The content of “exame.zip” does not match its file type: the upload failed. Choose a valid zip, DICOM or image file.'] });

    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Zip bom' }, { images: imageBytes(700, 42) });
    const put = await send(user, 'PUT', analysisUrl(user.id, order.id, analysis.id), { analysisName: 'Zip bom' }, fake);
    expectStatus(put, 400);
    expect(put.json()).toEqual({ errors: ['images: O conteúdo de “exame.zip” não corresponde ao tipo do arquivo: o envio falhou. Escolha um arquivo zip, DICOM ou de imagem válido.'] });
    const images = await t.app.inject({ url: analysis.imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(images.rawPayload)).toBe(sha256(imageBytes(700, 42)));
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('DICOM, PNG, JPEG and TIFF are accepted; a generic type is taken from the extension and recorded as such', async () => {
    const user = await freshUser('Dani Dicom');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 4 });
    const dicom = imageBytes(800, 43);
    dicom.fill(0, 0, 128);
    dicom.set(Buffer.from('DICM'), 128);
    for (const [filename, contentType, content, served] of [
      ['IM0001.dcm', 'application/octet-stream', dicom, 'application/dicom'],
      ['mapa.png', 'image/png', withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
      ['foto.jpg', 'image/jpeg', withHead([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
      ['scan.TIF', '', withHead([0x49, 0x49, 0x2a, 0x00]), 'image/tiff'],
    ] as const) {
      const response = await send(user, 'POST', analysesUrl(user.id, order.id), { analysisName: filename }, { content, filename, contentType });
      expectStatus(response, 201, filename);
      const download = await t.app.inject({ url: response.json<Analysis>().imagesUrl!, headers: { cookie: user.cookies } });
      expect({ filename, type: download.headers['content-type'] }).toEqual({ filename, type: served });
      expect(sha256(download.rawPayload)).toBe(sha256(content));
    }
  });
});

describe('allowed methods (docs/v1-contract.md §1.14)', () => {
  it('list: PUT, PATCH and DELETE → 405 with Allow GET, POST; item: POST and PATCH → 405 with Allow GET, PUT, DELETE', async () => {
    const order = await createOrder(t.app, staff, bob, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, bob, order);
    const cases = [
      ...(['PUT', 'PATCH', 'DELETE'] as const).map((method) => ({ method, url: analysesUrl(bob.id, order.id), allow: 'GET, HEAD, POST' })),
      ...(['POST', 'PATCH'] as const).map((method) => ({ method, url: analysisUrl(bob.id, order.id, analysis.id), allow: 'DELETE, GET, HEAD, PUT' })),
    ];
    for (const { method, url, allow } of cases) {
      const response = await t.app.inject({ method, url, headers: { cookie: bob.cookies, ...lang('en-US') }, payload: {} });
      expectStatus(response, 405, `${method} ${url}`);
      expect({ method, url, allow: response.headers.allow, body: response.json() }).toEqual({ method, url, allow, body: { errors: [`Method "${method}" not allowed.`] } });
    }
    expect(await listAnalyses(t.app, bob, order.id)).toMatchObject({ count: 1, row: [analysis] });
  });
});

describe('ownership (IDOR) on every uid/oid/aid route', () => {
  it("another user's order or analysis → 404 with v1's message; another uid → 401", async () => {
    const order = await createOrder(t.app, staff, bob, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, bob, order);
    const eve = await freshUser('Eva Intrusa');
    const evesOrder = await createOrder(t.app, staff, eve, { serviceId: 'seg-quant' });
    const asEve = { cookie: eve.cookies };
    const base = `/api/v1/users/${eve.id}/orders`;
    const requests = [
      { method: 'GET' as const, url: `${base}/${order.id}/analysis/` },
      { method: 'GET' as const, url: `${base}/${order.id}/analysis/${analysis.id}/` },
      { method: 'GET' as const, url: `${base}/${evesOrder.id}/analysis/${analysis.id}/` },
      { method: 'GET' as const, url: `${base}/${order.id}/analysis/${analysis.id}/report/` },
      { method: 'DELETE' as const, url: `${base}/${evesOrder.id}/analysis/${analysis.id}/` },
      { method: 'DELETE' as const, url: `${base}/${order.id}/analysis/${analysis.id}/` },
    ];
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: asEve });
      expectStatus(response, 404, request.url);
      expect(response.json()).toEqual({ errors: [MSG.resource['pt-BR']] });
    }
    expectStatus(await putAnalysis(t.app, eve, evesOrder.id, analysis.id, { analysisName: 'Minha' }), 404);
    expectStatus(await postAnalysis(t.app, eve, order.id, analysisFields('seg-quant')), 404);
    // Her own order, with Bob's analysis id as a client id → 404, not a replay of his.
    expectStatus(await postAnalysis(t.app, eve, evesOrder.id, analysisFields('seg-quant', { id: analysis.id })), 404);
    for (const url of [analysesUrl(bob.id, order.id), `${analysesUrl(bob.id, order.id)}${analysis.id}/`]) {
      expectStatus(await t.app.inject({ url, headers: asEve }), 401);
      expectStatus(await t.app.inject({ url }), 401);
    }
    expect(await listAnalyses(t.app, bob, order.id)).toEqual({ count: 1, row: [analysis] });
  });

  it.each([
    [undefined, 'pt-BR'],
    ['en-US', 'en-US'],
    ['es', 'es'],
  ] as const)("an unknown analysis → 404 with v1's message (%s)", async (acceptLanguage, language) => {
    const order = await createOrder(t.app, staff, bob, { serviceId: 'seg-quant' });
    const response = await getAnalysis(t.app, bob, order.id, randomUUID(), acceptLanguage);
    expectStatus(response, 404);
    expect(response.json()).toEqual({ errors: [MSG.resource[language]] });
  });
});

describe('the staff moves an analysis on only as docs/domain.md allows', () => {
  it('DS → AI → PR → CO, or AI → II; skipping or going back → 409, translated, with nothing changed or notified', async () => {
    const user = await freshUser('Sílvia Passos');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 2 });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Joelho' });
    const notificationsBefore = (await listNotifications(t.app, user)).count;
    const pdf = { content: PDF, filename: 'relatorio.pdf', contentType: 'application/pdf' };

    const skip = await staffSetStatus(t.app, staff, analysis.id, { status: 'PR' }, undefined, 'en-US');
    expectStatus(skip, 409);
    expect(skip.json()).toEqual({ errors: ['An analysis in “Data sent” cannot move to “Processing analysis”.'] });
    const skipToDone = await staffSetStatus(t.app, staff, analysis.id, { status: 'CO' }, pdf);
    expectStatus(skipToDone, 409);
    expect(skipToDone.json()).toEqual({ errors: ['Uma análise em “Dados enviados” não pode passar para “Análise concluída”.'] });
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>().statusCode).toBe('DS');
    expect((await listNotifications(t.app, user)).count).toBe(notificationsBefore);

    await moveAnalysis(t.app, staff, analysis.id, 'PR');
    const back = await staffSetStatus(t.app, staff, analysis.id, { status: 'AI' }, undefined, 'es');
    expectStatus(back, 409);
    expect(back.json()).toEqual({ errors: ['Un análisis en “Procesando el análisis” no puede pasar a “Verificando información”.'] });
    const invalidLate = await staffSetStatus(t.app, staff, analysis.id, { status: 'II', message: 'Tarde demais.' });
    expectStatus(invalidLate, 409);
    expectStatus(await staffSetStatus(t.app, staff, analysis.id, { status: 'CO' }, pdf), 200);
    // A new report for a completed analysis replaces it.
    expectStatus(await staffSetStatus(t.app, staff, analysis.id, { status: 'CO' }, pdf), 200);
    expectStatus(await staffSetStatus(t.app, staff, analysis.id, { status: 'PR' }), 409);

    const second = await createAnalysis(t.app, user, order, { analysisName: 'Tornozelo' });
    await moveAnalysis(t.app, staff, second.id, 'II', 'Falta a série de 24 h.');
    // Invalid information goes back to Data sent only through the owner's edit, not the staff.
    expectStatus(await staffSetStatus(t.app, staff, second.id, { status: 'AI' }), 409);
    expectStatus(await staffSetStatus(t.app, staff, second.id, { status: 'II', message: 'E a de 48 h.' }), 200);
  });

  it('two moves racing from the same status: one wins, the other → 412 with the analysis as the winner left it', async () => {
    const user = await freshUser('Rui Corrida');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Punho' });
    await moveAnalysis(t.app, staff, analysis.id, 'AI');
    const answers = await Promise.all([
      staffSetStatus(t.app, staff, analysis.id, { status: 'PR', from: 'AI' }),
      staffSetStatus(t.app, staff, analysis.id, { status: 'II', message: 'Série cortada.', from: 'AI' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 412]);
    const final = (await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>().statusCode;
    expect(['PR', 'II']).toContain(final);
    expect(answers.find((answer) => answer.statusCode === 412)!.json<{ current: Analysis }>().current.statusCode).toBe(final);
  });
});

describe('report', () => {
  it('CO requires a PDF report; the owner downloads it, others get 404; before CO → 404; the user is mailed', async () => {
    const user = await freshUser('Rosa Relatório');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Ombro' });
    const early = await t.app.inject({ url: reportUrl(user.id, order.id, analysis.id), headers: { cookie: user.cookies, ...lang('en-US') } });
    expectStatus(early, 404);
    expect(early.json()).toEqual({ errors: ['The report is available once the analysis is completed.'] });
    const noReport = await staffSetStatus(t.app, staff, analysis.id, { status: 'CO' }, undefined, 'en-US');
    expectStatus(noReport, 400);
    expect(noReport.json()).toEqual({ errors: ['report: A completed analysis needs its report (a PDF).'] });
    const noMessage = await staffSetStatus(t.app, staff, analysis.id, { status: 'II' }, undefined, 'en-US');
    expectStatus(noMessage, 400);
    expect(noMessage.json()).toEqual({ errors: ['message: This field is required.'] });

    const done = await moveAnalysis(t.app, staff, analysis.id, 'CO');
    expect(done).toMatchObject({ statusCode: 'CO', status: 'Análise concluída', reportUrl: reportUrl(user.id, order.id, analysis.id), report: reportUrl(user.id, order.id, analysis.id) });
    const download = await t.app.inject({ url: done.reportUrl!, headers: { cookie: user.cookies } });
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload).toEqual(Buffer.from(PDF));
    expectStatus(await t.app.inject({ url: done.reportUrl!, headers: { cookie: bob.cookies } }), 401);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, user.email).map((m) => m.subject)).toContain('DoseHub: o relatório da análise Ombro está pronto');
    const messages = (await listNotifications(t.app, user)).row.map((n) => [n.kind, n.message]);
    expect(messages[0]).toEqual(['success', 'Análise "Ombro" concluída: o relatório está disponível.']);
  });

  it('each status change notifies the user with its kind; II carries the staff message', async () => {
    const user = await freshUser('Kiko Kinds');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Quadril' });
    await moveAnalysis(t.app, staff, analysis.id, 'AI');
    await moveAnalysis(t.app, staff, analysis.id, 'II', 'Reenvie a série.');
    const rows = (await listNotifications(t.app, user, '', 'en-US')).row.slice(0, 2).map((n) => [n.kind, n.message]);
    expect(rows).toEqual([
      ['error', 'Analysis "Quadril": invalid information. Reenvie a série.'],
      ['processing', 'Analysis "Quadril": verifying information.'],
    ]);
  });
});

describe('calibrations used by analyses', () => {
  it('DELETE of a calibration in use → 409 (translated); PUT → 409 once the analysis is past DS/II; free again after the analysis is deleted', async () => {
    const user = await freshUser('Caio Calibração');
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const calibration = await createCalibration(t.app, user);
    const analysis = await createAnalysis(t.app, user, order, { calibrationId: calibration.id });
    const refused = await deleteCalibration(t.app, user, calibration.id, lang('en-US'));
    expectStatus(refused, 409);
    expect(refused.json()).toEqual({ errors: ['This calibration is used by an analysis and cannot be deleted.'] });
    await moveAnalysis(t.app, staff, analysis.id, 'AI');
    const put = await t.app.inject({ method: 'PUT', url: calibrationUrl(user.id, calibration.id), headers: { cookie: user.cookies }, payload: { ...calibration, imagesUploadId: undefined } });
    expectStatus(put, 409);
    expect(put.json()).toEqual({ errors: ["Somente as calibrações associadas a análises com o status 'Informações inválidas' ou 'Dados enviados' podem ser atualizados/excluídos."] });
    await moveAnalysis(t.app, staff, analysis.id, 'II', 'Corrija.');
    expectStatus(await deleteAnalysis(t.app, user, order.id, analysis.id), 200);
    expectStatus(await deleteCalibration(t.app, user, calibration.id), 200);
  });
});
