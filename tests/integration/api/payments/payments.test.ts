// Payments (issue 15; docs/api.md additions): staff issue an order's boleto through the sandbox provider, the
// payer's CPF or CNPJ coming from the profile (or the request, then kept there and read-only); the bill PDF is
// the owner's and staff's only; the signed webhook confirms the payment once, refuses what it cannot trust.
import { eq } from 'drizzle-orm';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, orders, paymentEvents, users } from '#server/db/schema.ts';
import { formatLinhaDigitavel } from '#server/payments/boleto.ts';
import { signPayload } from '#server/payments/signature.ts';
import { API, createMailingTestApp, expectStatus, lang, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { createCalibration, listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { analysisFields, createAnalysis, createOrder, getOrder, postAnalysis, staffUser, type Order } from '#tests/utils/orders.ts';
import { issueBoleto, issuedOrder, paymentEvent, sendWebhook, uniqueCpf, webhookSecret } from '#tests/utils/payments.ts';

const CNPJ = '11.222.333/0001-81';

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 30_000);
afterAll(() => t?.close());

const profileOf = async (user: SignedInUser) => (await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } })).json<{ cpf: string; cnpj: string; billed?: string[] }>();
const billOf = async (order: Order) => (await t.app.db.select().from(bills).where(eq(bills.orderId, order.id)))[0]!;
const paymentNotices = async (user: SignedInUser) => (await listNotifications(t.app, user)).row.filter((n) => n.message.startsWith('Pagamento'));

/** A verified user with an unpaid order of R$ 1.500,50 and its boleto issued to a new CPF given in the request. */
async function billedUser(name: string, registration: Record<string, unknown> = {}) {
  const user = await verifiedUser(t, { name, ...registration });
  const created = await createOrder(t.app, staff, user, { paid: false, price: 1500.5 });
  const cpf = uniqueCpf();
  const order = await issuedOrder(t.app, staff, created.id, { cpf });
  return { user, order, cpf };
}

describe('staff issue a boleto through the provider', () => {
  it("without a CPF or CNPJ on the profile nor in the request → 400 naming the field, in the staff's language; nothing issued", async () => {
    const user = await verifiedUser(t, { name: 'Sem Documento' });
    const order = await createOrder(t.app, staff, user, { paid: false });
    const refused = await issueBoleto(t.app, staff, order.id, {}, 'en-US');
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ errors: ["cpf: The payer's profile has no CPF or CNPJ: send a valid one in cpf or cnpj."] });
    const invalid = await issueBoleto(t.app, staff, order.id, { cpf: '529.982.247-26' }, 'en-US');
    expectStatus(invalid, 400);
    expect(invalid.json()).toEqual({ errors: ['cpf: CPF invalid.'] });
    expect(await t.app.db.select().from(bills).where(eq(bills.orderId, order.id))).toEqual([]);
    expect((await getOrder(t.app, user, order.id)).billUrl).toBeNull();
  });

  it('with a valid CPF in the request: the boleto is issued to it, the CPF is kept on the profile, and the order shows the bill', async () => {
    const { user, order, cpf } = await billedUser('Ana Boleto');
    expect(order.billUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\/$/);
    expect(order.bill).toEqual({
      provider: 'sandbox',
      method: 'boleto',
      line: expect.stringMatching(/^\d{47}$/),
      barcode: expect.stringMatching(/^\d{44}$/),
      pixCode: null,
      expiresAt: null,
      refundedAt: null,
      amount: 1500.5,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      status: 'open',
      paidAt: null,
    });
    expect(isValidBoleto(order.bill!.line!)).toBe(true);
    const info = getBoletoInfo(order.bill!.line!)!;
    expect(info.amount).toBe(150_050);
    expect(info.expirationDate!.toISOString().slice(0, 10)).toBe(order.bill!.dueDate);
    expect((await profileOf(user)).cpf).toBe(cpf);
    expect(await getOrder(t.app, user, order.id)).toEqual(order);
    expect((await billOf(order)).payerDocument).toBe(cpf.replace(/\D/g, ''));
  });

  it('with a CNPJ on the profile the request needs none; the due date is the one asked for', async () => {
    const user = await verifiedUser(t, { name: 'Clínica Pagadora', cnpj: CNPJ, clinic: 'Clínica Exemplo' });
    const created = await createOrder(t.app, staff, user, { paid: false, price: 80 });
    const order = await issuedOrder(t.app, staff, created.id, { dueDate: '2027-03-15' });
    expect(order.bill).toMatchObject({ amount: 80, dueDate: '2027-03-15' });
    expect(getBoletoInfo(order.bill!.line!)!.expirationDate!.toISOString().slice(0, 10)).toBe('2027-03-15');
    expect((await billOf(order)).payerDocument).toBe('11222333000181');
  });

  it('a due date in the past → 400; a paid order → 409; a CPF other than the profile\'s → 409', async () => {
    const { user, order } = await billedUser('Bia Datas');
    expect((await issueBoleto(t.app, staff, order.id, { dueDate: '2020-01-01' }, 'en-US')).json()).toEqual({ errors: ['due_date: The due date cannot be before today.'] });
    const other = await issueBoleto(t.app, staff, order.id, { cpf: uniqueCpf() }, 'en-US');
    expectStatus(other, 409);
    expect(other.json()).toEqual({ errors: ["cpf: The payer's profile already has another CPF."] });
    const paid = await createOrder(t.app, staff, user);
    expectStatus(await issueBoleto(t.app, staff, paid.id), 409);
  });

  it('the CPF a bill was issued to is read-only on the profile afterwards (409, and the profile says so); other fields still change', async () => {
    const { user, cpf } = await billedUser('Caio Perfil');
    expect((await profileOf(user)).billed).toEqual(['cpf']);
    const patch = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies, ...lang('en-US') }, payload: body });
    const refused = await patch({ cpf: uniqueCpf() });
    expectStatus(refused, 409);
    expect(refused.json()).toEqual({ errors: ['cpf: A bill was issued to this document: it can no longer be changed.'] });
    expectStatus(await patch({ cpf: '' }), 409);
    expectStatus(await patch({ cpf, clinic: 'Nova Clínica' }), 204);
    expect((await profileOf(user)).cpf).toBe(cpf);
  });

  it('the bill PDF: its owner and staff read it (the line in its text), another user gets 404, anonymous 401', async () => {
    const { user, order } = await billedUser('Davi Pdf');
    const other = await verifiedUser(t, { name: 'Outra Pessoa' });
    const pdf = await t.app.inject({ url: order.billUrl!, headers: { cookie: user.cookies } });
    expectStatus(pdf, 200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(formatLinhaDigitavel(order.bill!.line!));
    expect(text).toContain('Davi Pdf');
    expectStatus(await t.app.inject({ url: order.billUrl!, headers: { cookie: staff.cookies } }), 200);
    expectStatus(await t.app.inject({ url: order.billUrl!, headers: { cookie: other.cookies } }), 404);
    expectStatus(await t.app.inject({ url: order.billUrl! }), 401);
  });

  it('a pasted URL still replaces the boleto, and the order no longer shows its line', async () => {
    const { user, order } = await billedUser('Eva Url');
    const pasted = await t.app.inject({ method: 'POST', url: `${API}/staff/orders/${order.id}/bill/`, headers: { cookie: staff.cookies }, payload: { billUrl: 'https://boleto.example/x' } });
    expectStatus(pasted, 200);
    expect(pasted.json<Order>()).toMatchObject({ billUrl: 'https://boleto.example/x', bill: null });
    expect((await getOrder(t.app, user, order.id)).bill).toBeNull();
  });
});

describe('the sandbox webhook', () => {
  it('a signed payment.confirmed confirms the order (CON) with one notification and one mail; the same event again → 200 replayed, nothing more', async () => {
    const { user, order } = await billedUser('Fabi Paga');
    const { providerBillId } = await billOf(order);
    const body = paymentEvent(providerBillId, '1500.50');
    const first = await sendWebhook(t.app, body);
    expectStatus(first, 200);
    expect(first.json()).toEqual({ result: 'confirmed' });
    const paid = await getOrder(t.app, user, order.id);
    expect(paid).toMatchObject({ statusCode: 'CON', statusPayment: 'Confirmado', version: order.version + 1 });
    expect(paid.bill).toMatchObject({ status: 'paid', paidAt: '2026-11-26T12:00:00.000Z' });
    const again = await sendWebhook(t.app, body);
    expectStatus(again, 200);
    expect(again.json()).toEqual({ result: 'replayed' });
    expect(await paymentNotices(user)).toHaveLength(1);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, user.email).filter((mail) => mail.subject.includes('pagamento'))).toHaveLength(1);
    expect(await getOrder(t.app, user, order.id)).toEqual(paid);
  });

  it('a second event for a paid bill → 200 alreadyPaid, no second notification; the line works as the bill id', async () => {
    const { user, order } = await billedUser('Gil Duas');
    expect((await sendWebhook(t.app, paymentEvent(order.bill!.line!, '1500.50'))).json()).toEqual({ result: 'confirmed' });
    expect((await sendWebhook(t.app, paymentEvent(order.bill!.line!, '1500.50'))).json()).toEqual({ result: 'alreadyPaid' });
    expect(await paymentNotices(user)).toHaveLength(1);
  });

  it('two events for one bill at once: one confirms, the other finds it paid; the bill keeps the confirming payment time', async () => {
    const { user, order } = await billedUser('Hugo Junto');
    const { providerBillId } = await billOf(order);
    const paidAts = ['2026-11-26T12:00:00.000Z', '2026-11-26T12:00:05.000Z'];
    const bodies = paidAts.map((paidAt, index) => JSON.stringify({ id: `evt_together_${order.id}_${index}`, type: 'payment.confirmed', data: { billId: providerBillId, amount: '1500.50', paidAt } }));
    const answers = await Promise.all(bodies.map((body) => sendWebhook(t.app, body)));
    const results = answers.map((answer) => answer.json<{ result: string }>().result);
    expect([...results].sort()).toEqual(['alreadyPaid', 'confirmed']);
    expect((await billOf(order)).paidAt?.toISOString()).toBe(paidAts[results.indexOf('confirmed')]);
    expect(await paymentNotices(user)).toHaveLength(1);
  });

  it('events arriving together are confirmed together, each answered on its own: confirmed, replayed, already paid, 404, 409', async () => {
    const [a, b, c] = await Promise.all(['Ana Lote', 'Bia Lote', 'Caio Lote'].map((name) => billedUser(name)));
    const idOf = async (order: Order) => (await billOf(order)).providerBillId;
    const event = (id: string, billId: string, amount = '1500.50') => JSON.stringify({ id, type: 'payment.confirmed', data: { billId, amount, paidAt: new Date().toISOString() } });
    const [billA, billB, billC] = await Promise.all([a!.order, b!.order, c!.order].map(idOf));
    const bodies = [
      event(`evt_lot_a_${a!.order.id}`, billA!),
      event(`evt_lot_b_${b!.order.id}`, billB!),
      event(`evt_lot_unknown_${a!.order.id}`, 'no-such-bill'),
      event(`evt_lot_c_wrong_${c!.order.id}`, billC!, '15.00'),
      event(`evt_lot_c_${c!.order.id}`, billC!),
      event(`evt_lot_a_${a!.order.id}`, billA!),
      event(`evt_lot_a_${a!.order.id}`, billA!),
      event(`evt_lot_b_again_${b!.order.id}`, billB!),
    ];
    const answers = await Promise.all(bodies.map((body) => sendWebhook(t.app, body)));
    expect(answers.map((answer) => (answer.statusCode === 200 ? answer.json<{ result: string }>().result : answer.statusCode))).toEqual([
      'confirmed',
      'confirmed',
      404,
      409,
      'confirmed',
      'replayed',
      'replayed',
      'alreadyPaid',
    ]);
    await t.app.mailQueue.idle();
    for (const { user, order } of [a!, b!, c!]) {
      expect((await t.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.statusPayment).toBe('CON');
      expect(await paymentNotices(user)).toHaveLength(1);
      expect(mailsTo(t.smtp, user.email).filter((mail) => mail.subject.includes('confirmado'))).toHaveLength(1);
    }
    const recorded = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.billId, (await billOf(b!.order)).id));
    expect(recorded.map((row) => row.eventId).sort()).toEqual([`evt_lot_b_${b!.order.id}`, `evt_lot_b_again_${b!.order.id}`].sort());
  });

  it('the e-mail goes in the user\'s language', async () => {
    const { user, order } = await billedUser('Helen Paid');
    await t.app.db.update(users).set({ language: 'en-US' }).where(eq(users.id, user.id));
    expectStatus(await sendWebhook(t.app, paymentEvent(order.bill!.line!, '1500.50')), 200);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, user.email).map((mail) => mail.subject)).toContain(`DoseHub: payment of order ${order.code} confirmed`);
  });

  it('missing, malformed, wrong or stale signatures → 401 {errors}, and nothing changes', async () => {
    const { user, order } = await billedUser('Ivo Assina');
    const body = paymentEvent(order.bill!.line!, '1500.50');
    const secret = await webhookSecret(t.app);
    const now = Math.floor(Date.now() / 1000);
    const signatures = [
      null,
      'nonsense',
      `t=${now}`,
      signPayload('another-secret-of-at-least-32-characters', body, now),
      signPayload(secret, body.replace('1500.50', '1500.51'), now), // signed other bytes
      signPayload(secret, body, now - 301),
      // Ahead by more than a margin: the loop's own seconds bring a future timestamp closer to the server's clock.
      signPayload(secret, body, now + 360),
    ];
    for (const signature of signatures) {
      const refused = await sendWebhook(t.app, body, { signature, acceptLanguage: 'en-US' });
      expectStatus(refused, 401, String(signature));
      expect(refused.json()).toEqual({ errors: ['Missing or invalid signature, or more than 5 minutes off.'] });
    }
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.billId, (await billOf(order)).id))).toEqual([]);
    expect((await getOrder(t.app, user, order.id)).statusCode).toBe('APG');
    expect(await paymentNotices(user)).toHaveLength(0);
    // Within the 5 minutes either way it is accepted.
    expectStatus(await sendWebhook(t.app, body, { signature: signPayload(secret, body, now - 290) }), 200);
  });

  it('an amount other than the bill\'s → 409, logged, nothing changes; an unknown bill → 404; a body that is no event → 400', async () => {
    const { user, order } = await billedUser('Jana Valor');
    const mismatch = await sendWebhook(t.app, paymentEvent(order.bill!.line!, '1500.00'), { acceptLanguage: 'en-US' });
    expectStatus(mismatch, 409);
    expect(mismatch.json()).toEqual({ errors: ["The amount paid (R$\u00a01.500,00) is not the bill's (R$\u00a01.500,50)."] });
    expect((await getOrder(t.app, user, order.id)).statusCode).toBe('APG');
    expect(await paymentNotices(user)).toHaveLength(0);
    expectStatus(await sendWebhook(t.app, paymentEvent('sbx_unknown', '1.00')), 404);
    expectStatus(await sendWebhook(t.app, JSON.stringify({ id: 'x', type: 'payment.refunded' })), 400);
    expectStatus(await sendWebhook(t.app, '{not json'), 400);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.statusPayment).toBe('APG');
  });

  it('"Add analysis" opens once the webhook confirms: an analysis is refused before and accepted after', async () => {
    const { user, order } = await billedUser('Lia Analisa');
    const calibrationId = (await createCalibration(t.app, user)).id;
    expectStatus(await postAnalysis(t.app, user, order.id, analysisFields(order.serviceId, {}, calibrationId)), 402);
    expectStatus(await sendWebhook(t.app, paymentEvent(order.bill!.line!, '1500.50')), 200);
    const paid = await getOrder(t.app, user, order.id);
    await createAnalysis(t.app, user, paid, { calibrationId });
    expect((await getOrder(t.app, user, order.id)).remainingOfAnalyzes).toBe(paid.remainingOfAnalyzes - 1);
  });
});
