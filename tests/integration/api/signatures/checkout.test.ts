// Subscriptions (docs/v1-contract.md §1.16 with docs/api.md's deviations): the plan comes from the catalog, a
// verified e-mail is needed, one per plan (v1's message), the company gets "Nova assinatura", the user a notice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signature } from '#shared/schemas/signatures.ts';
import { API, createMailingTestApp, expectStatus, lang, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';

const COMPANY = 'no-reply@dosehub.test';
const signaturesUrl = (uid: string) => `${API}/users/${uid}/signatures/`;
const brazilToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

type User = Pick<SignedInUser, 'id' | 'cookies'>;
const subscribe = (user: User, payload: unknown, language?: string) =>
  t.app.inject({ method: 'POST', url: signaturesUrl(user.id), headers: { cookie: user.cookies, ...lang(language) }, payload: payload as object });
const signatureMails = (email: string) => t.smtp.messagesTo(COMPANY).filter((mail) => mail.subject === 'Nova assinatura' && mail.text.includes(email));

describe('checkout', () => {
  it('Plan 1: price, discount, trial and the calculator from the catalog (the client\'s values are ignored); 201', async () => {
    const ana = await verifiedUser(t, { name: 'Ana Assinante', clinic: 'Clínica Sol' });
    const response = await subscribe(ana, { plan: 'monthly', price: '1.00', discount: '59.00', trialTime: '900 days', benefits: [] }, 'en-US');
    expectStatus(response, 201);
    const signature = response.json<Signature>();
    const start = brazilToday();
    expect(signature).toMatchObject({
      plan: 'Monthly plan',
      planId: 'monthly',
      price: 60,
      discount: 0,
      modality: 'monthly',
      hiredPeriod: null,
      testPeriod: { initial: start, end: plusDays(start, 30) },
      activated: true,
      billFile: null,
      statusPayment: 'Aguardando pagamento',
      statusCode: 'APG',
      benefits: [{ name: 'Radiosynoviorthesis calculator', uri: '/dashboard/my-signatures/benefits/calculator' }],
    });
    await expect.poll(() => signatureMails(ana.email)).toHaveLength(1);
    expect(signatureMails(ana.email)[0]!.text).toContain('Clínica Sol');
    const notices = (await listNotifications(t.app, ana, '', 'en-US')).row.map((n) => n.message);
    expect(notices).toContain('Subscription created: your 30-day trial has started.');
  });

  it.each([
    ['pt-BR', 'O usuário já assinou esse plano.'],
    ['en-US', 'The user has already subscribed to this plan.'],
    ['es', 'El usuario ya se suscribió a este plan.'],
  ])('the same plan twice → 409 with v1\'s message, nothing mailed again (%s)', async (language, message) => {
    const bia = await verifiedUser(t, { name: 'Bia Repetida' });
    expectStatus(await subscribe(bia, { plan: 'yearly' }), 201);
    const again = await subscribe(bia, { plan: 'yearly' }, language);
    expectStatus(again, 409);
    expect(again.json()).toEqual({ errors: [message] });
    await expect.poll(() => signatureMails(bia.email)).toHaveLength(1);
    expectStatus(await subscribe(bia, { plan: 'monthly' }), 201);
  });

  it('a checkout queued offline and sent twice with its id creates one subscription (200 on the replay)', async () => {
    const caio = await verifiedUser(t, { name: 'Caio Offline' });
    const id = randomUUID();
    expectStatus(await subscribe(caio, { plan: 'monthly', id }), 201);
    const replay = await subscribe(caio, { plan: 'monthly', id });
    expectStatus(replay, 200);
    expect(replay.json<Signature>().id).toBe(id);
    const list = await t.app.inject({ method: 'GET', url: signaturesUrl(caio.id), headers: { cookie: caio.cookies } });
    expect(list.json<{ count: number }>().count).toBe(1);
    await expect.poll(() => signatureMails(caio.email)).toHaveLength(1);
  });

  it('an unverified e-mail → 409; an unknown plan or none → 400', async () => {
    const newcomer = await registerUser(t.app, { name: 'Nina Nova' });
    const unverified = await subscribe(newcomer, { plan: 'monthly' }, 'en-US');
    expectStatus(unverified, 409);
    expect(unverified.json()).toEqual({ errors: ['The user does not have a verified email yet.'] });
    const dani = await verifiedUser(t, { name: 'Dani Dúvida' });
    const unknown = await subscribe(dani, { plan: 'platinum' }, 'en-US');
    expectStatus(unknown, 400);
    expect(unknown.json()).toEqual({ errors: ['plan: Plan not found.'] });
    const missing = await subscribe(dani, {}, 'en-US');
    expectStatus(missing, 400);
    expect(missing.json()).toEqual({ errors: ['plan: This field is required.'] });
  });
});

describe('reading', () => {
  it("the list holds the user's subscriptions; one by id; another user's → 404 with v1's message", async () => {
    const eva = await verifiedUser(t, { name: 'Eva Leitora' });
    const created = (await subscribe(eva, { plan: 'yearly' })).json<Signature>();
    const list = await t.app.inject({ method: 'GET', url: signaturesUrl(eva.id), headers: { cookie: eva.cookies, 'accept-language': 'es' } });
    expectStatus(list, 200);
    expect(list.json()).toMatchObject({ count: 1, row: [{ id: created.id, plan: 'Plan anual', price: 600, discount: 380 }] });
    const one = await t.app.inject({ method: 'GET', url: `${signaturesUrl(eva.id)}${created.id}/`, headers: { cookie: eva.cookies } });
    expect(one.json<Signature>().id).toBe(created.id);
    const fabio = await verifiedUser(t, { name: 'Fabio Alheio' });
    const other = await t.app.inject({ method: 'GET', url: `${signaturesUrl(fabio.id)}${created.id}/`, headers: { cookie: fabio.cookies, 'accept-language': 'pt-BR' } });
    expectStatus(other, 404);
    expect(other.json()).toEqual({ errors: ['Assinatura não encontrada para esse usuário'] });
  });
});
