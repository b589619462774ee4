// POST /api/v1/users/register/ (docs/v1-contract.md §1.3, docs/api.md "register requires phone, clinic, role" deviation, docs/architecture.md §5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_COOKIE,
  API,
  PASSWORD,
  REFRESH_COOKIE,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  lang,
  latestMailTo,
  loginRequest,
  registerRequest,
  registerUser,
  registrationBody,
  sessionCookies,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
} from '#tests/utils/accounts.ts';
import { linkFrom } from '#tests/utils/smtp.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

const register = (body: Record<string, unknown>, acceptLanguage?: string, extra: Record<string, string> = {}) =>
  registerRequest(t.app, body, { headers: { ...lang(acceptLanguage), ...extra } });

async function expectErrors(body: Record<string, unknown>, errors: string[], acceptLanguage?: string) {
  const response = await register(body, acceptLanguage);
  expectStatus(response, 400);
  expect(response.json()).toEqual({ errors });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('success', () => {
  it('201 {id, isStaff:false}, signs in with v1 cookies (HttpOnly, Lax, no Secure on http), and the cookie works', async () => {
    const response = await register(registrationBody());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.stringMatching(UUID), isStaff: false });

    const cookies = sessionCookies(response);
    expect(cookies[ACCESS_COOKIE]).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[ACCESS_COOKIE]!.maxAge).toBeGreaterThanOrEqual(899);
    expect(cookies[ACCESS_COOKIE]!.maxAge).toBeLessThanOrEqual(901);
    expect(cookies[REFRESH_COOKIE]).toMatchObject({ path: '/api/v1/users/auth/token/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[REFRESH_COOKIE]!.maxAge).toBeGreaterThanOrEqual(172_799);
    expect(cookies[REFRESH_COOKIE]!.maxAge).toBeLessThanOrEqual(172_801);
    const raw = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
    expect(raw).toHaveLength(2);
    for (const header of raw) {
      expect(header).not.toMatch(/;\s*Secure/i);
      expect(header).not.toMatch(/;\s*Domain=/i);
    }
    // Tokens never travel in the body (v1 JWT_AUTH_IN_BODY=False).
    expect(response.body).not.toContain(cookies[ACCESS_COOKIE]!.value);

    const profile = await t.app.inject({ url: `${API}/users/${body.id}/`, headers: { cookie: cookieHeader(response) } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ name: 'Ana Souza', email: expect.any(String), phone: '', role: '', clinic: '', cpf: '', cnpj: '' });
  });

  it('sets Secure on both cookies when the request came over HTTPS (x-forwarded-proto, trustProxy)', async () => {
    const response = await register(registrationBody(), undefined, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(201);
    const cookies = sessionCookies(response);
    expect(cookies[ACCESS_COOKIE]!.secure).toBe(true);
    expect(cookies[REFRESH_COOKIE]!.secure).toBe(true);
  });

  it('accepts snake_case keys as v1 clients send them', async () => {
    const email = uniqueEmail('snake');
    const response = await register({
      name: 'Bruno Lima',
      email,
      confirmed_email: email,
      password1: PASSWORD,
      password2: PASSWORD,
      accept_terms: true,
      phone: '+55 11 98765-4321',
    });
    expectStatus(response, 201);
  });

  it('stores optional phone, clinic, role, CPF and CNPJ normalized, and shows them as v1 does', async () => {
    const user = await registerUser(t.app, {
      phone: '(21) 2361-2766',
      clinic: 'Clínica Nuclear Rio',
      role: 'Físico médico',
      cpf: '529.982.247-25',
      cnpj: '11222333000181',
    });
    const profile = await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } });
    expect(profile.json()).toEqual({
      name: 'Ana Souza',
      email: user.email,
      phone: '+552123612766',
      clinic: 'Clínica Nuclear Rio',
      role: 'Físico médico',
      cpf: '529.982.247-25',
      cnpj: '11.222.333/0001-81',
    });
    const phone = await t.app.inject({ url: `${API}/users/${user.id}/phone/`, headers: { cookie: user.cookies } });
    expect(phone.json()).toEqual({ phone: '+552123612766' });
  });

  it('stores the e-mail lower-cased and unverified; login works with any letter case', async () => {
    const email = uniqueEmail('Mixed.Case').replace('example.com', 'Example.COM');
    const user = await registerUser(t.app, { email });
    const status = await t.app.inject({ url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies } });
    expect(status.json()).toEqual({ email: email.toLowerCase(), verified: false });
    const signIn = await loginRequest(t.app, { email: email.toUpperCase(), password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('accepts names with accents, hyphens and apostrophes (v1 rejected the last two)', async () => {
    const response = await register(registrationBody({ name: "Ana-Maria D'Ávila" }));
    expectStatus(response, 201);
  });

  it('ignores a stale access cookie (register does not authenticate)', async () => {
    const response = await register(registrationBody(), undefined, { cookie: `${ACCESS_COOKIE}=garbage` });
    expect(response.statusCode).toBe(201);
  });
});

describe('verification mail (real SMTP)', () => {
  it.each([
    [undefined, 'Confirme o e-mail da sua conta DoseHub', 'Olá, Ana Souza!', 'Confirmar e-mail: '],
    ['en-US', 'Confirm the e-mail of your DoseHub account', 'Hello, Ana Souza!', 'Confirm e-mail: '],
    ['es', 'Confirme el correo de su cuenta DoseHub', '¡Hola, Ana Souza!', 'Confirmar correo: '],
  ])('is mailed in the request language (%s) with the link to /users/<id>/email-confirm', async (acceptLanguage, subject, greeting, action) => {
    const body = registrationBody();
    const response = await register(body, acceptLanguage);
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('warning');
    const { id } = response.json();
    const mail = await latestMailTo(t.smtp, String(body.email));
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(greeting)).toBe(true);
    expect(mail.text).toContain(action);
    expect(mail.from).toBe('DoseHub <no-reply@dosehub.test>');
    const link = linkFrom(mail, '/email-confirm');
    expect(link).toMatch(new RegExp(`^http://dosehub\\.test/users/${id}/email-confirm\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(mail.html).toContain(link);
  });
});

describe('field errors (400, "<snake_field>: <message>")', () => {
  it.each([
    [
      undefined,
      [
        'name: Este campo é obrigatório.',
        'email: Este campo é obrigatório.',
        'confirmed_email: Este campo é obrigatório.',
        'password1: Este campo é obrigatório.',
        'password2: Este campo é obrigatório.',
        'accept_terms: É preciso aceitar os termos de uso.',
      ],
    ],
    [
      'en-US',
      [
        'name: This field is required.',
        'email: This field is required.',
        'confirmed_email: This field is required.',
        'password1: This field is required.',
        'password2: This field is required.',
        'accept_terms: You must accept the terms of use.',
      ],
    ],
    [
      'es',
      [
        'name: Este campo es obligatorio.',
        'email: Este campo es obligatorio.',
        'confirmed_email: Este campo es obligatorio.',
        'password1: Este campo es obligatorio.',
        'password2: Este campo es obligatorio.',
        'accept_terms: Debe aceptar los términos de uso.',
      ],
    ],
  ])('every required field missing; a missing acceptTerms reads as not accepted (%s)', async (acceptLanguage, errors) => {
    await expectErrors({}, errors, acceptLanguage);
  });

  it.each([
    [undefined, 'email: Insira um endereço de email válido.'],
    ['en-US', 'email: Enter a valid email address.'],
    ['es', 'email: Introduzca una dirección de correo electrónico válida.'],
  ])('a malformed e-mail (%s)', async (acceptLanguage, message) => {
    const body = registrationBody();
    await expectErrors({ ...body, email: 'not-an-email' }, [message], acceptLanguage);
  });

  it.each([
    [undefined, 'confirmed_email: Os dois campos de e-mail não correspondem.'],
    ['en-US', "confirmed_email: The two e-mail fields didn't match."],
    ['es', 'confirmed_email: Los dos campos de correo no coinciden.'],
  ])('e-mail confirmation mismatch (%s)', async (acceptLanguage, message) => {
    await expectErrors(registrationBody({ confirmedEmail: uniqueEmail('other') }), [message], acceptLanguage);
  });

  it('the confirmation may differ in letter case only', async () => {
    const email = uniqueEmail('case');
    const response = await register(registrationBody({ email, confirmedEmail: email.toUpperCase() }));
    expectStatus(response, 201);
  });

  it.each([
    [undefined, 'password2: Os dois campos de senha não correspondem.'],
    ['en-US', "password2: The two password fields didn't match."],
    ['es', 'password2: Los dos campos de contraseña no coinciden.'],
  ])('password mismatch (%s)', async (acceptLanguage, message) => {
    await expectErrors(registrationBody({ password1: PASSWORD, password2: `${PASSWORD}x` }), [message], acceptLanguage);
  });

  it.each([
    ['Xy7!ab', undefined, ['password2: Esta senha é muito curta. Ela precisa conter pelo menos 8 caracteres.']],
    ['password123', undefined, ['password2: Esta senha é muito comum.']],
    ['84920571634', undefined, ['password2: Esta senha é inteiramente numérica.']],
    ['Barbosa1!', undefined, ['password2: A senha é muito parecida com o e-mail.']],
    [
      '1234567',
      undefined,
      [
        'password2: Esta senha é muito curta. Ela precisa conter pelo menos 8 caracteres.',
        'password2: Esta senha é muito comum.',
        'password2: Esta senha é inteiramente numérica.',
      ],
    ],
    ['Xy7!ab', 'en-US', ['password2: This password is too short. It must contain at least 8 characters.']],
    ['password123', 'en-US', ['password2: This password is too common.']],
    ['84920571634', 'en-US', ['password2: This password is entirely numeric.']],
    ['Barbosa1!', 'en-US', ['password2: The password is too similar to the email address.']],
    ['Xy7!ab', 'es', ['password2: Esta contraseña es demasiado corta. Debe contener al menos 8 caracteres.']],
    ['password123', 'es', ['password2: Esta contraseña es demasiado común.']],
    ['84920571634', 'es', ['password2: Esta contraseña es completamente numérica.']],
    ['Barbosa1!', 'es', ['password2: La contraseña es demasiado parecida al correo electrónico.']],
  ])('password rule: %j (%s)', async (password, acceptLanguage, errors) => {
    await expectErrors(registrationBody({ email: uniqueEmail('joaquim.barbosa'), password }), errors, acceptLanguage);
  });

  it('a password over 128 characters', async () => {
    const long = `Aa1!${'x'.repeat(130)}`;
    await expectErrors(registrationBody({ password: long }), [
      'password1: A senha pode ter no máximo 128 caracteres.',
      'password2: A senha pode ter no máximo 128 caracteres.',
    ]);
  });

  it.each([
    ['Al', undefined, 'name: O nome precisa ter no mínimo 3 caracteres.'],
    ['Al', 'en-US', 'name: The name must have at least 3 characters.'],
    ['Al', 'es', 'name: El nombre debe tener al menos 3 caracteres.'],
    ['Ana 2', undefined, 'name: O nome não pode ter números nem símbolos.'],
    ['Ana 2', 'en-US', 'name: The name cannot contain numbers or symbols.'],
    ['Ana 2', 'es', 'name: El nombre no puede contener números ni símbolos.'],
    ['Ana@Souza', undefined, 'name: O nome não pode ter números nem símbolos.'],
    ['A'.repeat(151), undefined, 'name: O nome pode ter no máximo 150 caracteres.'],
  ])('name %j (%s)', async (name, acceptLanguage, message) => {
    await expectErrors(registrationBody({ name }), [message], acceptLanguage);
  });

  it.each([
    [false, undefined, 'accept_terms: É preciso aceitar os termos de uso.'],
    [false, 'en-US', 'accept_terms: You must accept the terms of use.'],
    [false, 'es', 'accept_terms: Debe aceptar los términos de uso.'],
    ['true', undefined, 'accept_terms: É preciso aceitar os termos de uso.'],
  ])('acceptTerms %j (%s)', async (acceptTerms, acceptLanguage, message) => {
    await expectErrors(registrationBody({ acceptTerms }), [message], acceptLanguage);
  });

  it.each([
    [{ cpf: '123.456.789-00' }, undefined, 'cpf: CPF inválido.'],
    [{ cpf: '111.111.111-11' }, 'en-US', 'cpf: CPF invalid.'],
    [{ cpf: '5299822472' }, 'es', 'cpf: CPF inválido.'],
    [{ cnpj: '11.222.333/0001-80' }, undefined, 'cnpj: CNPJ inválido.'],
    [{ cnpj: '11.222.333/0001-80' }, 'en-US', 'cnpj: CNPJ invalid.'],
    [{ cnpj: '11.222.333/0001-80' }, 'es', 'cnpj: CNPJ inválido.'],
    [{ phone: 'abc' }, undefined, 'phone: Informe um número de telefone válido, com DDD (ex.: +55 11 98765-4321).'],
    [{ phone: '12345' }, 'en-US', 'phone: Enter a valid phone number with its area code (e.g. +55 11 98765-4321).'],
    [{ phone: '+55 00 1234-5678' }, 'es', 'phone: Introduzca un número de teléfono válido, con código de área (ej.: +55 11 98765-4321).'],
    [{ clinic: 'x'.repeat(81) }, undefined, 'clinic: Este campo pode ter no máximo 80 caracteres.'],
    [{ role: 'x'.repeat(81) }, 'en-US', 'role: This field can have at most 80 characters.'],
  ])('optional field %j (%s)', async (fields, acceptLanguage, message) => {
    await expectErrors(registrationBody(fields), [message], acceptLanguage);
  });

  it.each([
    [undefined, 'name: Tipo de valor inválido.'],
    ['en-US', 'name: Invalid value type.'],
  ])('a value of the wrong JSON type is "invalid type", not "required" (%s)', async (acceptLanguage, message) => {
    await expectErrors(registrationBody({ name: 12345 }), [message], acceptLanguage);
  });

  it('reports every schema error at once, in field order', async () => {
    await expectErrors({ name: 'A1', email: 'bad', confirmedEmail: 'bad', password1: 'x', password2: 'y', acceptTerms: true, cpf: '1' }, [
      'name: O nome precisa ter no mínimo 3 caracteres.',
      'name: O nome não pode ter números nem símbolos.',
      'email: Insira um endereço de email válido.',
      'confirmed_email: Insira um endereço de email válido.',
      'cpf: CPF inválido.',
    ]);
  });
});

describe('uniqueness', () => {
  it.each([
    [undefined, 'email: Usuário com este Endereço de email já existe.', 'cpf: CPF já existe'],
    ['en-US', 'email: User with this Email address already exists.', 'cpf: CPF already exists'],
    ['es', 'email: Ya existe un usuario con este correo electrónico.', 'cpf: CPF ya existe'],
  ])('a taken e-mail (any letter case) and a taken CPF (any mask) (%s)', async (acceptLanguage, emailMessage, cpfMessage) => {
    const cpf = { [String(undefined)]: '111.444.777-35', 'en-US': '12345678909', es: '390.533.447-05' }[String(acceptLanguage)]!;
    const first = await registerUser(t.app, { cpf });
    const upper = first.email.toUpperCase();
    await expectErrors(registrationBody({ email: upper, confirmedEmail: upper }), [emailMessage], acceptLanguage);
    await expectErrors(registrationBody({ cpf: cpf.replace(/\D/g, '') }), [cpfMessage], acceptLanguage);
    await expectErrors(registrationBody({ email: first.email, cpf }), [emailMessage, cpfMessage], acceptLanguage);
  });

  it('two simultaneous registrations with the same e-mail: one 201, the other the 400 "taken" answer (never 500)', async () => {
    const body = registrationBody({ email: uniqueEmail('race') });
    const responses = await Promise.all([register(body), register(body)]);
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect({ statuses, bodies: responses.map((response) => response.body) }).toEqual({ statuses: [201, 400], bodies: expect.anything() });
    const rejected = responses.find((response) => response.statusCode === 400)!;
    expect(rejected.json()).toEqual({ errors: ['email: Usuário com este Endereço de email já existe.'] });
  });
});

describe('method and rate limit', () => {
  // docs/v1-contract.md §1.3: "405 for GET/PUT/PATCH/DELETE". Here /users/:uid/ (GET, PATCH) also matches /users/register/.
  it('GET and PATCH → 405 (not the uid validation error of /users/:uid/)', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await t.app.inject({ method, url: `${API}/users/register/`, ...(method === 'PATCH' ? { payload: {} } : {}) });
      expectStatus(response, 405, `${method}: ${response.body}`);
      expect(response.json()).toEqual({ errors: [`Método "${method}" não permitido.`] });
    }
  });

  it('PUT and DELETE → 405 with Allow: POST only', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `${API}/users/register/` });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
    }
  });

  it('the 11th registration attempt from one address within an hour → 429 with Retry-After; other addresses are unaffected', async () => {
    const ip = uniqueIp();
    // Attempts that pass the schema count, even when a cross-field rule refuses them (cheap: no hashing).
    const mismatch = () => registerRequest(t.app, registrationBody({ password2: 'Other-Passw0rd!' }), { remoteAddress: ip });
    for (let attempt = 1; attempt <= 10; attempt++) expect((await mismatch()).statusCode).toBe(400);
    const limited = await mismatch();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: ['Muitas requisições. Tente novamente mais tarde.'] });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const english = await registerRequest(t.app, registrationBody(), { remoteAddress: ip, headers: lang('en-US') });
    expect(english.statusCode).toBe(429);
    expect(english.json()).toEqual({ errors: ['Too many requests. Please try again later.'] });
    const spanish = await registerRequest(t.app, registrationBody(), { remoteAddress: ip, headers: lang('es') });
    expect(spanish.json()).toEqual({ errors: ['Demasiadas solicitudes. Inténtelo de nuevo más tarde.'] });

    const elsewhere = await registerRequest(t.app, registrationBody(), { remoteAddress: uniqueIp() });
    expect(elsewhere.statusCode).toBe(201);
  });
});
