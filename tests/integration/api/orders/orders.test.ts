// Orders (docs/v1-contract.md §1.12 with docs/api.md): the user's read-only list and item with statusCode, serviceId, a localized
// serviceName and analysisStatus counts; staff create, bill and confirm them (403 for others), and the user is
// notified and mailed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createMailingTestApp, expectStatus, lang, mailsTo, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { fileRowsOf, listNotifications, storedFiles, verifiedUser } from '#tests/utils/calibrations.ts';
import { multipart } from '#tests/utils/multipart.ts';
import {
  createAnalysis,
  createOrder,
  getOrder,
  moveAnalysis,
  orderUrl,
  ordersUrl,
  PDF,
  STAFF_ORDERS_URL,
  staffConfirm,
  staffCreateOrder,
  staffUser,
  type Order,
} from '#tests/utils/orders.ts';

const RESOURCE_NOT_FOUND = 'Este usuário não possui este recurso cadastrado.';
const FORBIDDEN = { 'pt-BR': 'Você não tem permissão para executar esta ação.', 'en-US': 'You do not have permission to perform this action.' };

let t: MailingTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  [ana, bob] = await Promise.all([verifiedUser(t, { name: 'Ana Pedido' }), verifiedUser(t, { name: 'Bob Pedido' })]);
}, 30_000);
afterAll(() => t?.close());

describe('staff back-office', () => {
  it('non-staff → 403 (translated), anonymous → 401 on every staff route', async () => {
    const oid = randomUUID();
    const routes = [
      { method: 'POST' as const, url: STAFF_ORDERS_URL, payload: { userId: ana.id, serviceId: 'dosi-clin', quantity: 1, price: 1 } },
      { method: 'POST' as const, url: `${STAFF_ORDERS_URL}${oid}/bill/`, payload: { billUrl: 'https://boleto.example/1' } },
      { method: 'POST' as const, url: `${STAFF_ORDERS_URL}${oid}/confirm-payment/` },
      { method: 'POST' as const, url: `${API}/staff/analyses/${oid}/status/`, payload: { status: 'AI' } },
    ];
    for (const route of routes) {
      const forbidden = await t.app.inject({ ...route, headers: { cookie: ana.cookies, ...lang('en-US') } });
      expectStatus(forbidden, 403, route.url);
      expect(forbidden.json()).toEqual({ errors: [FORBIDDEN['en-US']] });
      expectStatus(await t.app.inject({ ...route }), 401, route.url);
    }
    expect((await t.app.inject({ url: ordersUrl(ana.id), headers: { cookie: ana.cookies } })).json()).toEqual({ count: 0, row: [] });
  });

  it('create → 201 in v1 shape: remaining = quantity, awaiting payment, code, price as a number', async () => {
    const response = await staffCreateOrder(t.app, staff, bob.id, { serviceId: 'radiosino', quantity: 4, price: 2500.75 });
    expectStatus(response, 201);
    const order = response.json<Order>();
    expect(order).toEqual({
      id: expect.any(String),
      userId: bob.id,
      quantityOfAnalyzes: 4,
      remainingOfAnalyzes: 4,
      price: 2500.75,
      serviceId: 'radiosino',
      serviceName: 'Radiosinoviortese',
      statusPayment: 'Aguardando pagamento',
      statusCode: 'APG',
      active: true,
      analysisStatus: { dataSet: 0, invalidInfos: 0, concluded: 0, processing: 0, analyzingInfos: 0 },
      code: expect.stringMatching(/^\d{2}\/\d{4}-04$/),
      createdAt: new Date().toISOString().slice(0, 10),
      billUrl: null,
      paymentMethod: 'boleto',
      chosenPaymentMethod: null,
      bill: null,
      version: 1,
    });
    expect(response.headers.location).toBe(`/api/v1/users/${bob.id}/orders/${order.id}/`);
    expect(await getOrder(t.app, bob, order.id)).toEqual(order);
  });

  it('creation, bill and payment notify the user and mail them in their language', async () => {
    const user = await verifiedUser(t, { name: 'Maria Aviso' });
    const order = (await staffCreateOrder(t.app, staff, user.id, { serviceId: 'seg-quant' })).json<Order>();
    const bill = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers: { cookie: staff.cookies }, payload: { billUrl: 'https://boleto.example/abc' } });
    expectStatus(bill, 200);
    expect(bill.json<Order>().billUrl).toBe('https://boleto.example/abc');
    expectStatus(await staffConfirm(t.app, staff, order.id), 200);
    const messages = (await listNotifications(t.app, user)).row.map((n) => n.message);
    expect(messages).toEqual([
      `Pagamento do pedido ${order.code} confirmado.`,
      `O boleto do pedido ${order.code} está disponível.`,
      `Pedido ${order.code} criado.`,
    ]);
    const english = (await listNotifications(t.app, user, '', 'en-US')).row.map((n) => n.message);
    expect(english[0]).toBe(`Payment of order ${order.code} confirmed.`);
    await t.app.mailQueue.idle();
    const subjects = mailsTo(t.smtp, user.email).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining([`DoseHub: pedido ${order.code} criado`, `DoseHub: boleto do pedido ${order.code}`, `DoseHub: pagamento do pedido ${order.code} confirmado`]));
  });

  it('confirm twice → the same order, one notification', async () => {
    const user = await verifiedUser(t, { name: 'Maria Duas' });
    const order = await createOrder(t.app, staff, user);
    const again = await staffConfirm(t.app, staff, order.id);
    expectStatus(again, 200);
    expect(again.json<Order>()).toEqual(order);
    expect((await listNotifications(t.app, user)).row.filter((n) => n.message.startsWith('Pagamento'))).toHaveLength(1);
  });

  it('a bill as a PDF file is served to its owner and staff only; a non-PDF → 415', async () => {
    const order = await createOrder(t.app, staff, bob, { paid: false });
    const pdf = await multipart({}, { bill: { content: PDF, filename: 'boleto.pdf', contentType: 'application/pdf' } });
    const response = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers: { cookie: staff.cookies, ...pdf.headers }, payload: pdf.payload });
    expectStatus(response, 200);
    const { billUrl } = response.json<Order>();
    expect(billUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\/$/);
    expect((await t.app.inject({ url: billUrl!, headers: { cookie: bob.cookies } })).rawPayload).toEqual(Buffer.from(PDF));
    expectStatus(await t.app.inject({ url: billUrl!, headers: { cookie: ana.cookies } }), 404);
    const text = await multipart({}, { bill: { content: 'hello', filename: 'boleto.txt', contentType: 'text/plain' } });
    const refused = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers: { cookie: staff.cookies, ...text.headers, ...lang('en-US') }, payload: text.payload });
    expectStatus(refused, 415);
    expect(refused.json()).toEqual({ errors: ['bill: Send a PDF file.'] });
  });

  it('a PDF bill sent again with the same Idempotency-Key is issued once: the stored answer is replayed, one file, one notification', async () => {
    const user = await verifiedUser(t, { name: 'Bia Boleto' });
    const order = await createOrder(t.app, staff, user, { paid: false });
    const send = async () => {
      // A new boundary on each send, as a browser's retry has.
      const pdf = await multipart({}, { bill: { content: PDF, filename: 'boleto.pdf', contentType: 'application/pdf' } });
      const headers = { cookie: staff.cookies, 'idempotency-key': `bill-${order.id}`, ...pdf.headers };
      return t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers, payload: pdf.payload });
    };
    const first = await send();
    expectStatus(first, 200);
    const filesAfterFirst = storedFiles(t.dataDir).length;
    const again = await send();
    expectStatus(again, 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(storedFiles(t.dataDir)).toHaveLength(filesAfterFirst);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
    expect((await listNotifications(t.app, user)).row.filter((n) => n.message.startsWith('O boleto'))).toHaveLength(1);
  });

  it('validation: unknown user, unknown service, quantity < 1, negative price → 400 with field messages', async () => {
    const unknownUser = await staffCreateOrder(t.app, staff, randomUUID(), {}, lang('en-US'));
    expectStatus(unknownUser, 400);
    expect(unknownUser.json()).toEqual({ errors: ['user_id: User not found.'] });
    for (const input of [{ serviceId: 'tarot' }, { quantity: 0 }, { price: -1 }]) {
      expectStatus(await staffCreateOrder(t.app, staff, ana.id, input), 400, JSON.stringify(input));
    }
  });

  it.each([
    ['en-US', 'quantity: Ensure this value is less than or equal to 10,000.'],
    ['pt-BR', 'quantity: Certifique-se de que este valor seja menor ou igual a 10.000.'],
    ['es', 'quantity: Asegúrese de que este valor sea menor o igual a 10.000.'],
  ] as const)('a limit in a 400 message is written the %s way', async (language, message) => {
    const refused = await staffCreateOrder(t.app, staff, ana.id, { quantity: 20_000 }, lang(language));
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ errors: [message] });
  });

  it('a client id makes a replayed create return the same order', async () => {
    const user = await verifiedUser(t, { name: 'Maria Replay' });
    const id = randomUUID();
    const first = await staffCreateOrder(t.app, staff, user.id, { id });
    const again = await staffCreateOrder(t.app, staff, user.id, { id });
    expectStatus(again, 201);
    expect(again.json()).toEqual(first.json());
    expect((await t.app.inject({ url: ordersUrl(user.id), headers: { cookie: user.cookies } })).json<{ count: number }>().count).toBe(1);
  });
});

describe("the user's orders", () => {
  it('list newest first, serviceName in the request language, statusPayment stays v1\'s label', async () => {
    const user = await verifiedUser(t, { name: 'Lia Lista' });
    const first = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const second = await createOrder(t.app, staff, user, { serviceId: 'dosi-preclin', paid: false });
    const list = await t.app.inject({ url: ordersUrl(user.id), headers: { cookie: user.cookies, ...lang('en-US') } });
    expectStatus(list, 200);
    const body = list.json<{ count: number; row: Order[] }>();
    expect(body.count).toBe(2);
    expect(body.row.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(body.row.map((o) => [o.serviceName, o.statusPayment, o.statusCode])).toEqual([
      ['Preclinical Dosimetry', 'Aguardando pagamento', 'APG'],
      ['Clinical Dosimetry', 'Confirmado', 'CON'],
    ]);
    const es = await t.app.inject({ url: orderUrl(user.id, first.id), headers: { cookie: user.cookies, ...lang('es') } });
    expect(es.json<Order>().serviceName).toBe('Dosimetría Clínica');
    expect(es.headers.etag).toBe(`W/"${first.version}"`);
  });

  it("another user's order → 404 with v1's message; another uid → 401; anonymous → 401", async () => {
    const order = await createOrder(t.app, staff, bob);
    const foreign = await t.app.inject({ url: orderUrl(ana.id, order.id), headers: { cookie: ana.cookies } });
    expectStatus(foreign, 404);
    expect(foreign.json()).toEqual({ errors: [RESOURCE_NOT_FOUND] });
    expectStatus(await t.app.inject({ url: orderUrl(bob.id, order.id), headers: { cookie: ana.cookies } }), 401);
    expectStatus(await t.app.inject({ url: ordersUrl(bob.id), headers: { cookie: ana.cookies } }), 401);
    expectStatus(await t.app.inject({ url: ordersUrl(bob.id) }), 401);
  });

  it('users create and delete no orders (POST/PUT/DELETE → 405 with Allow, translated; PATCH only on an order: its payment method); nothing changes', async () => {
    const order = await createOrder(t.app, staff, ana);
    const refusals = [
      ['POST', undefined, 'Método "POST" não permitido.'],
      ['PUT', 'en-US', 'Method "PUT" not allowed.'],
      ['PATCH', 'es', 'Método "PATCH" no permitido.'],
      ['DELETE', 'en-US', 'Method "DELETE" not allowed.'],
    ] as const;
    for (const [url, allow, methods] of [
      [ordersUrl(ana.id), 'GET, HEAD', refusals],
      [orderUrl(ana.id, order.id), 'GET, HEAD, PATCH', refusals.filter(([method]) => method !== 'PATCH')],
    ] as const) {
      for (const [method, acceptLanguage, message] of methods) {
        const response = await t.app.inject({ method, url, headers: { cookie: ana.cookies, ...lang(acceptLanguage) }, payload: {} });
        expectStatus(response, 405, `${method} ${url}`);
        expect({ method, url, allow: response.headers.allow, body: response.json() }).toEqual({ method, url, allow, body: { errors: [message] } });
      }
    }
    expect(await getOrder(t.app, ana, order.id)).toEqual(order);
  });

  it('analysisStatus counts the analyses by status', async () => {
    const user = await verifiedUser(t, { name: 'Cora Conta' });
    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 6 });
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await createAnalysis(t.app, user, order));
    await moveAnalysis(t.app, staff, made[0]!.id, 'AI');
    await moveAnalysis(t.app, staff, made[1]!.id, 'II', 'Série incompleta.');
    await moveAnalysis(t.app, staff, made[2]!.id, 'PR');
    await moveAnalysis(t.app, staff, made[3]!.id, 'CO');
    await moveAnalysis(t.app, staff, made[4]!.id, 'CO');
    const read = await getOrder(t.app, user, order.id);
    expect(read.analysisStatus).toEqual({ dataSet: 1, invalidInfos: 1, concluded: 2, processing: 1, analyzingInfos: 1 });
    expect(read.remainingOfAnalyzes).toBe(0);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ url: ordersUrl(other.id), headers: { cookie: other.cookies } })).json()).toEqual({ count: 0, row: [] });
  });
});
