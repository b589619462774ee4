// Issue 29, item 1: the client's own quote requests (My quotes): waiting, answered with staff's message (the client
// notified and mailed in their language once it commits), and turned into an order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import type { MyQuoteList } from '#shared/schemas/quotes.ts';
import type { StaffQuote } from '#shared/schemas/staff.ts';
import { API, createMailingTestApp, expectStatus, lang, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { staffCreateOrder, staffUser } from '#tests/utils/orders.ts';

const CLINICAL = { service: 'Radiosinoviortese', treatmentType: 'Y-90 joelho', numberOfPatients: 4, comments: 'Dois pacientes em junho.' };
const ANSWER = 'Enviamos a proposta: R$ 1.200 por análise, prazo de 5 dias úteis.';

let t: MailingTestApp;
let sara: SignedInUser;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  sara = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Cotação' });
  await t.app.db.update(users).set({ language: 'es' }).where(eq(users.id, ana.id));
});
afterAll(() => t?.close());

const myQuotes = async (user: SignedInUser, acceptLanguage?: string) => {
  const response = await t.app.inject({ url: `${API}/users/${user.id}/quotes/`, headers: { cookie: user.cookies, ...lang(acceptLanguage) } });
  expectStatus(response, 200);
  return response.json<MyQuoteList>();
};
const ask = async (id: string, payload = CLINICAL) =>
  expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/budget/`, headers: { cookie: ana.cookies }, payload: { id, ...payload } }), 204);
const staffQuote = async (id: string) => (await t.app.inject({ url: `${API}/staff/quotes/${id}/`, headers: { cookie: sara.cookies } })).json<StaffQuote>();
const mark = (id: string, payload: object, acceptLanguage = 'en-US') =>
  t.app.inject({ method: 'PATCH', url: `${API}/staff/quotes/${id}/`, headers: { cookie: sara.cookies, ...lang(acceptLanguage) }, payload });

describe('My quotes', () => {
  it('lists only the user\'s own requests, newest first, waiting with what was asked; another user\'s uid → 401', async () => {
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await ask(first);
    await ask(second, { ...CLINICAL, treatmentType: 'P-32 cotovelo' });
    const bob = await verifiedUser(t, { name: 'Bob Vazio' });
    expect(await myQuotes(bob)).toEqual({ count: 0, row: [] });
    const list = await myQuotes(ana);
    expect(list.row.map((quote) => quote.id)).toEqual([second, first]);
    expect(list.row[1]).toMatchObject({ serviceId: 'radiosino', status: 'waiting', answer: null, orderId: null, fields: { treatmentType: 'Y-90 joelho', numberOfPatients: 4 } });
    expectStatus(await t.app.inject({ url: `${API}/users/${ana.id}/quotes/`, headers: { cookie: bob.cookies } }), 401);
  });

  it('marking answered needs the answer (a 400 naming it, translated); with it the client is notified and mailed in their language', async () => {
    const id = crypto.randomUUID();
    await ask(id);
    const missing = await mark(id, { answered: true }, 'pt-BR');
    expectStatus(missing, 400);
    expect(missing.json<{ errors: string[] }>().errors.join(' ')).toMatch(/answer/);
    const tooLong = await mark(id, { answered: true, answer: 'x'.repeat(5001) });
    expectStatus(tooLong, 400);
    expect(tooLong.json<{ errors: string[] }>().errors.join(' ')).toContain('The answer may have at most 5000 characters.');

    await t.app.mailQueue.idle();
    const mailsBefore = mailsTo(t.smtp, ana.email).length;
    const answered = await mark(id, { answered: true, answer: `  ${ANSWER}  ` });
    expectStatus(answered, 200);
    expect(answered.json<StaffQuote>()).toMatchObject({ status: 'answered', answer: ANSWER });

    const mine = (await myQuotes(ana)).row.find((quote) => quote.id === id);
    expect(mine).toMatchObject({ status: 'answered', answer: ANSWER });
    expect(mine?.answeredAt).toEqual(expect.any(String));
    const notices = (await listNotifications(t.app, ana, '', 'es')).row.map((notice) => notice.message);
    expect(notices).toContain(`Nuestro equipo respondió a su solicitud de presupuesto: «${ANSWER}»`);

    await t.app.mailQueue.idle();
    const mails = mailsTo(t.smtp, ana.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(/^DoseHub: respuesta a su solicitud de presupuesto de Radios/);
    expect(mail.text).toContain(ANSWER);
    expect(mail.text).toContain('/dashboard/my-quotes');

    // The same answer again changes nothing and tells nobody twice.
    expectStatus(await mark(id, { answered: true, answer: ANSWER }), 200);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, ana.email)).toHaveLength(mailsBefore + 1);
  });

  it('back to new clears the answer; an order created from the quote\'s prefill shows it ordered', async () => {
    const id = crypto.randomUUID();
    await ask(id);
    expectStatus(await mark(id, { answered: true, answer: ANSWER }), 200);
    expectStatus(await mark(id, { answered: false }), 200);
    expect((await myQuotes(ana)).row.find((quote) => quote.id === id)).toMatchObject({ status: 'waiting', answer: null });

    const { prefill } = await staffQuote(id);
    expect(prefill).toEqual({ userId: ana.id, serviceId: 'radiosino', quantity: 4, quoteId: id });
    const created = await staffCreateOrder(t.app, sara, ana.id, { ...prefill, price: 4800 } as never);
    expectStatus(created, 201);
    const orderId = created.json<{ id: string }>().id;
    expect((await myQuotes(ana)).row.find((quote) => quote.id === id)).toMatchObject({ status: 'ordered', orderId });
    expect(await staffQuote(id)).toMatchObject({ orderId });
  });
});
