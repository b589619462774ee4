// Issue 17: the back-office's lists: users found by name, e-mail, CPF/CNPJ (with or without punctuation) or clinic;
// each list paged with limit/offset and its total `count`, sorted and filtered as asked; a bad filter → 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '#shared/brazil/cpf.ts';
import type { Analysis } from '#shared/schemas/analyses.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { StaffQuote, StaffSignature, StaffUser, StaffUserDetail } from '#shared/schemas/staff.ts';
import { API, createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { createAnalysis, createOrder, moveAnalysis, staffUser } from '#tests/utils/orders.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let lia: SignedInUser;
let caio: SignedInUser;
const cpf = uniqueCpf();

beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  lia = await verifiedUser(t, { name: 'Lia Listada', clinic: 'Clínica Aurora', cpf });
  caio = await verifiedUser(t, { name: 'Caio Contado', clinic: 'Hospital 100% Norte', cnpj: '11.222.333/0001-81' });
});
afterAll(() => t?.close());

async function list<T>(path: string): Promise<{ count: number; row: T[] }> {
  const response = await t.app.inject({ url: `${API}/staff/${path}`, headers: { cookie: staff.cookies, 'accept-language': 'en-US' } });
  expectStatus(response, 200, path);
  return response.json();
}
const names = (page: { row: StaffUser[] }) => page.row.map((user) => user.name);

describe('users', () => {
  it('finds Lia by a part of her name in any case, her e-mail or her clinic', async () => {
    for (const q of ['listada', encodeURIComponent(lia.email.toUpperCase()), 'aurora']) expect(names(await list<StaffUser>(`users/?q=${q}`))).toEqual(['Lia Listada']);
  });

  it('a CPF matches by its digits, with or without punctuation; a CNPJ too; the answer shows them masked', async () => {
    const digits = cpf.replace(/\D/g, '');
    expect(cpf).toBe(formatCpf(digits));
    for (const q of [digits, cpf, digits.slice(2, 9)]) expect(names(await list<StaffUser>(`users/?q=${encodeURIComponent(q)}`))).toEqual(['Lia Listada']);
    const [found] = (await list<StaffUser>(`users/?q=${encodeURIComponent('11.222.333/0001-81')}`)).row;
    expect(found).toMatchObject({ name: 'Caio Contado', cnpj: '11.222.333/0001-81', emailVerified: true, isStaff: false });
    expect((await list<StaffUser>(`users/?q=${digits}`)).row[0]!.cpf).toBe(cpf);
  });

  it('LIKE wildcards in q are taken literally', async () => {
    expect(names(await list<StaffUser>(`users/?q=${encodeURIComponent('100%')}`))).toEqual(['Caio Contado']);
    expect((await list<StaffUser>(`users/?q=${encodeURIComponent('%')}`)).row.map((user) => user.name)).toEqual(['Caio Contado']);
  });

  it('sorted and paged: count is the total, limit and offset cut it', async () => {
    const all = await list<StaffUser>('users/?sort=name');
    expect(all.count).toBe(3);
    expect(names(all)).toEqual(['Caio Contado', 'Lia Listada', 'Sara Staff']);
    expect(names(await list<StaffUser>('users/?sort=-name&limit=1&offset=1'))).toEqual(['Lia Listada']);
    expect((await list<StaffUser>('users/?sort=-name&limit=1&offset=1')).count).toBe(3);
    expect((await list<StaffUser>('users/?offset=10')).row).toEqual([]);
  });

  it("a user's profile with how many orders, subscriptions and quotes; an unknown one → 404", async () => {
    await createOrder(t.app, staff, lia, { serviceId: 'radiosino', paid: false });
    const response = await t.app.inject({ url: `${API}/staff/users/${lia.id}/`, headers: { cookie: staff.cookies } });
    expectStatus(response, 200);
    expect(response.json<StaffUserDetail>()).toMatchObject({ name: 'Lia Listada', clinic: 'Clínica Aurora', counts: { orders: 1, signatures: 0, quotes: 0 } });
    expectStatus(await t.app.inject({ url: `${API}/staff/users/00000000-0000-4000-8000-000000000000/`, headers: { cookie: staff.cookies } }), 404);
  });
});

describe('orders and analyses', () => {
  it("orders: a user's, by payment status and service, sorted by price either way", async () => {
    await createOrder(t.app, staff, caio, { serviceId: 'seg-quant', price: 300 });
    await createOrder(t.app, staff, caio, { serviceId: 'dosi-clin', price: 900, paid: false });
    await createOrder(t.app, staff, caio, { serviceId: 'seg-quant', price: 100, paid: false });
    const prices = async (query: string) => (await list<Order>(`orders/?userId=${caio.id}&${query}`)).row.map((order) => order.price);
    expect(await prices('sort=price')).toEqual([100, 300, 900]);
    expect(await prices('sort=-price')).toEqual([900, 300, 100]);
    expect(await prices('status=APG&sort=price')).toEqual([100, 900]);
    expect(await prices('serviceId=seg-quant&sort=-price')).toEqual([300, 100]);
    const page = await list<Order>(`orders/?userId=${caio.id}&sort=price&limit=1&offset=2`);
    expect({ count: page.count, prices: page.row.map((order) => order.price) }).toEqual({ count: 3, prices: [900] });
  });

  it('analyses: by status, service, user and creation day', async () => {
    const order = await createOrder(t.app, staff, lia, { serviceId: 'seg-quant', quantity: 5 });
    const first = await createAnalysis(t.app, lia, order, { analysisName: 'Joelho' });
    await createAnalysis(t.app, lia, order, { analysisName: 'Ombro' });
    await moveAnalysis(t.app, staff, first.id, 'PR');
    const ids = async (query: string) => (await list<Analysis>(`analyses/?userId=${lia.id}&${query}`)).row.map((analysis) => analysis.analysisName);
    expect(await ids('status=PR')).toEqual(['Joelho']);
    expect(await ids('serviceId=seg-quant&sort=analysisName')).toEqual(['Joelho', 'Ombro']);
    expect(await ids('serviceId=radiosino')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}&sort=-analysisName`)).toEqual(['Ombro', 'Joelho']);
    expect(await ids('to=2020-01-01')).toEqual([]);
    expect((await list<Analysis>(`analyses/?userId=${lia.id}&limit=1`)).count).toBe(2);
  });
});

describe('subscriptions and quotes', () => {
  it('subscriptions: by plan, user and payment status, paged with count', async () => {
    for (const [user, plan] of [[lia, 'monthly'], [caio, 'monthly'], [caio, 'yearly']] as const) {
      expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/signatures/`, headers: { cookie: user.cookies }, payload: { plan } }), 201);
    }
    const monthly = await list<StaffSignature>('signatures/?plan=monthly');
    expect(monthly.row.map((row) => row.userName).toSorted()).toEqual(['Caio Contado', 'Lia Listada']);
    expect((await list<StaffSignature>(`signatures/?userId=${caio.id}&sort=createdAt`)).row.map((row) => row.planId)).toEqual(['monthly', 'yearly']);
    const page = await list<StaffSignature>('signatures/?status=APG&activated=true&limit=1&offset=1');
    expect({ count: page.count, rows: page.row.length }).toEqual({ count: 3, rows: 1 });
  });

  it('quotes: newest first or oldest first, by service, paged with count', async () => {
    const ask = (user: SignedInUser, payload: object) => t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/budget/`, headers: { cookie: user.cookies }, payload });
    expect((await ask(lia, { service: 'Radiosinoviortese', treatmentType: 'Y-90 joelho', numberOfPatients: 3, comments: 'Primeiro.' })).statusCode).toBeLessThan(300);
    expect((await ask(caio, { service: 'Modelagem Computacional', researchLine: 'Rim', projectDescription: 'Segundo.' })).statusCode).toBeLessThan(300);
    const newest = await list<StaffQuote>('quotes/');
    expect(newest.row.map((quote) => quote.userName)).toEqual(['Caio Contado', 'Lia Listada']);
    expect(newest.row.map((quote) => quote.prefill.quantity)).toEqual([1, 3]);
    expect((await list<StaffQuote>('quotes/?sort=createdAt&limit=1')).row[0]!.serviceId).toBe('radiosino');
    expect((await list<StaffQuote>('quotes/?serviceId=model-comp&status=new')).count).toBe(1);
    expect((await list<StaffQuote>('quotes/?status=answered')).count).toBe(0);
  });
});

describe('a bad filter → 400 naming it, never a 500', () => {
  it.each([
    ['users/?sort=password', 'sort'],
    ['users/?limit=201', 'limit'],
    [`users/?q=${'x'.repeat(151)}`, 'q'],
    ['orders/?status=PAID', 'status'],
    ['orders/?userId=ana', 'user_id'],
    ['orders/?sort=-userId', 'sort'],
    ['orders/?offset=x', 'offset'],
    ['analyses/?status=XX', 'status'],
    ['analyses/?serviceId=dosimetria', 'service_id'],
    ['analyses/?from=ontem', 'from'],
    ['analyses/?from=2024-02-30', 'from'],
    ['analyses/?from=2024-05-02&to=2024-05-01', 'to'],
    ['quotes/?status=open', 'status'],
    ['quotes/?userId=1', 'user_id'],
    ['signatures/?activated=yes', 'activated'],
    ['signatures/?plan=weekly', 'plan'],
    ['audit/?recordId=x', 'record_id'],
  ])('%s → 400 on %s', async (path, field) => {
    const response = await t.app.inject({ url: `${API}/staff/${path}`, headers: { cookie: staff.cookies, 'accept-language': 'en-US' } });
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors[0]).toMatch(new RegExp(`^${field}: `));
  });
});
