// The client chooses how to pay (issue 34): PIX or boleto on the quote request, kept on the quote and on the order
// staff make from it; on the order itself until it is billed or paid (If-Match, 409 after, the order's event).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffQuote } from '#shared/schemas/staff.ts';
import { API, expectStatus, lang, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, orderUrl, staffCreateOrder, staffUser, type Order } from '#tests/utils/orders.ts';
import { issuedOrder, uniqueCpf } from '#tests/utils/payments.ts';
import { createLiveTestApp, openUserEvents, type LiveTestApp } from '#tests/utils/live.ts';
import { json } from '#tests/utils/sse.ts';

let t: LiveTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createLiveTestApp();
  staff = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Pagadora', cpf: uniqueCpf() });
}, 120_000);
afterAll(() => t?.close());

type User = Pick<SignedInUser, 'id' | 'cookies'>;
const CLINICAL = { service: 'Dosimetria Clínica', treatmentType: 'Lu-177 PSMA', numberOfPatients: 2, comments: 'PIX, por favor.' };

const choose = (user: User, oid: string, paymentMethod: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: orderUrl(user.id, oid), headers: { cookie: user.cookies, ...headers }, payload: { paymentMethod } });

async function staffQuoteOf(quoteId: string): Promise<StaffQuote> {
  const response = await t.app.inject({ url: `${API}/staff/quotes/${quoteId}/`, headers: { cookie: staff.cookies } });
  expectStatus(response, 200);
  return response.json<StaffQuote>();
}

async function requestQuote(body: object): Promise<string> {
  const id = crypto.randomUUID();
  expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/budget/`, headers: { cookie: ana.cookies }, payload: { id, ...body } }), 204);
  return id;
}

describe('on the quote request', () => {
  it('PIX is kept on the quote, shown to staff, and the order made from it starts with PIX, chosen by the client', async () => {
    const quoteId = await requestQuote({ ...CLINICAL, paymentMethod: 'pix' });
    expect((await staffQuoteOf(quoteId)).paymentMethod).toBe('pix');
    const created = await staffCreateOrder(t.app, staff, ana.id, { quoteId } as object);
    expectStatus(created, 201);
    expect(created.json<Order>()).toMatchObject({ paymentMethod: 'pix', chosenPaymentMethod: 'pix' });
  });

  it('a v1 request (no method) is a boleto; an order made without a quote has no client choice', async () => {
    const quoteId = await requestQuote(CLINICAL);
    expect((await staffQuoteOf(quoteId)).paymentMethod).toBe('boleto');
    expect(await createOrder(t.app, staff, ana, { paid: false })).toMatchObject({ paymentMethod: 'boleto', chosenPaymentMethod: null });
  });

  it('an unknown method → 400 naming the field, nothing stored', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/budget/`, headers: { cookie: ana.cookies, ...lang('en-US') }, payload: { ...CLINICAL, paymentMethod: 'cash' } });
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors).toEqual(['payment_method: "cash" is not a valid choice.']);
  });
});

describe('on the order, until it is billed', () => {
  it('the client changes it (If-Match): the new version, and their other devices hear of the order', async () => {
    const order = await createOrder(t.app, staff, ana, { paid: false });
    const stream = await openUserEvents(t.baseUrl, ana);
    try {
      await stream.next('unread');
      const response = await choose(ana, order.id, 'pix', { 'if-match': `W/"${order.version}"`, 'idempotency-key': crypto.randomUUID() });
      expectStatus(response, 200);
      expect(response.headers.etag).toBe(`W/"${order.version + 1}"`);
      expect(response.json<Order>()).toMatchObject({ paymentMethod: 'pix', chosenPaymentMethod: 'pix', version: order.version + 1, bill: null });
      expect(json(await stream.next('order', 2000))).toEqual({ id: order.id });
    } finally {
      stream.close();
    }
  });

  it('a stale If-Match → 412, nothing changed', async () => {
    const order = await createOrder(t.app, staff, ana, { paid: false });
    expectStatus(await choose(ana, order.id, 'pix', { 'if-match': `W/"${order.version + 5}"` }), 412);
    const now = await t.app.inject({ url: orderUrl(ana.id, order.id), headers: { cookie: ana.cookies } });
    expect(now.json<Order>()).toMatchObject({ paymentMethod: 'boleto', version: order.version });
  });

  it.each([
    ['billed', async (oid: string) => void (await issuedOrder(t.app, staff, oid))],
    ['paid', async (oid: string) => void expectStatus(await t.app.inject({ method: 'POST', url: `${API}/staff/orders/${oid}/confirm-payment/`, headers: { cookie: staff.cookies }, payload: { reason: 'Transfer' } }), 200)],
  ])('once %s → 409 with a translated message', async (_state, settle) => {
    const order = await createOrder(t.app, staff, ana, { paid: false });
    await settle(order.id);
    const refused = await choose(ana, order.id, 'pix', lang('es'));
    expectStatus(refused, 409);
    expect(refused.json<{ errors: string[] }>().errors).toEqual(['La forma de pago ya no se puede cambiar: el pedido ya tiene cobro o fue pagado.']);
  });

  it("another user's order → 404; an unknown method → 400 naming the field", async () => {
    const order = await createOrder(t.app, staff, ana, { paid: false });
    const bob = await verifiedUser(t, { name: 'Bob Outro' });
    expectStatus(await choose(bob, order.id, 'pix'), 404);
    const invalid = await choose(ana, order.id, 'cash', lang('en-US'));
    expectStatus(invalid, 400);
    expect(invalid.json<{ errors: string[] }>().errors[0]).toMatch(/^payment_method: /);
  });

  it('choosing PIX makes no charge: renewing one before staff bill it → 409', async () => {
    const order = await createOrder(t.app, staff, ana, { paid: false });
    expectStatus(await choose(ana, order.id, 'pix'), 200);
    expectStatus(await t.app.inject({ method: 'POST', url: `${orderUrl(ana.id, order.id)}pix/`, headers: { cookie: ana.cookies } }), 409);
  });
});
