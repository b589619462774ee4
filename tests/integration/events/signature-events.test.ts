// A subscription's changes reach the user's open streams (docs/api.md additions): the checkout, the lifecycle
// job's expiry and bill, a payment, and staff deactivating or reactivating it each send `signature` with its id, so
// an open app pulls its list. With a
// configured USD_BRL_RATE, the bill is that rate's BRL amount.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENTS } from '#server/config.ts';
import { bills } from '#server/db/schema.ts';
import type { Signature } from '#shared/schemas/signatures.ts';
import { API, expectStatus } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createLiveTestApp, openUserEvents, type LiveTestApp } from '#tests/utils/live.ts';
import { staffUser } from '#tests/utils/orders.ts';
import { sendWebhook, uniqueCpf } from '#tests/utils/payments.ts';
import { json, type SseStream } from '#tests/utils/sse.ts';

let t: LiveTestApp;
const streams: SseStream[] = [];
beforeAll(async () => {
  t = await createLiveTestApp({ payments: { ...DEFAULT_PAYMENTS, usdBrlRate: '5.1234' } });
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t?.close();
});

describe('subscription events on the live stream', () => {
  it('checkout, the trial ending with its bill, and the payment: each a `signature` event with the id; nothing to another user', async () => {
    const ana = await verifiedUser(t, { name: 'Ana Ao Vivo', cpf: uniqueCpf() });
    const other = await verifiedUser(t, { name: 'Outro Usuário', cpf: uniqueCpf() });
    const stream = await openUserEvents(t.baseUrl, ana);
    const othersStream = await openUserEvents(t.baseUrl, other);
    streams.push(stream, othersStream);
    await stream.next('unread');
    await othersStream.next('unread');

    const created = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/signatures/`, headers: { cookie: ana.cookies }, payload: { plan: 'monthly' } });
    expectStatus(created, 201);
    const { id } = created.json<Signature>();
    expect(json(await stream.next('signature', 2000))).toEqual({ id });

    await t.app.runSubscriptionLifecycle(new Date(Date.now() + 31 * 86_400_000));
    // Expired, then its bill issued: two changes, two events.
    expect(json(await stream.next('signature', 2000))).toEqual({ id });
    expect(json(await stream.next('signature', 2000))).toEqual({ id });

    const [bill] = await t.app.db.select().from(bills).where(eq(bills.subscriptionId, id));
    // US$ 60.00 × 5.1234 = R$ 307.404 → R$ 307.40.
    expect(bill).toMatchObject({ amountCents: 30740, usdAmountCents: 6000, usdBrlRate: '5.1234' });
    const event = { id: 'evt_live_1', type: 'payment.confirmed', data: { billId: bill!.providerBillId, amount: '307.40', paidAt: new Date().toISOString() } };
    expectStatus(await sendWebhook(t.app, JSON.stringify(event)), 200);
    expect(json(await stream.next('signature', 2000))).toEqual({ id });
    expect(othersStream.raw()).not.toContain(id);
  });

  it('staff deactivating and reactivating it: a `signature` event each, so the device drops and regains the calculator at once', async () => {
    const ana = await verifiedUser(t, { name: 'Ana Desativada', cpf: uniqueCpf() });
    const staff = await staffUser(t);
    const stream = await openUserEvents(t.baseUrl, ana);
    streams.push(stream);
    await stream.next('unread');
    const created = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/signatures/`, headers: { cookie: ana.cookies }, payload: { plan: 'monthly' } });
    const { id } = created.json<Signature>();
    expect(json(await stream.next('signature', 2000))).toEqual({ id });

    for (const action of ['deactivate', 'reactivate']) {
      expectStatus(await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/${action}/`, headers: { cookie: staff.cookies } }), 200);
      expect(json(await stream.next('signature', 2000))).toEqual({ id });
    }
  });
});
