// Subscriptions (docs/v1-contract.md §1.16 with docs/api.md's deviations): the plan comes from the catalog, a
// verified e-mail is needed, one per plan (v1's message), the company gets "Nova assinatura", the user a notice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signature } from '#shared/schemas/signatures.ts';
import { API, createMailingTestApp, expectStatus, lang, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';

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
    const ana = await verifiedUser(t, { name: 'Ana Assinante', cpf: uniqueCpf(), clinic: 'Clínica Sol' });
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
    const bia = await verifiedUser(t, { name: 'Bia Repetida', cpf: uniqueCpf() });
    expectStatus(await subscribe(bia, { plan: 'yearly' }), 201);
    const again = await subscribe(bia, { plan: 'yearly' }, language);
    expectStatus(again, 409);
    expect(again.json()).toEqual({ errors: [message] });
    await expect.poll(() => signatureMails(bia.email)).toHaveLength(1);
    expectStatus(await subscribe(bia, { plan: 'monthly' }), 201);
  });

  it('a checkout queued offline and sent twice with its id creates one subscription (200 on the replay)', async () => {
    const caio = await verifiedUser(t, { name: 'Caio Offline', cpf: uniqueCpf() });
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
    const dani = await verifiedUser(t, { name: 'Dani Dúvida', cpf: uniqueCpf() });
    const unknown = await subscribe(dani, { plan: 'platinum' }, 'en-US');
    expectStatus(unknown, 400);
    expect(unknown.json()).toEqual({ errors: ['plan: Plan not found.'] });
    const missing = await subscribe(dani, {}, 'en-US');
    expectStatus(missing, 400);
    expect(missing.json()).toEqual({ errors: ['plan: This field is required.'] });
  });
});

describe("the payer's CPF or CNPJ (the trial's end bill names it)", () => {
  const profileOf = async (user: User) => (await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } })).json<{ cpf: string; cnpj: string; billed?: string[] }>();

  it.each([
    ['pt-BR', 'cpf: O perfil do pagador não tem CPF nem CNPJ: envie um válido em cpf ou cnpj.'],
    ['en-US', "cpf: The payer's profile has no CPF or CNPJ: send a valid one in cpf or cnpj."],
  ])('a profile with neither and none in the body → 400 naming cpf, nothing created (%s)', async (language, message) => {
    const gil = await verifiedUser(t, { name: 'Gil Semdoc' });
    const refused = await subscribe(gil, { plan: 'monthly' }, language);
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ errors: [message] });
    const list = await t.app.inject({ url: signaturesUrl(gil.id), headers: { cookie: gil.cookies } });
    expect(list.json<{ count: number }>().count).toBe(0);
  });

  it('an invalid CPF or CNPJ → 400 at its field, translated', async () => {
    const hugo = await verifiedUser(t, { name: 'Hugo Errado' });
    const cpf = await subscribe(hugo, { plan: 'monthly', cpf: '111.111.111-11' }, 'en-US');
    expectStatus(cpf, 400);
    expect(cpf.json()).toEqual({ errors: [expect.stringMatching(/^cpf: /)] });
    const cnpj = await subscribe(hugo, { plan: 'monthly', cnpj: '11.222.333/0001-00' }, 'en-US');
    expectStatus(cnpj, 400);
    expect(cnpj.json()).toEqual({ errors: [expect.stringMatching(/^cnpj: /)] });
  });

  it("the body's CPF is kept on the profile; once a bill names it, it is read-only there", async () => {
    const iris = await verifiedUser(t, { name: 'Iris Pagadora' });
    const cpf = uniqueCpf();
    expectStatus(await subscribe(iris, { plan: 'monthly', cpf }), 201);
    expect((await profileOf(iris)).cpf.replace(/\D/g, '')).toBe(cpf.replace(/\D/g, ''));
    await t.app.runSubscriptionLifecycle(new Date(Date.now() + 31 * 86_400_000));
    expect((await profileOf(iris)).billed).toEqual(['cpf']);
    const change = await t.app.inject({ method: 'PATCH', url: `${API}/users/${iris.id}/`, headers: { cookie: iris.cookies }, payload: { cpf: uniqueCpf() } });
    expectStatus(change, 409);
  });

  it("a CNPJ in the body for a profile with neither is kept; another CPF than the profile's → 409; another user's CPF → 400", async () => {
    const jade = await verifiedUser(t, { name: 'Jade Clínica' });
    expectStatus(await subscribe(jade, { plan: 'yearly', cnpj: '11.222.333/0001-81' }), 201);
    expect((await profileOf(jade)).cnpj).toBe('11.222.333/0001-81');
    const kai = await verifiedUser(t, { name: 'Kai Outro', cpf: uniqueCpf() });
    const differs = await subscribe(kai, { plan: 'monthly', cpf: uniqueCpf() }, 'en-US');
    expectStatus(differs, 409);
    expect(differs.json()).toEqual({ errors: ["cpf: The payer's profile already has another CPF."] });
    const taken = uniqueCpf();
    await verifiedUser(t, { name: 'Lia Dona', cpf: taken });
    const mel = await verifiedUser(t, { name: 'Mel Copia' });
    const refused = await subscribe(mel, { plan: 'monthly', cpf: taken }, 'en-US');
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ errors: [expect.stringMatching(/^cpf: /)] });
  });
});

describe('reading', () => {
  it("the list holds the user's subscriptions; one by id; another user's → 404 with v1's message", async () => {
    const eva = await verifiedUser(t, { name: 'Eva Leitora', cpf: uniqueCpf() });
    const created = (await subscribe(eva, { plan: 'yearly' })).json<Signature>();
    const list = await t.app.inject({ method: 'GET', url: signaturesUrl(eva.id), headers: { cookie: eva.cookies, 'accept-language': 'es' } });
    expectStatus(list, 200);
    expect(list.json()).toMatchObject({ count: 1, row: [{ id: created.id, plan: 'Plan anual', price: 600, discount: 380 }] });
    const one = await t.app.inject({ method: 'GET', url: `${signaturesUrl(eva.id)}${created.id}/`, headers: { cookie: eva.cookies } });
    expect(one.json<Signature>().id).toBe(created.id);
    const fabio = await verifiedUser(t, { name: 'Fabio Alheio', cpf: uniqueCpf() });
    const other = await t.app.inject({ method: 'GET', url: `${signaturesUrl(fabio.id)}${created.id}/`, headers: { cookie: fabio.cookies, 'accept-language': 'pt-BR' } });
    expectStatus(other, 404);
    expect(other.json()).toEqual({ errors: ['Assinatura não encontrada para esse usuário'] });
  });
});
