// Replays and races (docs/api.md conventions): a create sent again makes one analysis and takes one slot; N
// concurrent creates on an order with 2 remaining → exactly 2 succeed (the conditional decrement).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { fileRowsOf, imageBytes, listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { analysisFields, createAnalysis, createOrder, deleteAnalysis, getAnalysis, getOrder, listAnalyses, postAnalysis, putAnalysis, staffUser, type Analysis } from '#tests/utils/orders.ts';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 30_000);
afterAll(() => t?.close());

const freshUser = (name: string) => verifiedUser(t, { name });

describe('replays', () => {
  it('the same create with its client id → 201 with the same analysis, one slot taken, one notification, one file', async () => {
    const user = await freshUser('Rafa Replay');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 1 });
    const fields = analysisFields('seg-quant', { id: randomUUID() });
    const first = await postAnalysis(t.app, user, order.id, fields, { images: imageBytes(1000, 1) });
    expectStatus(first, 201);
    // The order has none left now, yet the replay of the create that took the slot still answers 201.
    const again = await postAnalysis(t.app, user, order.id, fields, { images: imageBytes(1000, 1) });
    expectStatus(again, 201);
    expect(again.json()).toEqual(first.json());
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(0);
    expect((await listAnalyses(t.app, user, order.id)).count).toBe(1);
    expect((await listNotifications(t.app, user)).row.filter((n) => n.message.startsWith('Análise'))).toHaveLength(1);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
  });

  it('the same id with other content → 409', async () => {
    const user = await freshUser('Rafa Conflito');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant' });
    const id = randomUUID();
    expectStatus(await postAnalysis(t.app, user, order.id, analysisFields('seg-quant', { id, analysisName: 'Primeira' })), 201);
    const other = await postAnalysis(t.app, user, order.id, analysisFields('seg-quant', { id, analysisName: 'Segunda' }), { acceptLanguage: 'en-US' });
    expectStatus(other, 409);
    expect(other.json()).toEqual({ errors: ['Another analysis already has this id.'] });
  });

  it('Idempotency-Key: a replayed POST and DELETE answer as stored, without taking or giving back twice', async () => {
    const user = await freshUser('Rafa Chave');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 3 });
    const key = randomUUID();
    const fields = analysisFields('seg-quant');
    const first = await postAnalysis(t.app, user, order.id, fields, { headers: { 'idempotency-key': key } });
    expectStatus(first, 201);
    const replay = await postAnalysis(t.app, user, order.id, fields, { headers: { 'idempotency-key': key } });
    expectStatus(replay, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);

    const aid = first.json<{ id: string }>().id;
    const deleteKey = { 'idempotency-key': randomUUID() };
    expectStatus(await deleteAnalysis(t.app, user, order.id, aid, deleteKey), 200);
    const again = await deleteAnalysis(t.app, user, order.id, aid, deleteKey);
    expectStatus(again, 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(3);
  });

  it('Idempotency-Key: a replayed PUT answers the stored 204 and ETag without saving or notifying again; another body with the key → 422', async () => {
    const user = await freshUser('Rafa Edita');
    const order = await createOrder(t.app, staff, user, { serviceId: 'radiosino' });
    const analysis = await createAnalysis(t.app, user, order, { analysisName: 'Antes' });
    const key = { 'idempotency-key': randomUUID() };
    const fields = { analysisName: 'Depois', isotope: 'Lu-177' };
    const first = await putAnalysis(t.app, user, order.id, analysis.id, fields, { images: imageBytes(900, 5), headers: key });
    expectStatus(first, 204);
    expect(first.headers.etag).toBe('W/"2"');
    const updates = () => listNotifications(t.app, user).then(({ row }) => row.filter((n) => n.message.includes('Depois')).length);
    expect(await updates()).toBe(1);

    const again = await putAnalysis(t.app, user, order.id, analysis.id, fields, { images: imageBytes(900, 5), headers: key });
    expectStatus(again, 204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe('W/"2"');
    const read = (await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>();
    expect(read).toMatchObject({ version: 2, analysisName: 'Depois', isotope: 'Lu-177' });
    expect(await updates()).toBe(1);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);

    const other = await putAnalysis(t.app, user, order.id, analysis.id, { ...fields, analysisName: 'Terceira' }, { headers: { ...key, 'accept-language': 'en-US' } });
    expectStatus(other, 422);
    expect(other.json()).toEqual({ errors: ['This Idempotency-Key was already used for another request.'] });
    expect((await getAnalysis(t.app, user, order.id, analysis.id)).json<Analysis>()).toEqual(read);
  });
});

describe('race on the remaining count', () => {
  it('6 concurrent creates with 2 remaining → exactly 2 created, 4 refused with 409; remaining 0', async () => {
    const user = await freshUser('Rui Corrida');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 2 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => postAnalysis(t.app, user, order.id, analysisFields('seg-quant', { analysisName: `Corrida ${i}` }))),
    );
    const statuses = responses.map((r) => r.statusCode).toSorted();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ errors: ['Todas as análises deste pedido já foram usadas.'] });
    }
    const read = await getOrder(t.app, user, order.id);
    expect(read.remainingOfAnalyzes).toBe(0);
    expect(read.analysisStatus.dataSet).toBe(2);
    expect((await listAnalyses(t.app, user, order.id)).count).toBe(2);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(2);
  });

  it('concurrent replays of one create (same client id) → one analysis, one slot', async () => {
    const user = await freshUser('Rui Gêmeos');
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 3 });
    const fields = analysisFields('seg-quant', { id: randomUUID() });
    const responses = await Promise.all(Array.from({ length: 4 }, () => postAnalysis(t.app, user, order.id, fields)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(2);
    expect((await listAnalyses(t.app, user, order.id)).count).toBe(1);
  });
});
