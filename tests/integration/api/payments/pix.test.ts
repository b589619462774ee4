// Pay by PIX (issue 34): a subscription chosen "PIX" at checkout and an order staff bill by PIX get a charge with
// its BR Code; the signed `pix.received` confirms it once (amount and txid must match), an expired charge is
// renewed in one call and, paid late, still confirms (staff are mailed); staff refund it through the provider.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signature } from '#shared/schemas/signatures.ts';
import { auditLog, bills, users } from '#server/db/schema.ts';
import { readBrCode } from '#server/payments/brcode.ts';
import { API, createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, getOrder, staffUser, type Order } from '#tests/utils/orders.ts';
import { issueBoleto, issuedOrder, sendWebhook, uniqueCpf } from '#tests/utils/payments.ts';

const COMPANY = 'no-reply@dosehub.test';
let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 120_000);
afterAll(() => t?.close());

type User = Pick<SignedInUser, 'id' | 'cookies'>;
const post = (user: User, url: string, payload?: object, language?: string) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: user.cookies, ...lang(language) }, ...(payload ? { payload } : {}) });
const pixEvent = (txid: string, amount: string, id = `evt_${crypto.randomUUID()}`, paidAt = new Date().toISOString()) =>
  JSON.stringify({ id, type: 'pix.received', data: { txid, amount, endToEndId: 'E99900000000000000000000000001', paidAt } });
const txidOf = (bill: { pixCode: string | null }) => readBrCode(bill.pixCode!).txid;
const amountOf = (bill: { pixCode: string | null }) => readBrCode(bill.pixCode!).amount;

/** A verified user (in `language`) subscribed to the monthly plan, choosing PIX at checkout. */
async function pixSubscriber(name: string, language = 'pt-BR') {
  const user = await verifiedUser(t, { name, cpf: uniqueCpf() });
  await t.app.db.update(users).set({ language }).where(eq(users.id, user.id));
  const created = await post(user, `/users/${user.id}/signatures/`, { plan: 'monthly', paymentMethod: 'pix' });
  expectStatus(created, 201);
  const signature = created.json<Signature>();
  expect(signature.paymentMethod).toBe('pix');
  return { user, signature };
}
const charge = async (user: User, sid: string) => {
  const response = await post(user, `/users/${user.id}/signatures/${sid}/pix/`);
  expectStatus(response, 200);
  return response.json<Signature>();
};

describe('a subscription paid by PIX', () => {
  it('the charge: its BR Code carries the BRL amount and the txid; asked again while live, the same charge; no boleto from the lifecycle', async () => {
    const { user, signature } = await pixSubscriber('Pia Pix');
    const charged = await charge(user, signature.id);
    expect(charged.bill).toMatchObject({ method: 'pix', provider: 'sandbox', status: 'open', line: null, barcode: null, amount: 330, usdAmount: 60, paidAt: null });
    expect(Date.parse(charged.bill!.expiresAt!) - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(amountOf(charged.bill!)).toBe('330.00');
    expect(txidOf(charged.bill!)).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect((await charge(user, signature.id)).bill!.pixCode).toBe(charged.bill!.pixCode);
  });

  it('pix.received confirms once: activated and paid, notified and mailed in the payer\'s language; the replay does nothing again', async () => {
    const { user, signature } = await pixSubscriber('Paz Pagante', 'es');
    const bill = (await charge(user, signature.id)).bill!;
    const event = pixEvent(txidOf(bill), amountOf(bill), 'evt_pix_once');
    const first = await sendWebhook(t.app, event);
    expectStatus(first, 200);
    expect(first.json()).toEqual({ result: 'confirmed' });
    expect((await sendWebhook(t.app, event)).json()).toEqual({ result: 'replayed' });
    expect((await sendWebhook(t.app, pixEvent(txidOf(bill), amountOf(bill)))).json()).toEqual({ result: 'alreadyPaid' });
    const paid = (await t.app.inject({ url: `${API}/users/${user.id}/signatures/${signature.id}/`, headers: { cookie: user.cookies } })).json<Signature>();
    expect(paid).toMatchObject({ statusCode: 'CON', activated: true, bill: { method: 'pix', status: 'paid' } });
    expect(paid.hiredPeriod).not.toBeNull();
    const notices = (await listNotifications(t.app, user)).row.filter((n) => /Pagamento da assinatura/.test(n.message));
    expect(notices).toHaveLength(1);
    await expect.poll(() => t.smtp.messagesTo(user.email).filter((m) => /pago de la suscripción/i.test(m.subject)).length).toBe(1);
    expect(await charge(user, signature.id).catch(() => null)).toBeNull();
    expectStatus(await post(user, `/users/${user.id}/signatures/${signature.id}/pix/`, undefined, 'en-US'), 409);
  });

  it('refused: another amount → 409 (nothing paid); an unknown txid → 404 {errors}; a pix.received for a boleto → 409; an unsigned event → 401', async () => {
    const { user, signature } = await pixSubscriber('Rui Recusado');
    const bill = (await charge(user, signature.id)).bill!;
    const wrong = await sendWebhook(t.app, pixEvent(txidOf(bill), '329.99'), { acceptLanguage: 'en-US' });
    expectStatus(wrong, 409);
    expect(wrong.json()).toEqual({ errors: ['The amount paid (R$\u00a0329,99) is not the bill\'s (R$\u00a0330,00).'] });
    const unknown = await sendWebhook(t.app, pixEvent('sbx0000000000000000000000', '330.00'), { acceptLanguage: 'en-US' });
    expectStatus(unknown, 404);
    expect(unknown.json()).toEqual({ errors: ['Boleto or PIX charge not found.'] });
    const boletoUser = await verifiedUser(t, { name: 'Bento Boleto' });
    const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, boletoUser, { paid: false, price: 90 })).id, { cpf: uniqueCpf() });
    const [boleto] = await t.app.db.select().from(bills).where(eq(bills.orderId, order.id));
    const crossed = await sendWebhook(t.app, pixEvent(boleto!.providerBillId, '90.00'), { acceptLanguage: 'en-US' });
    expectStatus(crossed, 409);
    expect(crossed.json()).toEqual({ errors: ["This event is not of the bill's kind (a PIX for a boleto, or the reverse)."] });
    expectStatus(await sendWebhook(t.app, pixEvent(txidOf(bill), '330.00'), { signature: null }), 401);
    const still = (await t.app.inject({ url: `${API}/users/${user.id}/signatures/${signature.id}/`, headers: { cookie: user.cookies } })).json<Signature>();
    expect(still).toMatchObject({ statusCode: 'APG', bill: { status: 'open' } });
  });

  it('expired, then renewed in one call (a new txid); the expired one paid later still confirms, shows as paid, and staff are mailed', async () => {
    const { user, signature } = await pixSubscriber('Eva Expirada');
    const first = (await charge(user, signature.id)).bill!;
    await t.app.db.update(bills).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(bills.providerBillId, txidOf(first)));
    const seen = (await t.app.inject({ url: `${API}/users/${user.id}/signatures/${signature.id}/`, headers: { cookie: user.cookies } })).json<Signature>();
    expect(seen.bill).toMatchObject({ status: 'expired', pixCode: first.pixCode });
    const renewed = (await charge(user, signature.id)).bill!;
    expect(renewed.status).toBe('open');
    expect(txidOf(renewed)).not.toBe(txidOf(first));
    const late = await sendWebhook(t.app, pixEvent(txidOf(first), amountOf(first)));
    expect(late.json()).toEqual({ result: 'confirmed' });
    const paid = (await t.app.inject({ url: `${API}/users/${user.id}/signatures/${signature.id}/`, headers: { cookie: user.cookies } })).json<Signature>();
    expect(paid).toMatchObject({ statusCode: 'CON', bill: { status: 'paid', pixCode: first.pixCode } });
    await expect.poll(() => t.smtp.messagesTo(COMPANY).filter((m) => m.subject === `PIX recebido após o vencimento (${txidOf(first)})`).length).toBe(1);
  });

  it('staff refund it: the charge refunded, the subscription REF and deactivated, audited; the user notified and mailed; again → 409', async () => {
    const { user, signature } = await pixSubscriber('Rita Reembolso', 'en-US');
    const bill = (await charge(user, signature.id)).bill!;
    expect((await sendWebhook(t.app, pixEvent(txidOf(bill), amountOf(bill)))).json()).toEqual({ result: 'confirmed' });
    const refunded = await post(staff, `/staff/signatures/${signature.id}/refund/`, { reason: 'Cliente desistiu' });
    expectStatus(refunded, 200);
    expect(refunded.json<Signature>()).toMatchObject({ statusCode: 'REF', statusPayment: 'Reembolsado', activated: false, bill: { status: 'refunded', refundedAt: expect.any(String) } });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, signature.id));
    expect(entry).toMatchObject({ action: 'signature.refund', before: { statusPayment: 'CON', activated: true }, after: { statusPayment: 'REF', activated: false, reason: 'Cliente desistiu' } });
    const notices = (await listNotifications(t.app, user, '', 'en-US')).row.map((n) => n.message);
    expect(notices.filter((message) => /^Subscription payment refunded \(R\$\s330,00\): it is no longer active\.$/.test(message))).toHaveLength(1);
    await expect.poll(() => t.smtp.messagesTo(user.email).filter((m) => m.subject === 'DoseHub: subscription payment refunded').length).toBe(1);
    const again = await post(staff, `/staff/signatures/${signature.id}/refund/`, undefined, 'en-US');
    expectStatus(again, 409);
    expect(again.json()).toEqual({ errors: ['There is no PIX payment to refund.'] });
  });
});

describe('an order staff bill by PIX', () => {
  it('issued by PIX (kept on the order), renewed by its user, confirmed by pix.received, refunded by staff', async () => {
    const user = await verifiedUser(t, { name: 'Olga Ordem' });
    const created = await createOrder(t.app, staff, user, { paid: false, price: 1500.5 });
    const issued = await issueBoleto(t.app, staff, created.id, { method: 'pix', cpf: uniqueCpf() });
    expectStatus(issued, 200);
    const order = issued.json<Order>();
    expect(order).toMatchObject({ paymentMethod: 'pix', billUrl: null, bill: { method: 'pix', amount: 1500.5, status: 'open' } });
    expect(amountOf(order.bill!)).toBe('1500.50');
    const renewedWhileLive = await post(user, `/users/${user.id}/orders/${order.id}/pix/`);
    expect(renewedWhileLive.json<Order>().bill!.pixCode).toBe(order.bill!.pixCode);
    await t.app.db.update(bills).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bills.orderId, order.id));
    const renewed = (await post(user, `/users/${user.id}/orders/${order.id}/pix/`)).json<Order>();
    expect(renewed.bill!.pixCode).not.toBe(order.bill!.pixCode);
    expect((await sendWebhook(t.app, pixEvent(txidOf(renewed.bill!), '1500.50'))).json()).toEqual({ result: 'confirmed' });
    expect(await getOrder(t.app, user, order.id)).toMatchObject({ statusCode: 'CON', bill: { status: 'paid' } });
    const refunded = await post(staff, `/staff/orders/${order.id}/refund/`);
    expectStatus(refunded, 200);
    expect(refunded.json<Order>()).toMatchObject({ statusCode: 'REF', active: false, bill: { status: 'refunded' } });
    expect((await listNotifications(t.app, user)).row.map((n) => n.message)).toContain(`Pagamento do pedido ${order.code} reembolsado.`);
  });

  it('a boleto order cannot be renewed by PIX (409), and the method must be boleto or pix (400 naming it)', async () => {
    const user = await verifiedUser(t, { name: 'Beto Boleto' });
    const order = await issuedOrder(t.app, staff, (await createOrder(t.app, staff, user, { paid: false, price: 10 })).id, { cpf: uniqueCpf() });
    expect(order.paymentMethod).toBe('boleto');
    expectStatus(await post(user, `/users/${user.id}/orders/${order.id}/pix/`), 409);
    const bad = await issueBoleto(t.app, staff, order.id, { method: 'cash' }, 'en-US');
    expectStatus(bad, 400);
    expect(bad.json<{ errors: string[] }>().errors[0]).toMatch(/^method: /);
  });
});
