// Back-office lists (docs/api.md: the staff's orders and analysis queue): staff only, filtered by status,
// a page at a time with the total in `count`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createAnalysis, createOrder, moveAnalysis, staffUser, type Analysis, type Order } from '#tests/utils/orders.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let orders: Order[];
let analyses: Analysis[];

const get = (user: SignedInUser | null, url: string, acceptLanguage?: string) =>
  t.app.inject({ url, headers: { ...(user ? { cookie: user.cookies } : {}), ...lang(acceptLanguage) } });
const list = async <T>(url: string) => {
  const response = await get(staff, url);
  expectStatus(response, 200);
  return response.json<{ count: number; row: T[] }>();
};

beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Fila' });
  bruno = await verifiedUser(t, { name: 'Bruno Fila' });
  orders = [
    await createOrder(t.app, staff, ana, { serviceId: 'seg-quant', quantity: 3 }),
    await createOrder(t.app, staff, bruno, { serviceId: 'seg-quant', quantity: 2 }),
    await createOrder(t.app, staff, ana, { serviceId: 'dosi-clin', paid: false }),
  ];
  analyses = [
    await createAnalysis(t.app, ana, orders[0]!, { analysisName: 'Primeira' }),
    await createAnalysis(t.app, bruno, orders[1]!, { analysisName: 'Segunda' }),
    await createAnalysis(t.app, ana, orders[0]!, { analysisName: 'Terceira' }),
  ];
  await moveAnalysis(t.app, staff, analyses[2]!.id, 'AI');
  await moveAnalysis(t.app, staff, analyses[0]!.id, 'AI');
});
afterAll(() => t?.close());

describe('who may read the queues', () => {
  it.each([`${API}/staff/orders/`, `${API}/staff/analyses/`])('%s: anonymous → 401, a clinician → 403, translated', async (url) => {
    expectStatus(await get(null, url), 401);
    const clinician = await get(ana, url, 'en-US');
    expectStatus(clinician, 403);
    expect(clinician.json().errors).toHaveLength(1);
  });
});

describe('GET /staff/orders/', () => {
  it("every user's orders, newest first, with the total", async () => {
    const all = await list<Order>(`${API}/staff/orders/`);
    expect(all.count).toBe(3);
    expect(all.row.map((order) => order.id)).toEqual([orders[2]!.id, orders[1]!.id, orders[0]!.id]);
  });

  it('by payment status and by user', async () => {
    const unpaid = await list<Order>(`${API}/staff/orders/?status=APG`);
    expect(unpaid.row.map((order) => order.id)).toEqual([orders[2]!.id]);
    const brunos = await list<Order>(`${API}/staff/orders/?userId=${bruno.id}&status=CON`);
    expect(brunos.row.map((order) => [order.id, order.statusCode])).toEqual([[orders[1]!.id, 'CON']]);
  });

  it('a page at a time: limit and offset, count stays the total', async () => {
    const second = await list<Order>(`${API}/staff/orders/?limit=1&offset=1`);
    expect(second).toMatchObject({ count: 3, row: [{ id: orders[1]!.id }] });
  });

  it('an unknown status → 400 naming the field, translated', async () => {
    const response = await get(staff, `${API}/staff/orders/?status=PAGO`, 'en-US');
    expectStatus(response, 400);
    expect(response.json().errors[0]).toMatch(/^status: /);
  });
});

describe('GET /staff/analyses/', () => {
  it('the queue: oldest change first, each with its user, order and service', async () => {
    const queue = await list<Analysis>(`${API}/staff/analyses/`);
    expect(queue.count).toBe(3);
    expect(queue.row.map((analysis) => analysis.analysisName)).toEqual(['Segunda', 'Terceira', 'Primeira']);
    expect(queue.row[0]).toMatchObject({ userId: bruno.id, orderId: orders[1]!.id, serviceId: 'seg-quant', statusCode: 'DS' });
  });

  it('by status', async () => {
    const verifying = await list<Analysis>(`${API}/staff/analyses/?status=AI`);
    expect(verifying.row.map((analysis) => analysis.analysisName)).toEqual(['Terceira', 'Primeira']);
    const sent = await list<Analysis>(`${API}/staff/analyses/?status=DS&limit=5`);
    expect(sent).toMatchObject({ count: 1, row: [{ analysisName: 'Segunda' }] });
  });

  it('a limit above 200 → 400 naming the field', async () => {
    const response = await get(staff, `${API}/staff/analyses/?limit=1000`);
    expectStatus(response, 400);
    expect(response.json().errors[0]).toMatch(/^limit: /);
  });
});
