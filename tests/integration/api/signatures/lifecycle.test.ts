// The subscription's life (docs/domain.md "Plans"), driven by the job with an injected clock: trial → expired →
// bill issued through the payment provider → paid (webhook) → hired period → expired → a new bill. Each
// transition notifies the user and mails them; a repeated run changes nothing.
import { formatDate } from '#shared/brazil/dates.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, jobLeases } from '#server/db/schema.ts';
import type { Signature } from '#shared/schemas/signatures.ts';
import { API, createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { staffUser } from '#tests/utils/orders.ts';
import { sendWebhook, uniqueCpf } from '#tests/utils/payments.ts';

const DAY_MS = 86_400_000;
const SUBJECTS = {
  expired: ['DoseHub: o período da sua assinatura terminou', "DoseHub: your subscription's period has ended"],
  bill: ['DoseHub: boleto da sua assinatura', "DoseHub: your subscription's bill"],
  paid: ['DoseHub: pagamento da assinatura confirmado', 'DoseHub: subscription payment confirmed'],
};

let t: MailingTestApp;
let ana: SignedInUser;
let subscriptionId: string;
const start = new Date();
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);

beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await verifiedUser(t, { name: 'Ana Ciclo', cpf: uniqueCpf() });
  const created = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/signatures/`, headers: { cookie: ana.cookies }, payload: { plan: 'monthly' } });
  expectStatus(created, 201);
  subscriptionId = created.json<Signature>().id;
});
afterAll(() => t?.close());

const signature = async () => (await t.app.inject({ url: `${API}/users/${ana.id}/signatures/${subscriptionId}/`, headers: { cookie: ana.cookies } })).json<Signature>();
const mailsOf = (subjects: string[]) => t.smtp.messagesTo(ana.email).filter((mail) => subjects.includes(mail.subject));
const notices = async () => (await listNotifications(t.app, ana, '', 'en-US')).row.map((n) => n.message);
const calculatorStatus = async () =>
  (await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/radiosynoviorthesis-calculator/`, headers: { cookie: ana.cookies }, payload: { radionuclide: 'Y-90', thickness: 1, surface: 200 } })).statusCode;
const openBillOf = async () => (await t.app.db.select().from(bills).where(eq(bills.subscriptionId, subscriptionId))).filter((bill) => bill.status === 'open');
const pay = async (providerBillId: string, paidAt: Date, amount = '330.00') =>
  sendWebhook(t.app, JSON.stringify({ id: `evt_${providerBillId}`, type: 'payment.confirmed', data: { billId: providerBillId, amount, paidAt: paidAt.toISOString() } }));

describe('the lifecycle job, with an injected clock', () => {
  it('during the trial nothing changes: activated, no bill, the calculator open', async () => {
    expect(await t.app.runSubscriptionLifecycle(at(29))).toEqual({ ran: true, expired: 0, billsIssued: 0 });
    expect(await signature()).toMatchObject({ activated: true, billFile: null, statusCode: 'APG' });
    expect(await calculatorStatus()).toBe(200);
  });

  it('the trial ends unpaid: no longer activated, a boleto issued through the provider; notified and mailed; a second run does nothing', async () => {
    expect(await t.app.runSubscriptionLifecycle(at(31))).toEqual({ ran: true, expired: 1, billsIssued: 1 });
    const expired = await signature();
    expect(expired).toMatchObject({ activated: false, statusCode: 'APG', hiredPeriod: null, billFile: expect.stringMatching(/^\/api\/v1\/files\/[0-9a-f-]{36}\/$/) });
    const [bill] = await openBillOf();
    // A boleto is in BRL: US$ 60.00 at the default rate (USD_BRL_RATE 5.50) → R$ 330.00, the USD total and the rate kept.
    expect(bill).toMatchObject({ provider: 'sandbox', amountCents: 33000, usdAmountCents: 6000, usdBrlRate: '5.5000', line: expect.stringMatching(/^\d{47}$/) });
    expect(expired.bill).toMatchObject({ amount: 330, usdAmount: 60, usdBrlRate: 5.5, status: 'open', line: bill!.line });
    const pdf = await t.app.inject({ url: expired.billFile!, headers: { cookie: ana.cookies } });
    expect({ status: pdf.statusCode, type: pdf.headers['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
    // The boleto says what it pays for: the plan's USD total and the rate that made its BRL amount.
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Assinatura Plano Mensal: US$ 60,00 convertidos a R$ 5,5000 por dólar = R$ 330,00.');
    expect(await calculatorStatus()).toBe(403);
    await expect.poll(() => mailsOf(SUBJECTS.expired).length).toBe(1);
    await expect.poll(() => mailsOf(SUBJECTS.bill).length).toBe(1);
    expect(await notices()).toEqual(expect.arrayContaining(["Your subscription's period has ended: the bill to continue is in My signatures.", "Your subscription's bill is available in My signatures."]));

    expect(await t.app.runSubscriptionLifecycle(at(31))).toEqual({ ran: true, expired: 0, billsIssued: 0 });
    expect(await openBillOf()).toHaveLength(1);
  });

  it('the payment confirmed by the provider sets a month from the payment and activates it again; mailed once', async () => {
    const [bill] = await openBillOf();
    const paidAt = new Date(Date.UTC(2027, 0, 31, 15));
    // The plan's USD figure is not what the boleto asks.
    expectStatus(await pay(bill!.providerBillId, paidAt, '60.00'), 409);
    expectStatus(await pay(bill!.providerBillId, paidAt), 200);
    expectStatus(await pay(bill!.providerBillId, paidAt), 200);
    expect(await signature()).toMatchObject({ activated: true, statusCode: 'CON', statusPayment: 'Confirmado', hiredPeriod: { initial: '2027-01-31', end: '2027-02-28' } });
    expect(await calculatorStatus()).toBe(200);
    await expect.poll(() => mailsOf(SUBJECTS.paid).length).toBe(1);
    expect(await notices()).toContain('Subscription payment confirmed: it is active until 02/28/2027.');
  });

  it('the hired period ends unpaid: expired again with a new bill', async () => {
    expect(await t.app.runSubscriptionLifecycle(new Date(Date.UTC(2027, 1, 27, 15)))).toMatchObject({ expired: 0 });
    expect(await t.app.runSubscriptionLifecycle(new Date(Date.UTC(2027, 1, 28, 15)))).toEqual({ ran: true, expired: 1, billsIssued: 1 });
    expect(await signature()).toMatchObject({ activated: false, statusCode: 'APG', hiredPeriod: { end: '2027-02-28' } });
    expect(await openBillOf()).toHaveLength(1);
    await expect.poll(() => mailsOf(SUBJECTS.expired).length).toBe(2);
  });

  it('one process at a time: while another process holds the job\'s lease nothing runs; an expired lease is taken over', async () => {
    const until = new Date(Date.now() + 60_000);
    await t.app.db.insert(jobLeases).values({ name: 'signature-lifecycle', holder: 'another-process', until });
    expect(await t.app.runSubscriptionLifecycle(at(400))).toEqual({ ran: false, expired: 0, billsIssued: 0 });
    await t.app.db.update(jobLeases).set({ until: new Date(Date.now() - 1) }).where(eq(jobLeases.name, 'signature-lifecycle'));
    expect(await t.app.runSubscriptionLifecycle(at(400))).toMatchObject({ ran: true, expired: 0, billsIssued: 0 });
  });
});

describe('staff confirm a payment', () => {
  it('the bill paid, a year from today for the yearly plan, activated; notified and mailed; 403 for a user, 404 for none', async () => {
    const bia = await verifiedUser(t, { name: 'Bia Anual', cnpj: '11222333000181' });
    const created = await t.app.inject({ method: 'POST', url: `${API}/users/${bia.id}/signatures/`, headers: { cookie: bia.cookies }, payload: { plan: 'yearly' } });
    const id = created.json<Signature>().id;
    await t.app.runSubscriptionLifecycle(at(31));
    const [bill] = await t.app.db.select().from(bills).where(eq(bills.subscriptionId, id));
    expect(bill).toMatchObject({ status: 'open', amountCents: 121000, usdAmountCents: 22000, payerDocument: '11222333000181' });

    const confirmUrl = (sid: string) => `${API}/staff/signatures/${sid}/confirm-payment/`;
    expectStatus(await t.app.inject({ method: 'POST', url: confirmUrl(id), headers: { cookie: bia.cookies } }), 403);
    const staff = await staffUser(t);
    expectStatus(await t.app.inject({ method: 'POST', url: confirmUrl(randomUUID()), headers: { cookie: staff.cookies } }), 404);
    const confirmed = await t.app.inject({ method: 'POST', url: confirmUrl(id), headers: { cookie: staff.cookies } });
    expectStatus(confirmed, 200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    // A year from today (29 Feb would become 28 Feb).
    const end = new Date(Date.UTC(Number(today.slice(0, 4)) + 1, Number(today.slice(5, 7)) - 1, Math.min(Number(today.slice(8)), 28))).toISOString().slice(0, 10);
    const answered = confirmed.json<Signature>();
    expect(answered).toMatchObject({ activated: true, statusCode: 'CON', hiredPeriod: { initial: today } });
    if (!today.endsWith('-29') && !today.endsWith('-30') && !today.endsWith('-31')) expect(answered.hiredPeriod!.end).toBe(end);
    expect((await t.app.db.select().from(bills).where(eq(bills.id, bill!.id)))[0]).toMatchObject({ status: 'paid' });
    await expect.poll(() => t.smtp.messagesTo(bia.email).filter((mail) => SUBJECTS.paid.includes(mail.subject)).length).toBe(1);
    expectStatus(await t.app.inject({ method: 'POST', url: confirmUrl(id), headers: { cookie: staff.cookies } }), 200);
    await expect.poll(() => t.smtp.messagesTo(bia.email).filter((mail) => SUBJECTS.paid.includes(mail.subject)).length).toBe(1);
  });

  it('during the trial: the hired period starts when the trial ends (no trial day lost), still activated; the user is told both dates', async () => {
    const caio = await verifiedUser(t, { name: 'Caio Teste', cpf: uniqueCpf() });
    const created = await t.app.inject({ method: 'POST', url: `${API}/users/${caio.id}/signatures/`, headers: { cookie: caio.cookies }, payload: { plan: 'monthly' } });
    const { id, testPeriod } = created.json<Signature>();
    const staff = await staffUser(t);

    const confirmed = await t.app.inject({ method: 'POST', url: `${API}/staff/signatures/${id}/confirm-payment/`, headers: { cookie: staff.cookies } });
    expectStatus(confirmed, 200);
    const [year, month, day] = testPeriod.end.split('-').map(Number) as [number, number, number];
    const end = new Date(Date.UTC(year, month, Math.min(day, 28))).toISOString().slice(0, 10);
    const answered = confirmed.json<Signature>();
    expect(answered).toMatchObject({ activated: true, statusCode: 'CON', testPeriod, hiredPeriod: { initial: testPeriod.end } });
    if (day <= 28) expect(answered.hiredPeriod!.end).toBe(end);
    const { initial, end: hiredEnd } = answered.hiredPeriod!;
    const notices = (await listNotifications(t.app, caio, '', 'en-US')).row.map((n) => n.message);
    expect(notices).toContain(`Subscription payment confirmed during the trial: the hired period starts when the trial ends, on ${formatDate(initial, 'en-US')}, and runs until ${formatDate(hiredEnd, 'en-US')}.`);
    const mail = await t.smtp.waitForMessage((message) => message.to.includes(caio.email) && SUBJECTS.paid.includes(message.subject));
    expect(mail.text).toContain(formatDate(initial, 'pt-BR'));
    expect(mail.text).toContain(formatDate(hiredEnd, 'pt-BR'));
    // The trial's end does not expire it: the hired period already covers that day.
    expect(await t.app.runSubscriptionLifecycle(new Date(Date.parse(`${testPeriod.end}T15:00:00Z`)))).toMatchObject({ expired: 0 });
  });
});
