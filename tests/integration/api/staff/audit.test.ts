// Issue 17: every staff write is in the audit log (who, when, what, which record, the values before and after),
// its filters work and are validated, and nothing in the API changes or deletes an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auditService from '#server/services/audit.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { StaffQuote, StaffSignature } from '#shared/schemas/staff.ts';
import type { AuditEntry, AuditList } from '#shared/schemas/staff-audit.ts';
import { API, createMailingTestApp, expectStatus, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { createOrder, staffConfirm, staffCreateOrder, staffUser, STAFF_ORDERS_URL } from '#tests/utils/orders.ts';
import { issueBoleto, uniqueCpf } from '#tests/utils/payments.ts';
import { enrolTotp } from '#tests/utils/second-factor.ts';

let t: MailingTestApp;
let sara: SignedInUser;
let tiago: SignedInUser;
let ana: SignedInUser;

beforeAll(async () => {
  t = await createMailingTestApp();
  sara = await staffUser(t);
  tiago = await verifiedUser(t, { name: 'Tiago Equipe' });
  await t.app.db.execute(sql`UPDATE users SET is_staff = true WHERE id = ${tiago.id}`);
  tiago = await enrolTotp(t.app, tiago); // staff sessions need a second factor (issue 31)
  ana = await verifiedUser(t, { name: 'Ana Auditada' });
});
afterAll(() => t?.close());

const get = (user: SignedInUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookies, 'accept-language': 'en-US' } });
async function audit(query: string): Promise<AuditList> {
  const response = await get(sara, `${API}/staff/audit/${query}`);
  expectStatus(response, 200);
  return response.json<AuditList>();
}
const entriesOf = async (recordId: string) => (await audit(`?recordId=${recordId}`)).row;

describe('each staff action leaves an entry with the right staff member and the values before and after', () => {
  it('an order created, billed and paid by hand (the reason required and kept)', async () => {
    const created = await staffCreateOrder(t.app, sara, ana.id, { serviceId: 'radiosino', quantity: 4, price: 800 });
    expectStatus(created, 201);
    const order = created.json<Order>();
    const bill = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/bill/`, headers: { cookie: tiago.cookies }, payload: { billUrl: 'https://banco.example/boleto/1' } });
    expectStatus(bill, 200);
    const noReason = await t.app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${order.id}/confirm-payment/`, headers: { cookie: sara.cookies, 'accept-language': 'en-US' }, payload: {} });
    expectStatus(noReason, 400);
    expect(noReason.json<{ errors: string[] }>().errors[0]).toMatch(/^reason: /);
    expectStatus(await staffConfirm(t.app, sara, order.id, undefined, 'PIX recebido em 12/05'), 200);

    const entries = await entriesOf(order.id);
    expect(entries.map((entry) => [entry.action, entry.staffId])).toEqual([
      ['order.confirmPayment', sara.id],
      ['order.bill', tiago.id],
      ['order.create', sara.id],
    ]);
    const [paid, billed, made] = entries as [AuditEntry, AuditEntry, AuditEntry];
    expect(made).toMatchObject({ before: null, after: { userId: ana.id, serviceId: 'radiosino', quantity: 4, price: 800, statusPayment: 'APG' }, staffName: 'Sara Staff' });
    expect(billed).toMatchObject({ before: { billUrl: null }, after: { billUrl: 'https://banco.example/boleto/1' }, staffName: 'Tiago Equipe' });
    expect(paid).toMatchObject({ before: { statusPayment: 'APG' }, after: { statusPayment: 'CON', reason: 'PIX recebido em 12/05' } });
    expect(Date.parse(paid.at)).toBeGreaterThan(Date.now() - 60_000);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, ana.email).filter((mail) => mail.text.includes(order.code)).length).toBeGreaterThanOrEqual(2);
  });

  it('a boleto issued through the payment provider is audited like a pasted bill', async () => {
    const order = await createOrder(t.app, tiago, ana, { serviceId: 'seg-quant', paid: false });
    const issued = await issueBoleto(t.app, tiago, order.id, { cpf: uniqueCpf() });
    expectStatus(issued, 200);
    const [entry] = await entriesOf(order.id);
    expect(entry).toMatchObject({ action: 'order.bill', staffId: tiago.id, before: { billFileId: null }, after: { billFileId: expect.any(String), billUrl: null } });
  });

  it('two staff members confirming the same payment at once: one confirmation, one entry, one notification', async () => {
    const order = await createOrder(t.app, sara, ana, { serviceId: 'seg-quant', paid: false });
    const notices = (await listNotifications(t.app, ana)).count;
    const answers = await Promise.all([staffConfirm(t.app, sara, order.id), staffConfirm(t.app, tiago, order.id)]);
    expect(answers.map((answer) => answer.json<Order>().statusCode)).toEqual(['CON', 'CON']);
    expect((await entriesOf(order.id)).filter((entry) => entry.action === 'order.confirmPayment')).toHaveLength(1);
    expect((await listNotifications(t.app, ana)).count).toBe(notices + 1);
  });

  it('a quote marked answered (If-Match: a stale one → 412) and prefilled for "Create order"', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: `${API}/users/${ana.id}/budget/`,
      headers: { cookie: ana.cookies },
      payload: { service: 'Dosimetria Clínica', treatmentType: 'Lu-177 PSMA', numberOfPatients: 12, comments: 'Começamos em maio.' },
    });
    expect(posted.statusCode).toBeLessThan(300);
    const inbox = await get(sara, `${API}/staff/quotes/?status=new&userId=${ana.id}`);
    expectStatus(inbox, 200);
    const [quote] = inbox.json<{ row: StaffQuote[] }>().row;
    expect(quote).toMatchObject({ status: 'new', userName: 'Ana Auditada', prefill: { userId: ana.id, serviceId: 'dosi-clin', quantity: 12 } });
    const read = await get(tiago, `${API}/staff/quotes/${quote!.id}/`);
    const etag = String(read.headers.etag);
    const mark = (ifMatch: string) =>
      t.app.inject({ method: 'PATCH', url: `${API}/staff/quotes/${quote!.id}/`, headers: { cookie: tiago.cookies, 'if-match': ifMatch }, payload: { answered: true, answer: 'Proposta enviada por e-mail.' } });
    const answered = await mark(etag);
    expectStatus(answered, 200);
    expect(answered.json<StaffQuote>()).toMatchObject({ status: 'answered', answeredBy: tiago.id });
    expectStatus(await mark(etag), 412);
    expect((await get(sara, `${API}/staff/quotes/?status=new&userId=${ana.id}`)).json<{ count: number }>().count).toBe(0);
    const [entry] = await entriesOf(quote!.id);
    expect(entry).toMatchObject({ action: 'quote.answered', staffId: tiago.id, before: { answeredAt: null, version: 1 }, after: { answeredBy: tiago.id, version: 2 } });
  });

  it("a subscription's payment confirmed, then deactivated: both audited, the user told each time", async () => {
    const subscribed = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/signatures/`, headers: { cookie: ana.cookies }, payload: { plan: 'monthly' } });
    expectStatus(subscribed, 201);
    const { id } = subscribed.json<{ id: string }>();
    const notices = (await listNotifications(t.app, ana)).count;
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/confirm-payment/`, headers: { cookie: sara.cookies }, payload: { reason: 'Transferência' } }), 200);
    const off = await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/deactivate/`, headers: { cookie: tiago.cookies } });
    expectStatus(off, 200);
    expect(off.json<StaffSignature>()).toMatchObject({ activated: false, userId: ana.id, statusCode: 'CON' });
    expect((await listNotifications(t.app, ana)).count).toBe(notices + 2);
    const [deactivated, paid] = await entriesOf(id);
    expect(paid).toMatchObject({ action: 'signature.confirmPayment', staffId: sara.id, before: { statusPayment: 'APG', hiredPeriodEnd: null }, after: { statusPayment: 'CON', activated: true, reason: 'Transferência' } });
    expect(deactivated).toMatchObject({ action: 'signature.deactivate', staffId: tiago.id, before: { activated: true }, after: { activated: false } });
    const list = await get(sara, `${API}/staff/signatures/?userId=${ana.id}&activated=false`);
    expect(list.json<{ row: StaffSignature[] }>().row.map((row) => row.id)).toEqual([id]);

    // A deactivation undone while the paid month runs: activated again, audited, the user told.
    const on = await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/reactivate/`, headers: { cookie: sara.cookies }, payload: { reason: 'Desativada por engano' } });
    expectStatus(on, 200);
    expect(on.json<StaffSignature>()).toMatchObject({ activated: true, statusCode: 'CON' });
    const told = await listNotifications(t.app, ana);
    expect(told.count).toBe(notices + 3);
    expect(told.row[0]).toMatchObject({ message: 'Sua assinatura foi reativada pela nossa equipe: os benefícios estão liberados de novo.' });
    const [reactivated] = await entriesOf(id);
    expect(reactivated).toMatchObject({ action: 'signature.reactivate', staffId: sara.id, before: { activated: false }, after: { activated: true, reason: 'Desativada por engano' } });
  });

  it('once nothing covers today (the paid period over), reactivating is refused with 409 and changes nothing: a payment is confirmed instead', async () => {
    const bia = await verifiedUser(t, { name: 'Bia Vencida', cpf: uniqueCpf() });
    const subscribed = await t.app.inject({ method: 'POST', url: `${API}/users/${bia.id}/signatures/`, headers: { cookie: bia.cookies }, payload: { plan: 'monthly' } });
    const { id } = subscribed.json<{ id: string }>();
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/deactivate/`, headers: { cookie: sara.cookies } }), 200);
    await t.app.db.execute(sql`UPDATE signatures SET test_period_end = '2026-01-31' WHERE id = ${id}`);
    const refused = await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/reactivate/`, headers: { cookie: sara.cookies, 'accept-language': 'en-US' } });
    expectStatus(refused, 409);
    expect(refused.json()).toEqual({ errors: ['No paid period or trial covers today: confirm a payment instead of reactivating.'] });
    expect((await get(sara, `${API}/staff/signatures/?userId=${bia.id}`)).json<{ row: StaffSignature[] }>().row[0]).toMatchObject({ activated: false });
    expect((await entriesOf(id)).map((entry) => entry.action)).toEqual(['signature.deactivate']);
  });
});

describe('reading the log', () => {
  it('filters by staff member, record type, action and day; pages with count', async () => {
    await createOrder(t.app, tiago, ana, { serviceId: 'seg-quant' });
    const byTiago = await audit(`?staffId=${tiago.id}`);
    expect(byTiago.row.every((entry) => entry.staffId === tiago.id)).toBe(true);
    expect(byTiago.count).toBeGreaterThanOrEqual(3);
    const aboutAna = await audit(`?userId=${ana.id}&limit=200`);
    expect(aboutAna.count).toBeGreaterThanOrEqual(10);
    expect(new Set(aboutAna.row.map((entry) => entry.recordType))).toEqual(new Set(['order', 'quote', 'signature']));
    expect(aboutAna.row.every((entry) => entry.owner?.id === ana.id)).toBe(true);
    expect((await audit(`?userId=${tiago.id}`)).count).toBe(0);
    const orders = await audit('?recordType=order&action=order.create');
    expect(orders.row.every((entry) => entry.recordType === 'order' && entry.action === 'order.create')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const all = await audit(`?from=${today}&to=${today}&limit=200`);
    expect(all.count).toBe(all.row.length);
    expect((await audit('?from=2001-01-01&to=2001-01-31')).count).toBe(0);
    const page = await audit('?limit=2&offset=1');
    expect(page.row).toHaveLength(2);
    expect(page.row[0]).toEqual((await audit('?limit=3')).row[1]);
  });

  it('an entry names its record and whose it is, and the people, services and files its values name, in the reader\'s language', async () => {
    const bruno = await verifiedUser(t, { name: 'Bruno Nomeado' });
    const order = await createOrder(t.app, sara, bruno, { serviceId: 'radiosino', paid: false });
    expectStatus(await issueBoleto(t.app, sara, order.id, { cpf: uniqueCpf() }), 200);
    const [billed, made] = await entriesOf(order.id);
    const billFileId = String(billed!.after!.billFileId);
    expect(made).toMatchObject({ recordName: `${order.code} · Radiosynoviorthesis`, owner: { id: bruno.id, name: 'Bruno Nomeado' }, names: { [bruno.id]: 'Bruno Nomeado', radiosino: 'Radiosynoviorthesis' } });
    expect(billed).toMatchObject({ recordName: `${order.code} · Radiosynoviorthesis`, names: { [billFileId]: expect.stringMatching(/\.pdf$/) } });
    const inPortuguese = await t.app.inject({ url: `${API}/staff/audit/?recordId=${order.id}`, headers: { cookie: sara.cookies, 'accept-language': 'pt-BR' } });
    expect(inPortuguese.json<AuditList>().row.at(-1)).toMatchObject({ recordName: `${order.code} · Radiosinoviortese`, names: { radiosino: 'Radiosinoviortese' } });
  });

  it.each([
    ['staffId=42', 'staff_id'],
    ['userId=ana', 'user_id'],
    ['recordType=invoice', 'record_type'],
    ['action=order.delete', 'action'],
    ['from=2024-13-01', 'from'],
    ['from=2024-05-02&to=2024-05-01', 'to'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
  ])('a bad filter (%s) → 400 naming %s', async (query, field) => {
    const response = await get(sara, `${API}/staff/audit/?${query}`);
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors.join(' ')).toMatch(new RegExp(`^${field}: `));
  });
});

describe('append-only', () => {
  it('no route writes the log: other methods → 405, an entry path → 404; the log is as it was', async () => {
    const before = await audit('?limit=200');
    const [entry] = before.row;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `${API}/staff/audit/`, headers: { cookie: sara.cookies }, payload: {} });
      expectStatus(response, 405);
      expect(response.headers.allow).toBe('GET, HEAD');
      for (const url of [`${API}/staff/audit/${entry!.id}/`, `${API}/staff/audit/${entry!.id}`]) {
        expectStatus(await t.app.inject({ method, url, headers: { cookie: sara.cookies }, payload: {} }), 404);
      }
    }
    expect(await audit('?limit=200')).toEqual(before);
  });

  it('the audit service only records and reads (no update or delete), and the database refuses both', async () => {
    expect(Object.keys(auditService).filter((name) => /update|delete|remove|edit|clear|purge/i.test(name))).toEqual([]);
    const [entry] = (await audit('?limit=1')).row;
    const refusal = (query: Promise<unknown>) => query.then(() => 'written', (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message));
    expect(await refusal(t.app.db.execute(sql`UPDATE audit_log SET staff_id = ${ana.id} WHERE id = ${entry!.id}`))).toMatch(/append-only/);
    expect(await refusal(t.app.db.execute(sql`DELETE FROM audit_log WHERE id = ${entry!.id}`))).toMatch(/append-only/);
    expect((await audit('?limit=1')).row[0]).toEqual(entry);
  });
});
