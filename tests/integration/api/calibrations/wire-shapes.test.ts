// Calibrations take the same wire shapes as analyses (src/server/README.md, "Wire shapes"): JSON with
// imagesUploadId, v1's multipart form with the `images` file, or with an `imagesUploadId` field; camelCase or
// snake_case keys. Each shape creates and replaces, and the images kept are the bytes sent.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  calibrationUrl,
  fileRowsOf,
  getCalibration,
  imageBytes,
  listNotifications,
  sha256,
  verifiedUser,
  type Calibration,
} from '#tests/utils/calibrations.ts';
import { sendForm, WIRE_SHAPES } from '#tests/utils/wire-shapes.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

describe.each(WIRE_SHAPES)('a calibration sent as %s', (shape) => {
  it('is created (201) with the images sent, and replaced (204) with new ones; the old file row goes', async () => {
    const user = await verifiedUser(t, { name: 'Wanda Formato' });
    const id = randomUUID();
    const first = imageBytes(3000, 11);
    const created = await sendForm(t.app, user, 'POST', calibrationsUrl(user.id), shape, calibrationFields({ id, calibrationName: 'Formato A' }), first);
    expectStatus(created, 201);
    expect(created.json<Calibration>()).toMatchObject({ id, calibrationName: 'Formato A', syringeActivity: 50, phantomVolume: 200 });
    const download = await t.app.inject({ url: created.json<Calibration>().imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(download.rawPayload)).toBe(sha256(first));

    const second = imageBytes(2500, 12);
    const replaced = await sendForm(t.app, user, 'PUT', calibrationUrl(user.id, id), shape, calibrationFields({ calibrationName: 'Formato B' }), second);
    expectStatus(replaced, 204);
    const now = (await getCalibration(t.app, user, id)).json<Calibration>();
    expect(now).toMatchObject({ calibrationName: 'Formato B', version: 2 });
    const replacedDownload = await t.app.inject({ url: now.imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(replacedDownload.rawPayload)).toBe(sha256(second));
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
    expect((await listNotifications(t.app, user)).row.map((n) => n.message)).toEqual([
      'Calibração "Formato B" atualizada.',
      'Calibração "Formato A" cadastrada.',
    ]);
  });
});
