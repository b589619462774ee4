// Profile, e-mail and phone of the signed-in user (docs/v1-contract.md §1.9–1.11; docs/api.md conventions; docs/domain.md alphanumeric CNPJ).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  API,
  PASSWORD,
  createMailingTestApp,
  expectStatus,
  lang,
  latestLinkTo,
  loginRequest,
  registerUser,
  tokenOf,
  uniqueEmail,
  verifyEmail,
  type MailingTestApp,
  type SignedInUser,
  mailsAfter,
} from '#tests/utils/accounts.ts';

let t: MailingTestApp;
let carla: SignedInUser;
let other: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  [carla, other] = await Promise.all([
    registerUser(t.app, { name: 'Carla Dias' }),
    registerUser(t.app, { name: 'Outro Usuario', cpf: '111.444.777-35' }),
  ]);
});
afterAll(() => t?.close());

const get = (user: SignedInUser, suffix = '', acceptLanguage?: string) =>
  t.app.inject({ url: `${API}/users/${user.id}/${suffix}`, headers: { cookie: user.cookies, ...lang(acceptLanguage) } });
const patch = (user: SignedInUser, suffix: string, payload: Record<string, unknown>, acceptLanguage?: string) =>
  t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/${suffix}`, headers: { cookie: user.cookies, ...lang(acceptLanguage) }, payload });

async function expectPatchErrors(user: SignedInUser, suffix: string, payload: Record<string, unknown>, errors: string[], acceptLanguage?: string) {
  const response = await patch(user, suffix, payload, acceptLanguage);
  expectStatus(response, 400);
  expect(response.json()).toEqual({ errors });
}

describe('GET /users/{uid}/', () => {
  it('answers the v1 shape: name, phone, role, clinic, email, cpf, cnpj (no id, no verified flag)', async () => {
    const response = await get(carla);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Carla Dias', phone: '', role: '', clinic: '', email: carla.email, cpf: '', cnpj: '' });
  });
});

describe('PATCH /users/{uid}/', () => {
  it('204 with no body; updates name, clinic, role, CPF and CNPJ; omitted fields keep their value; "" clears', async () => {
    const response = await patch(carla, '', { name: 'Carla Dias Neto', clinic: 'Clínica Sol', role: 'Físico', cpf: '52998224725', cnpj: '11.222.333/0001-81' });
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expect((await get(carla)).json()).toEqual({
      name: 'Carla Dias Neto',
      phone: '',
      role: 'Físico',
      clinic: 'Clínica Sol',
      email: carla.email,
      cpf: '529.982.247-25',
      cnpj: '11.222.333/0001-81',
    });

    expect((await patch(carla, '', { role: 'Radiofarmacêutica' })).statusCode).toBe(204);
    expect((await get(carla)).json()).toMatchObject({ name: 'Carla Dias Neto', role: 'Radiofarmacêutica', clinic: 'Clínica Sol', cpf: '529.982.247-25', cnpj: '11.222.333/0001-81' });

    expect((await patch(carla, '', { cpf: '', cnpj: '', clinic: '', role: '' })).statusCode).toBe(204);
    expect((await get(carla)).json()).toEqual({ name: 'Carla Dias Neto', phone: '', role: '', clinic: '', email: carla.email, cpf: '', cnpj: '' });
  });

  it('ignores e-mail and phone here (they have their own routes)', async () => {
    const response = await patch(carla, '', { email: uniqueEmail('sneaky'), phone: '+55 11 98765-4321' });
    expect(response.statusCode).toBe(204);
    expect((await get(carla)).json()).toMatchObject({ email: carla.email, phone: '' });
  });

  it('accepts the alphanumeric CNPJ in any case and mask, stores it upper-case, shows it masked', async () => {
    expect((await patch(carla, '', { cnpj: '12.abc.345/01de-35' })).statusCode).toBe(204);
    const [row] = await t.app.db.select({ cnpj: users.cnpj }).from(users).where(eq(users.id, carla.id));
    expect(row!.cnpj).toBe('12ABC34501DE35');
    expect((await get(carla)).json().cnpj).toBe('12.ABC.345/01DE-35');
    expect((await patch(carla, '', { cnpj: '12ABC34501DE35' })).statusCode).toBe(204);
    expect((await patch(carla, '', { cnpj: '' })).statusCode).toBe(204);
  });

  it.each([
    [{ cpf: '123.456.789-00' }, undefined, ['cpf: CPF inválido.']],
    [{ cpf: '529.982.247-2' }, 'en-US', ['cpf: CPF invalid.']],
    [{ cnpj: '12.ABC.345/01DE-36' }, undefined, ['cnpj: CNPJ inválido.']],
    [{ cnpj: '11.222.333/0001-80' }, 'en-US', ['cnpj: CNPJ invalid.']],
    [{ cnpj: '11.222.333/0001-80' }, 'es', ['cnpj: CNPJ inválido.']],
    [{ name: 'Jo' }, undefined, ['name: O nome precisa ter no mínimo 3 caracteres.']],
    [{ name: '' }, undefined, ['name: O nome precisa ter no mínimo 3 caracteres.', 'name: O nome não pode ter números nem símbolos.']],
    [{ name: 'R2 D2' }, 'en-US', ['name: The name cannot contain numbers or symbols.']],
    [{ clinic: 'c'.repeat(81) }, undefined, ['clinic: Este campo pode ter no máximo 80 caracteres.']],
  ])('%j → 400 (%s)', async (payload, acceptLanguage, errors) => {
    await expectPatchErrors(carla, '', payload, errors, acceptLanguage);
  });

  it.each([
    [undefined, 'cpf: CPF já existe'],
    ['en-US', 'cpf: CPF already exists'],
    ['es', 'cpf: CPF ya existe'],
  ])("another user's CPF, in any mask → 400 (%s); one's own CPF again is fine", async (acceptLanguage, message) => {
    await expectPatchErrors(carla, '', { cpf: '11144477735' }, [message], acceptLanguage);
    await expectPatchErrors(carla, '', { cpf: '111.444.777-35', name: 'Carla Dias' }, [message], acceptLanguage);
    expect((await patch(other, '', { cpf: '111.444.777-35' })).statusCode).toBe(204);
    expect((await get(other)).json().cpf).toBe('111.444.777-35');
  });

  // docs/api.md conventions: "Mutable resources carry a version; GET returns ETag; a PUT/PATCH with a stale If-Match → 412."
  it('GET returns an ETag, and a PATCH with a stale If-Match → 412', async () => {
    const first = await get(carla);
    expect(first.headers).toHaveProperty('etag');
    const etag = first.headers.etag;
    expect((await t.app.inject({ method: 'PATCH', url: `${API}/users/${carla.id}/`, headers: { cookie: carla.cookies, 'if-match': String(etag) }, payload: { role: 'a' } })).statusCode).toBe(204);
    const stale = await t.app.inject({ method: 'PATCH', url: `${API}/users/${carla.id}/`, headers: { cookie: carla.cookies, 'if-match': String(etag) }, payload: { role: 'b' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ errors: ['O recurso foi alterado por outra pessoa. Recarregue e tente de novo.'] });
  });
});

describe('e-mail', () => {
  it('GET → {email, verified}', async () => {
    const response = await get(carla, 'email/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: carla.email, verified: false });
  });

  it('PATCH → 204; the new address is stored lower-case and unverified, and gets the verification mail in the request language', async () => {
    const user = await registerUser(t.app, { name: 'Davi Troca' });
    await verifyEmail(t.app, t.smtp, user);
    expect((await get(user, 'email/')).json()).toEqual({ email: user.email, verified: true });
    const oldMails = t.smtp.messagesTo(user.email).length;
    const oldLink = await latestLinkTo(t.smtp, user.email, 'email-confirm');

    const newEmail = uniqueEmail('davi.novo');
    const response = await patch(user, 'email/', { email: newEmail.toUpperCase() }, 'en-US');
    expectStatus(response, 204);
    expect((await get(user, 'email/')).json()).toEqual({ email: newEmail, verified: false });

    const mails = await mailsAfter(t.smtp, newEmail, 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm the e-mail of your DoseHub account');
    expect(t.smtp.messagesTo(user.email)).toHaveLength(oldMails);

    // The new link verifies the new address; the one mailed to the old address is spent.
    const link = await latestLinkTo(t.smtp, newEmail, `/users/${user.id}/email-confirm`);
    expect(link).not.toBe(oldLink);
    const verify = await t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/email/verify/`, payload: { token: tokenOf(link) } });
    expect(verify.statusCode).toBe(200);
    expect((await get(user, 'email/')).json()).toEqual({ email: newEmail, verified: true });

    // Sign-in follows the address.
    expect((await loginRequest(t.app, { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect((await loginRequest(t.app, { email: user.email, password: PASSWORD })).statusCode).toBe(400);
  });

  it('a pending verification link mailed to the old address stops working after a change', async () => {
    const user = await registerUser(t.app, { name: 'Eva Pendente' });
    const oldToken = tokenOf(await latestLinkTo(t.smtp, user.email, 'email-confirm'));
    expect((await patch(user, 'email/', { email: uniqueEmail('eva.nova') })).statusCode).toBe(204);
    const verify = await t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/email/verify/`, payload: { token: oldToken } });
    expect(verify.statusCode).toBe(400);
    expect((await get(user, 'email/')).json().verified).toBe(false);
  });

  it.each([
    [undefined, 'email: Usuário com este Endereço de email já existe.'],
    ['en-US', 'email: User with this Email address already exists.'],
    ['es', 'email: Ya existe un usuario con este correo electrónico.'],
  ])("another user's address (any case) → 400 (%s), nothing changes", async (acceptLanguage, message) => {
    await expectPatchErrors(carla, 'email/', { email: other.email.toUpperCase() }, [message], acceptLanguage);
    expect((await get(carla, 'email/')).json().email).toBe(carla.email);
  });

  it.each([
    [{ email: 'not-an-email' }, undefined, 'email: Insira um endereço de email válido.'],
    [{ email: 'not-an-email' }, 'es', 'email: Introduzca una dirección de correo electrónico válida.'],
    [{}, undefined, 'email: Este campo é obrigatório.'],
    [{}, 'en-US', 'email: This field is required.'],
  ])('%j → 400 (%s)', async (payload, acceptLanguage, message) => {
    await expectPatchErrors(carla, 'email/', payload, [message], acceptLanguage);
  });
});

describe('phone', () => {
  it('GET → {phone: ""} before one is set', async () => {
    const response = await get(carla, 'phone/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ phone: '' });
  });

  it.each([
    ['+55 11 98765-4321', '+5511987654321'],
    ['(21) 2361-2766', '+552123612766'],
    ['21 98765 4321', '+5521987654321'],
    ['+552123612766', '+552123612766'],
    ['+1 (212) 555-2368', '+12125552368'],
  ])('PATCH %j → 204, stored as E.164 %j', async (phone, stored) => {
    const response = await patch(carla, 'phone/', { phone });
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expect((await get(carla, 'phone/')).json()).toEqual({ phone: stored });
    expect((await get(carla)).json().phone).toBe(stored);
  });

  it.each([
    ['abc', undefined, 'phone: Informe um número de telefone válido, com DDD (ex.: +55 11 98765-4321).'],
    ['12345', 'en-US', 'phone: Enter a valid phone number with its area code (e.g. +55 11 98765-4321).'],
    ['+55 00 1234-5678', 'es', 'phone: Introduzca un número de teléfono válido, con código de área (ej.: +55 11 98765-4321).'],
    ['+55 11 8765-43210', undefined, 'phone: Informe um número de telefone válido, com DDD (ex.: +55 11 98765-4321).'],
    ['', undefined, 'phone: Informe um número de telefone válido, com DDD (ex.: +55 11 98765-4321).'],
  ])('PATCH %j → 400 (%s), the stored phone is kept', async (phone, acceptLanguage, message) => {
    const before = (await get(carla, 'phone/')).json();
    await expectPatchErrors(carla, 'phone/', { phone }, [message], acceptLanguage);
    expect((await get(carla, 'phone/')).json()).toEqual(before);
  });

  it.each([
    [undefined, 'phone: Este campo é obrigatório.'],
    ['en-US', 'phone: This field is required.'],
  ])('PATCH without phone → 400 (%s)', async (acceptLanguage, message) => {
    await expectPatchErrors(carla, 'phone/', {}, [message], acceptLanguage);
  });
});
