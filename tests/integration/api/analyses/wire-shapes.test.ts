// Analyses take the same wire shapes as calibrations (src/server/README.md, "Wire shapes"): JSON with
// imagesUploadId, v1's multipart form with the `images` file, or with an `imagesUploadId` field; camelCase or
// snake_case keys. Each shape creates and replaces, and the images kept are the bytes sent.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { createCalibration, fileRowsOf, imageBytes, listNotifications, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import { analysesUrl, analysisFields, analysisUrl, createOrder, getAnalysis, getOrder, staffUser, type Analysis } from '#tests/utils/orders.ts';
import { sendForm, WIRE_SHAPES } from '#tests/utils/wire-shapes.ts';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 30_000);
afterAll(() => t?.close());

describe.each(WIRE_SHAPES)('an analysis sent as %s', (shape) => {
  it('is created (201) with the images sent, and replaced (204) with new ones; the old file row goes', async () => {
    const user = await verifiedUser(t, { name: 'Walter Formato' });
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin', quantity: 2 });
    const calibration = await createCalibration(t.app, user);
    const id = randomUUID();
    const first = imageBytes(3000, 21);
    const fields = analysisFields('dosi-clin', { id, analysisName: 'Formato A' }, calibration.id);
    const created = await sendForm(t.app, user, 'POST', analysesUrl(user.id, order.id), shape, fields, first);
    expectStatus(created, 201);
    expect(created.json<Analysis>()).toMatchObject({ id, analysisName: 'Formato A', calibrationId: calibration.id, injectedActivity: 7400, statusCode: 'DS' });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(1);
    const download = await t.app.inject({ url: created.json<Analysis>().imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(first));

    const second = imageBytes(2500, 22);
    const changed = analysisFields('dosi-clin', { analysisName: 'Formato B', injectedActivity: 3700 }, calibration.id);
    const replaced = await sendForm(t.app, user, 'PUT', analysisUrl(user.id, order.id, id), shape, changed, second);
    expectStatus(replaced, 204);
    const now = (await getAnalysis(t.app, user, order.id, id)).json<Analysis>();
    expect(now).toMatchObject({ analysisName: 'Formato B', injectedActivity: 3700, version: 2 });
    const replacedDownload = await t.app.inject({ url: now.imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(replacedDownload.rawPayload)).toBe(sha256(second));
    // The calibration's images and the analysis's current ones.
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(2);
    expect((await listNotifications(t.app, user)).row.map((n) => n.message).slice(0, 2)).toEqual(['Análise "Formato B" atualizada.', 'Análise "Formato A" enviada.']);
  });
});
