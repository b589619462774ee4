// change_password and the password reset (docs/v1-contract.md §1.7, §1.8, §2.5; docs/api.md "reset_password" and "logout…
// refresh never revokes" deviations: password change and reset end sessions; no account discovery).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMails, rateLimits, userTokens } from '#server/db/schema.ts';
import {
  API,
  PASSWORD,
  REFRESH_COOKIE,
  createMailingTestApp,
  expectStatus,
  lang,
  latestLinkTo,
  login,
  mailsAfter,
  loginRequest,
  pickCookie,
  registerUser,
  uniqueEmail,
  uniqueIp,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';
import { linkFrom } from '#tests/utils/smtp.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const NEW_PASSWORD = 'Nova-Senha-Forte-42';
const profile = (user: SignedInUser, cookie = user.cookies) => t.app.inject({ url: `${API}/users/${user.id}/`, headers: { cookie } });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: `${API}/users/auth/token/refresh/`, headers: { cookie }, payload: {} });

describe('POST /users/{uid}/change_password/', () => {
  const change = (user: SignedInUser, payload: Record<string, unknown>, acceptLanguage?: string, cookie = user.cookies) =>
    t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/change_password/`, headers: { cookie, ...lang(acceptLanguage) }, payload });

  let gil: SignedInUser;
  beforeAll(async () => {
    gil = await registerUser(t.app, { name: 'Gil Barbosa', email: uniqueEmail('joaquim.barbosa') });
  });

  it.each([
    [undefined, 'old_password: A senha atual não está correta.'],
    ['en-US', 'old_password: Old password is not correct.'],
    ['es', 'old_password: La contraseña anterior no es correcta.'],
  ])('a wrong old password → 400 (%s), checked before the other rules', async (acceptLanguage, message) => {
    const response = await change(gil, { oldPassword: 'Not-my-password-1', newPassword1: 'x', newPassword2: 'y' }, acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it.each([
    [undefined, 'new_password2: Os dois campos de senha não correspondem.'],
    ['en-US', "new_password2: The two password fields didn't match."],
    ['es', 'new_password2: Los dos campos de contraseña no coinciden.'],
  ])('new passwords that differ → 400 (%s)', async (acceptLanguage, message) => {
    const response = await change(gil, { oldPassword: PASSWORD, newPassword1: NEW_PASSWORD, newPassword2: `${NEW_PASSWORD}!` }, acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it.each([
    ['Xy7!ab', undefined, ['new_password2: Esta senha é muito curta. Ela precisa conter pelo menos 8 caracteres.']],
    ['qwertyuiop', undefined, ['new_password2: Esta senha é muito comum.']],
    ['84920571634', 'en-US', ['new_password2: This password is entirely numeric.']],
    ['Barbosa1!', undefined, ['new_password2: A senha é muito parecida com o e-mail.']],
    ['Barbosa1!', 'es', ['new_password2: La contraseña es demasiado parecida al correo electrónico.']],
  ])('password rules on %j → 400 (%s)', async (password, acceptLanguage, errors) => {
    const response = await change(gil, { oldPassword: PASSWORD, newPassword1: password, newPassword2: password }, acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors });
  });

  it('missing fields → 400 with each one required', async () => {
    const response = await change(gil, {});
    expect(response.json()).toEqual({
      errors: ['old_password: Este campo é obrigatório.', 'new_password1: Este campo é obrigatório.', 'new_password2: Este campo é obrigatório.'],
    });
  });

  it.each([
    [undefined, 'Senha atualizada.'],
    ['en-US', 'Updated password.'],
    ['es', 'Contraseña actualizada.'],
  ])('success → 200 (%s); only the new password signs in; other sessions end, this one continues', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Helena Troca' });
    const otherDevice = await login(t.app, user.email, PASSWORD);
    expect((await profile(user, otherDevice.cookies)).statusCode).toBe(200);

    // snake_case keys, as v1 clients send them
    const response = await change(user, { old_password: PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }, acceptLanguage);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ message });

    expect((await loginRequest(t.app, { email: user.email, password: PASSWORD })).statusCode).toBe(400);
    expect((await loginRequest(t.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const other = await profile(user, otherDevice.cookies);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ errors: ['O token é inválido ou expirou'] });
    expect((await refresh(pickCookie(otherDevice.cookies, REFRESH_COOKIE))).statusCode).toBe(401);

    expect((await profile(user)).statusCode).toBe(200);
    const rotated = await refresh(pickCookie(user.cookies, REFRESH_COOKIE));
    expect(rotated.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const request = (email: string, acceptLanguage?: string, remoteAddress = uniqueIp()) =>
    t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, headers: lang(acceptLanguage), payload: { email }, remoteAddress });
  const confirm = (uid: string, payload: Record<string, unknown>, acceptLanguage?: string) =>
    t.app.inject({ method: 'POST', url: `${API}/users/${uid}/reset_password_confirm/`, headers: lang(acceptLanguage), payload });
  const resetToken = async (user: SignedInUser) =>
    new URL(await latestLinkTo(t.smtp, user.email, `/users/${user.id}/reset-password`)).searchParams.get('token')!;
  const body = (token: string, password = NEW_PASSWORD) => ({ token, newPassword1: password, newPassword2: password });

  const INVALID_TOKEN = 'Token de verificação inválido ou expirado para este usuário.';

  /** The account mails queued to `email` (services/account-mail.ts): what a reset request wrote. */
  const queuedTo = (email: string) =>
    t.app.db.select({ kind: outgoingMails.kind }).from(outgoingMails).where(eq(outgoingMails.recipient, email));

  it.each([
    [undefined, 'E-mail enviado.', 'DoseHub: redefinição de senha', 'Redefinir senha: ', 'Criar uma conta: '],
    ['en-US', 'E-mail sent.', 'DoseHub: password reset', 'Reset password: ', 'Create an account: '],
    ['es', 'Correo electrónico enviado.', 'DoseHub: restablecimiento de contraseña', 'Restablecer contraseña: ', 'Crear una cuenta: '],
  ])('known and unknown e-mails get the same 200 after the same work (%s): one mail queued each, neither waiting on SMTP', async (acceptLanguage, message, subject, action, signUp) => {
    const user = await registerUser(t.app, { name: 'Iris Esquecida' });
    const confirmations = (await mailsAfter(t.smtp, user.email, 0)).length;
    const unknown = uniqueEmail('ninguem');
    // The SMTP server holds every message unanswered: an answer that waited on it would not come.
    const resume = t.smtp.stall();
    const [known, stranger] = await (async () => {
      try {
        return [await request(user.email.toUpperCase(), acceptLanguage), await request(unknown, acceptLanguage)];
      } finally {
        expect(t.smtp.messagesTo(user.email)).toHaveLength(confirmations);
        expect(t.smtp.messagesTo(unknown)).toHaveLength(0);
        resume();
      }
    })();
    for (const response of [known, stranger]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message });
    }
    expect(known.body).toBe(stranger.body);
    expect(known.headers['content-length']).toBe(stranger.headers['content-length']);
    // Each request wrote one mail to the queue (the known address also had its sign-up's confirmation).
    expect(await queuedTo(user.email)).toEqual([{ kind: 'account' }, { kind: 'account' }]);
    expect(await queuedTo(unknown)).toEqual([{ kind: 'account' }]);

    const mail = (await mailsAfter(t.smtp, user.email, confirmations)).at(-1)!;
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(action);
    expect(linkFrom(mail, '/reset-password')).toMatch(new RegExp(`^http://dosehub\\.test/users/${user.id}/reset-password\\?token=[A-Za-z0-9_-]{20,}$`));
    // The unknown address hears that no account uses it, with no token, and where to sign up.
    const none = (await mailsAfter(t.smtp, unknown, 0))[0]!;
    expect(none.subject).toBe(subject);
    expect(none.text).toContain(`${signUp}http://dosehub.test/signup`);
    expect(none.text).not.toContain('token=');
  });

  it.each([
    [{ email: 'not-an-email' }, undefined, 'email: Insira um endereço de email válido.'],
    [{ email: 'not-an-email' }, 'en-US', 'email: Enter a valid email address.'],
    [{}, undefined, 'email: Este campo é obrigatório.'],
  ])('request %j → 400 (%s)', async (payload, acceptLanguage, message) => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, headers: lang(acceptLanguage), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('confirm with the mailed token → 204: the new password signs in, the old one not, every session ends, the token is single-use', async () => {
    const user = await registerUser(t.app, { name: 'Joana Redefine' });
    const otherDevice = await login(t.app, user.email, PASSWORD);
    await request(user.email);
    const token = await resetToken(user);

    const response = await confirm(user.id, body(token));
    expectStatus(response, 204);
    expect(response.body).toBe('');

    expect((await loginRequest(t.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await loginRequest(t.app, { email: user.email, password: PASSWORD })).statusCode).toBe(400);
    for (const session of [user, otherDevice]) {
      expect((await profile(user, session.cookies)).statusCode).toBe(401);
      expect((await refresh(pickCookie(session.cookies, REFRESH_COOKIE))).statusCode).toBe(401);
    }

    const reuse = await confirm(user.id, body(token, 'Outra-Senha-Forte-7'));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ errors: [INVALID_TOKEN] });
    expect((await loginRequest(t.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a newer request replaces the older token (400 for the old one)', async () => {
    const user = await registerUser(t.app, { name: 'Joana Duas' });
    await request(user.email);
    const first = await resetToken(user);
    const mailed = t.smtp.messagesTo(user.email).length;
    await request(user.email);
    await mailsAfter(t.smtp, user.email, mailed);
    const second = await resetToken(user);
    expect(second).not.toBe(first);
    expect((await confirm(user.id, body(first))).statusCode).toBe(400);
    expect((await confirm(user.id, body(second))).statusCode).toBe(204);
  });

  it('field errors do not spend the token: mismatch, rules, missing fields', async () => {
    const user = await registerUser(t.app, { name: 'Joana Regras', email: uniqueEmail('joaquim.barbosa') });
    await request(user.email);
    const token = await resetToken(user);
    const cases: Array<[Record<string, unknown>, string | undefined, string[]]> = [
      [{ token, newPassword1: NEW_PASSWORD, newPassword2: `${NEW_PASSWORD}x` }, undefined, ['new_password2: Os dois campos de senha não correspondem.']],
      [{ token, new_password1: NEW_PASSWORD, new_password2: 'x' }, 'en-US', ["new_password2: The two password fields didn't match."]],
      [body(token, 'Xy7!ab'), undefined, ['new_password2: Esta senha é muito curta. Ela precisa conter pelo menos 8 caracteres.']],
      [body(token, 'password123'), 'es', ['new_password2: Esta contraseña es demasiado común.']],
      [body(token, 'Barbosa1!'), undefined, ['new_password2: A senha é muito parecida com o e-mail.']],
      [{}, undefined, ['token: Este campo é obrigatório.', 'new_password1: Este campo é obrigatório.', 'new_password2: Este campo é obrigatório.']],
    ];
    for (const [payload, acceptLanguage, errors] of cases) {
      const response = await confirm(user.id, payload, acceptLanguage);
      expectStatus(response, 400, JSON.stringify(payload));
      expect(response.json()).toEqual({ errors });
    }
    expect((await confirm(user.id, body(token))).statusCode).toBe(204);
  });

  it.each([
    [undefined, INVALID_TOKEN],
    ['en-US', 'Invalid or expired verification token for this user.'],
    ['es', 'Token de verificación no válido o caducado para este usuario.'],
  ])('an unknown token → 400 (%s), the password is unchanged', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Joana Falsa' });
    const response = await confirm(user.id, body('never-issued-token'), acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await loginRequest(t.app, { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('an expired token → 409 invalid or expired (docs/v1-contract.md §1.7 step 4)', async () => {
    const user = await registerUser(t.app, { name: 'Joana Atrasada' });
    await request(user.email);
    const token = await resetToken(user);
    await t.app.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'reset_password')));
    const response = await confirm(user.id, body(token));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: [INVALID_TOKEN] });
    expect((await loginRequest(t.app, { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("another user's token on my uid → 409 conflict in user id; it still works for its owner", async () => {
    const mine = await registerUser(t.app, { name: 'Joana Minha' });
    const theirs = await registerUser(t.app, { name: 'Joana Dela' });
    await request(theirs.email);
    const token = await resetToken(theirs);
    const response = await confirm(mine.id, body(token));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: ['Conflito no ID do usuário.'] });
    expect((await loginRequest(t.app, { email: mine.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await confirm(theirs.id, body(token))).statusCode).toBe(204);
  });

  it('a verification token is not a reset token → 400', async () => {
    const user = await registerUser(t.app, { name: 'Joana Troca' });
    const verifyToken = new URL(await latestLinkTo(t.smtp, user.email, '/email-confirm')).searchParams.get('token')!;
    const response = await confirm(user.id, body(verifyToken));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [INVALID_TOKEN] });
  });

  it('the 4th request for one e-mail within an hour → 429 with Retry-After (known or not, so the limit tells nothing)', async () => {
    const user = await registerUser(t.app, { name: 'Joana Limite' });
    for (const email of [user.email, uniqueEmail('nao.existe')]) {
      for (let attempt = 1; attempt <= 3; attempt++) expect((await request(email)).statusCode, `${email} #${attempt}`).toBe(200);
      const limited = await request(email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ errors: ['Muitas requisições. Tente novamente mais tarde.'] });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    await t.app.mailQueue.idle();
    expect(t.smtp.messagesTo(user.email).filter((mail) => mail.text.includes('/reset-password'))).toHaveLength(3);
    expect((await request(uniqueEmail('outra'), 'en-US')).statusCode).toBe(200);
  });

  it('the 11th request from one address within an hour → 429, whatever the e-mail', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await request(uniqueEmail('ip'), undefined, ip)).statusCode).toBe(200);
    const limited = await request(uniqueEmail('ip'), 'es', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: ['Demasiadas solicitudes. Inténtelo de nuevo más tarde.'] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
