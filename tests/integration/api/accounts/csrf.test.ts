// CSRF (docs/architecture.md §5): unsafe methods with a cross-site Origin / Sec-Fetch-Site are refused; no text/plain parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  PASSWORD,
  createMailingTestApp,
  expectStatus,
  lang,
  registrationBody,
  registerUser,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';

let t: MailingTestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  user = await registerUser(t.app, { name: 'Clara Origem' });
});
afterAll(() => t?.close());

const CROSS_SITE = {
  'pt-BR': 'Requisição de outro site recusada.',
  'en-US': 'Cross-site request refused.',
  es: 'Solicitud de otro sitio rechazada.',
};

/** Every unsafe accounts route, with a body it would otherwise accept. */
const unsafeRoutes = (): Array<{ method: 'POST' | 'PATCH'; url: string; payload: Record<string, unknown> }> => [
  { method: 'POST', url: `${API}/users/register/`, payload: registrationBody() },
  { method: 'POST', url: `${API}/users/login/`, payload: { email: user.email, password: PASSWORD } },
  { method: 'POST', url: `${API}/users/auth/token/refresh/`, payload: {} },
  { method: 'POST', url: `${API}/users/auth/token/logout/`, payload: {} },
  { method: 'POST', url: `${API}/users/auth/reset_password/`, payload: { email: user.email } },
  { method: 'POST', url: `${API}/users/${user.id}/reset_password_confirm/`, payload: { token: 'x', newPassword1: 'Abc-12345-x', newPassword2: 'Abc-12345-x' } },
  { method: 'POST', url: `${API}/users/${user.id}/email/verify/`, payload: { token: 'x' } },
  { method: 'POST', url: `${API}/users/${user.id}/email/resend/`, payload: {} },
  { method: 'POST', url: `${API}/users/${user.id}/change_password/`, payload: { oldPassword: PASSWORD, newPassword1: 'Evil-Password-99', newPassword2: 'Evil-Password-99' } },
  { method: 'PATCH', url: `${API}/users/${user.id}/`, payload: { name: 'Evil Name' } },
  { method: 'PATCH', url: `${API}/users/${user.id}/email/`, payload: { email: uniqueEmail('evil') } },
  { method: 'PATCH', url: `${API}/users/${user.id}/phone/`, payload: { phone: '+55 11 90000-0000' } },
];

describe('cross-site requests', () => {
  it.each([
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null', { origin: 'null' }],
    ['an Origin with another port', { origin: 'http://localhost:8081' }],
    ['an Origin with another scheme', { origin: 'https://localhost:80' }],
  ])('%s → 403 on every unsafe route, with the session cookie, and nothing changes', async (_case, headers) => {
    const before = (await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } })).json();
    const mails = t.smtp.messages.length;
    for (const route of unsafeRoutes()) {
      const response = await t.app.inject({ ...route, headers: { cookie: user.cookies, ...headers }, remoteAddress: uniqueIp() });
      expectStatus(response, 403, `${route.method} ${route.url}: ${response.body}`);
      expect(response.json()).toEqual({ errors: [CROSS_SITE['pt-BR']] });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies } })).json()).toEqual(before);
    expect(t.smtp.messages.length).toBe(mails);
  });

  it.each([
    ['en-US', CROSS_SITE['en-US']],
    ['es', CROSS_SITE.es],
  ])('the refusal is translated (%s)', async (acceptLanguage, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/login/`,
      headers: { origin: 'https://evil.example', ...lang(acceptLanguage) },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('safe methods are not refused (reads are protected by CORS, not by this check)', async () => {
    const response = await t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('same-origin requests pass', () => {
  const loginWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${API}/users/login/`, headers, payload: { email: user.email, password: PASSWORD }, remoteAddress: uniqueIp() });

  it.each([
    ['no Origin, no Fetch Metadata (curl, old clients)', {}],
    ['Origin equal to the request origin (inject sends Host: localhost:80)', { origin: 'http://localhost:80' }],
    ['Origin of the Host header', { host: 'dosehub.test', origin: 'http://dosehub.test' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: none (typed URL / bookmark)', { 'sec-fetch-site': 'none' }],
    [
      'behind the proxy: Origin of X-Forwarded-Proto + X-Forwarded-Host',
      { host: 'app:8080', 'x-forwarded-host': 'dosehub.example', 'x-forwarded-proto': 'https', origin: 'https://dosehub.example', 'sec-fetch-site': 'same-origin' },
    ],
  ])('%s → 200', async (_case, headers) => {
    const response = await loginWith(headers as Record<string, string>);
    expectStatus(response, 200);
  });

  it('a same-origin PATCH with the session cookie works', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${API}/users/${user.id}/`,
      headers: { cookie: user.cookies, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: { clinic: 'Clínica Mesma Origem' },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('content types a cross-site form could send', () => {
  it.each([
    ['text/plain', `{"email":"x@example.com","password":"${PASSWORD}"}`, undefined, 'Tipo de conteúdo não suportado.'],
    ['text/plain;charset=UTF-8', '{}', 'en-US', 'Unsupported content type.'],
    ['application/x-www-form-urlencoded', 'email=x%40example.com&password=abc', 'es', 'Tipo de contenido no admitido.'],
  ])('POST /users/login/ as %s → 415 (%s)', async (contentType, payload, acceptLanguage, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/login/`,
      headers: { 'content-type': contentType, ...lang(acceptLanguage) },
      payload,
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('a text/plain POST to register → 415 and no account', async () => {
    const body = registrationBody();
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/register/`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(415);
    const login = await t.app.inject({ method: 'POST', url: `${API}/users/login/`, payload: { email: body.email, password: PASSWORD }, remoteAddress: uniqueIp() });
    expect(login.statusCode).toBe(400);
  });
});
