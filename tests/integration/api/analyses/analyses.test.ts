// Analyses (v1 §1.14 with API.md, DOMAIN.md): fields per service, v1's checks in v1's order and messages,
// the remaining count taken and given back in the analysis's own transaction, edits only in DS/II (back to DS).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, lang, mailsTo, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { calibrationUrl, createCalibration, deleteCalibration, imageBytes, listNotifications, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import {
  analysesUrl,
  analysisFields,
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
import { uploadFile } from '#tests/utils/uploads.ts';

const MSG = {
  noneRemaining: { 'pt-BR': 'Todas as análises deste pedido já foram usadas.', 'en-US': 'All analytics for this order have already been used.', es: 'Ya se han utilizado todos los análisis de este pedido.' },
  unpaid: { 'pt-BR': 'O pagamento deste pedido não foi confirmado.', 'en-US': 'Payment for this order has not been confirmed.', es: 'El pago de este pedido no ha sido confirmado.' },
  notEditable: {
    'pt-BR': 'Não foi possível excluir/atualizar esta análise. Somente análises com o status Informações inválidas ou Dados enviados podem ser excluidas.',
    'en-US': 'It was not possible to delete/update this analysis. Only analyzes with the status Invalid information or Data sent can be deleted.',
  },
  calibrationMissing: { 'pt-BR': 'Calibração com este id não existe para este usuário.', 'en-US': 'Calibration with this id does not exist for this user.' },
  resource: 'Este usuário não possui este recurso cadastrado.',
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

describe('create, per service (v1 §1.14)', () => {
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
  ] as const)('none remaining → 409 (%s), checked before the payment', async (acceptLanguage, language) => {
    const user = await freshUser('Zeca Zero');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 1 });
    await createAnalysis(t.app, user, order);
    const response = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant'), { acceptLanguage });
    expectStatus(response, 409);
    expect(response.json()).toEqual({ errors: [MSG.noneRemaining[language]] });
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
      [{ calibrationId: mine.id, analysisName: 'ab' }, ['analysis_name: O nome da análise deve ter de 3 a 24 caracteres.']],
      [{ calibrationId: mine.id, injectedActivity: -1 }, ['injected_activity: Certifique-se de que este valor seja maior ou igual a 0.']],
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

  it('radiosino: the isotope must be a radiosynoviorthesis isotope', async () => {
    const user = await freshUser('Rita Isótopo');
    const order = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    for (const [isotope, message] of [
      [undefined, 'isotope: This field is required.'],
      ['Tc-99m', 'isotope: Isotope not registered.'],
      ['Unobtainium', 'isotope: Isotope not registered.'],
    ] as const) {
      const response = await postAnalysis(t.app, user, order.id, { analysisName: 'Joelho D', isotope }, { acceptLanguage: 'en-US' });
      expectStatus(response, 400, String(isotope));
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it('the name is unique within the order → 400', async () => {
    const user = await freshUser('Nando Nome');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    await createAnalysis(t.app, user, order, { analysisName: 'Mesmo Nome' });
    const response = await postAnalysis(t.app, user, order.id, { analysisName: 'Mesmo Nome' }, { acceptLanguage: 'en-US' });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['analysis_name: This order already has an analysis with this name.'] });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
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
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
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
      expect(response.json()).toEqual({ errors: [MSG.resource] });
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
});

describe('the staff moves an analysis on only as DOMAIN.md allows', () => {
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

  it('two moves racing from the same status: one wins, the other → 409 (changed meanwhile)', async () => {
    const user = await freshUser('Rui Corrida');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Punho' });
    await moveAnalysis(t.app, staff, analysis.id, 'AI');
    const answers = await Promise.all([
      staffSetStatus(t.app, staff, analysis.id, { status: 'PR' }),
      staffSetStatus(t.app, staff, analysis.id, { status: 'II', message: 'Série cortada.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
    const final = (await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>().statusCode;
    expect(['PR', 'II']).toContain(final);
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
