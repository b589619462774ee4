// The public contact form (docs/v1-contract.md §1.20 with docs/api.md's deviations): v1's fields, checks, order and
// messages, translated; stored for the staff inbox and mailed to the company through the mail queue; rate-limited
// per client address and per e-mail address.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#server/db/schema.ts';
import { LIMITS } from '#server/plugins/rate-limit.ts';
import { API, createMailingTestApp, expectStatus, lang, uniqueEmail, uniqueIp, type MailingTestApp } from '#tests/utils/accounts.ts';

const COMPANY = 'no-reply@dosehub.test';
const URL = `${API}/contact/`;
const contactBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Júlia Contato',
  email: uniqueEmail('julia'),
  role: 'física médica',
  clinic: 'Clínica Sol',
  phone: '+5511987654321',
  subject: 'Dosimetria com Lu-177',
  message: 'Gostaria de saber prazos.\nObrigada!',
  ...overrides,
});

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

/** From an address of its own unless given, so that the per-address limit does not leak between tests. */
const postContact = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object, remoteAddress });
const contactMails = (email: string) => t.smtp.messagesTo(COMPANY).filter((mail) => mail.subject === 'Contato' && mail.text.includes(email));
const errorsOf = async (payload: unknown, acceptLanguage?: string) => {
  const response = await postContact(payload, lang(acceptLanguage));
  expectStatus(response, 400);
  return response.json<{ errors: string[] }>().errors;
};

describe('a message that passes', () => {
  it('→ 204 without a body; stored; the company gets "Contato" with every field, answering to the visitor', async () => {
    const body = contactBody({ message: 'Olá <equipe>,\nqueremos dosimetria.' });
    const response = await postContact(body, lang('es'));
    expectStatus(response, 204);
    expect(response.body).toBe('');

    await t.app.mailQueue.idle();
    const [mail, ...others] = contactMails(body.email);
    expect(others).toEqual([]);
    expect(mail!.envelope.to).toEqual([COMPANY]);
    expect(mail!.headers['reply-to']).toContain(body.email);
    for (const line of ['Nome completo: Júlia Contato', `E-mail: ${body.email}`, 'Cargo: física médica', 'Clínica: Clínica Sol', 'Telefone: +55 (11) 98765-4321', 'Assunto: Dosimetria com Lu-177']) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toContain('Mensagem:\nOlá <equipe>,\nqueremos dosimetria.');
    expect(mail!.html).toContain('Olá &lt;equipe&gt;');

    const [stored] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(stored).toMatchObject({ fullName: 'Júlia Contato', subject: 'Dosimetria com Lu-177', language: 'es' });
  });

  it('a Brazilian number without +55 is taken as one; surrounding spaces are trimmed; an invalid session cookie changes nothing', async () => {
    const body = contactBody({ phone: '(21) 98765-4321', fullName: '  Caio Espaços  ' });
    expectStatus(await postContact(body, { cookie: 'jwt-access-token=not-a-token' }), 204);
    const [stored] = await t.app.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).where(eq(contactMessages.email, body.email));
    expect(stored).toMatchObject({ phone: '+5521987654321', fullName: 'Caio Espaços' });
  });

  it('the limits are inclusive', async () => {
    const body = contactBody({ fullName: 'a'.repeat(200), role: 'r'.repeat(30), clinic: 'c'.repeat(30), subject: 's'.repeat(200), message: 'm'.repeat(1000) });
    expectStatus(await postContact(body), 204);
  });
});

describe("v1's checks, in v1's order", () => {
  it.each([
    [undefined, 'Este campo é obrigatório.'],
    ['en-US', 'This field is required.'],
    ['es', 'Este campo es obligatorio.'],
  ])('an empty body → every field required, in the form\'s order (%s)', async (language, message) => {
    expect(await errorsOf({}, language)).toEqual(['full_name', 'email', 'role', 'clinic', 'phone', 'subject', 'message'].map((field) => `${field}: ${message}`));
  });

  it('blank fields are missing ones', async () => {
    expect(await errorsOf(contactBody({ fullName: '   ', email: '', phone: ' ' }), 'en-US')).toEqual([
      'full_name: This field is required.',
      'email: This field is required.',
      'phone: This field is required.',
    ]);
  });

  it.each([
    ['full_name', { fullName: 'a'.repeat(201) }, 200],
    ['role', { role: 'r'.repeat(31) }, 30],
    ['clinic', { clinic: 'c'.repeat(31) }, 30],
    ['subject', { subject: 's'.repeat(201) }, 200],
    ['message', { message: 'm'.repeat(1001) }, 1000],
  ])('%s over its limit → Django\'s message', async (field, change, max) => {
    expect(await errorsOf(contactBody(change), 'en-US')).toEqual([`${field}: Ensure this field has no more than ${max} characters.`]);
  });

  it.each([
    [undefined, ['email: Insira um endereço de email válido.', 'phone: Informe um número de telefone válido, com DDD (ex.: +55 11 98765-4321).']],
    ['en-US', ['email: Enter a valid email address.', 'phone: Enter a valid phone number with its area code (e.g. +55 11 98765-4321).']],
    ['es', ['email: Introduzca una dirección de correo electrónico válida.', 'phone: Introduzca un número de teléfono válido, con código de área (ej.: +55 11 98765-4321).']],
  ])('an invalid e-mail and phone (%s)', async (language, messages) => {
    expect(await errorsOf(contactBody({ email: 'julia@', phone: '123' }), language)).toEqual(messages);
  });

  it('a refused message is neither stored nor mailed', async () => {
    const email = uniqueEmail('refused');
    await errorsOf(contactBody({ email, message: '' }));
    expect(await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    await t.app.mailQueue.idle();
    expect(contactMails(email)).toEqual([]);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'] as const)('%s → 405 with Allow: POST', async (method) => {
    const response = await t.app.inject({ method, url: URL, headers: lang('en-US'), payload: method === 'GET' ? undefined : {} });
    expectStatus(response, 405);
    expect(response.headers.allow).toBe('POST');
  });
});

describe('rate limit per e-mail address', () => {
  it.each([
    ['pt-BR', 'Muitas requisições. Tente novamente mais tarde.'],
    ['en-US', 'Too many requests. Please try again later.'],
    ['es', 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.'],
  ])('the 6th message of an address in an hour → 429 with Retry-After, not stored (%s)', async (language, message) => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expectStatus(await postContact(contactBody({ email, subject: `n${i}` })), 204);
    const refused = await postContact(contactBody({ email: email.toUpperCase(), subject: 'n5' }), lang(language));
    expectStatus(refused, 429);
    expect(refused.json()).toEqual({ errors: [message] });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(5);
    await t.app.mailQueue.idle();
    expect(contactMails(email)).toHaveLength(5);

    expectStatus(await postContact(contactBody({ subject: 'another address' })), 204);
  });
});

describe('rate limit per client address', () => {
  const perAddress = LIMITS.contactByIp('any').limit;

  it.each([
    ['pt-BR', 'Muitas requisições. Tente novamente mais tarde.'],
    ['en-US', 'Too many requests. Please try again later.'],
    ['es', 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.'],
  ])(`one address, a new e-mail each time: the message after ${perAddress} in an hour → 429 with Retry-After, not stored nor mailed (%s)`, async (language, message) => {
    const address = uniqueIp();
    for (let i = 0; i < perAddress; i++) expectStatus(await postContact(contactBody({ subject: `n${i}` }), {}, address), 204);
    const flood = contactBody();
    const refused = await postContact(flood, lang(language), address);
    expectStatus(refused, 429);
    expect(refused.json()).toEqual({ errors: [message] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, flood.email))).toEqual([]);
    expect(contactMails(flood.email)).toEqual([]);

    expectStatus(await postContact(contactBody()), 204);
  });

  it('behind a proxy (TRUST_PROXY, on in the tests) the address X-Forwarded-For names is the one counted', async () => {
    const client = uniqueIp();
    const forwarded = { 'x-forwarded-for': client };
    // Through several proxy addresses: still one client.
    for (let i = 0; i < perAddress; i++) expectStatus(await postContact(contactBody(), forwarded), 204);
    expectStatus(await postContact(contactBody(), forwarded), 429);
    expectStatus(await postContact(contactBody(), { 'x-forwarded-for': uniqueIp() }), 204);
  });
});

describe('replays', () => {
  it('the same Idempotency-Key twice → the stored 204 again; one message, one mail', async () => {
    const body = contactBody();
    const headers = { 'idempotency-key': `contact-${body.email}` };
    expectStatus(await postContact(body, headers), 204);
    const again = await postContact(body, headers);
    expectStatus(again, 204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, body.email))).toHaveLength(1);
    await t.app.mailQueue.idle();
    expect(contactMails(body.email)).toHaveLength(1);
  });
});
