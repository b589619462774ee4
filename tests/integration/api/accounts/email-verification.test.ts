// E-mail verification and resend (docs/v1-contract.md §1.10, §2.4; docs/api.md "resend un-verifies a verified account" deviation).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '#server/db/schema.ts';
import {
  API,
  createMailingTestApp,
  expectStatus,
  lang,
  latestLinkTo,
  registerUser,
  tokenOf,
  verifyEmail,
  type MailingTestApp,
  type SignedInUser,
  mailsAfter,
} from '#tests/utils/accounts.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());

const verify = (uid: string, payload: Record<string, unknown>, acceptLanguage?: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/${uid}/email/verify/`, headers: lang(acceptLanguage), payload });
const resend = (user: SignedInUser, acceptLanguage?: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/email/resend/`, headers: { cookie: user.cookies, ...lang(acceptLanguage) } });
const emailStatus = async (user: SignedInUser) =>
  (await t.app.inject({ url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies } })).json();
const mailedToken = async (user: SignedInUser) => tokenOf(await latestLinkTo(t.smtp, user.email, `/users/${user.id}/email-confirm`));

const INVALID_TOKEN = {
  'pt-BR': 'Token de verificação inválido ou expirado para este usuário.',
  'en-US': 'Invalid or expired verification token for this user.',
  es: 'Token de verificación no válido o caducado para este usuario.',
};
const ALREADY = {
  'pt-BR': 'O e-mail já foi verificado.',
  'en-US': 'Email has already been verified.',
  es: 'El correo electrónico ya ha sido verificado.',
};

describe('POST /users/{uid}/email/verify/', () => {
  it.each([
    [undefined, 'Email verificado.'],
    ['en-US', 'Email verified.'],
    ['es', 'Correo verificado.'],
  ])('the mailed token verifies (no session needed): 200 (%s), and GET email shows verified', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Vera Link' });
    expect(await emailStatus(user)).toEqual({ email: user.email, verified: false });
    const response = await verify(user.id, { token: await mailedToken(user) }, acceptLanguage);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ message });
    expect(await emailStatus(user)).toEqual({ email: user.email, verified: true });
  });

  it.each([
    [undefined, ALREADY['pt-BR']],
    ['en-US', ALREADY['en-US']],
    ['es', ALREADY.es],
  ])('a second use of the link → 409 already verified (%s)', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Vera Dupla' });
    const token = await mailedToken(user);
    expect((await verify(user.id, { token })).statusCode).toBe(200);
    const again = await verify(user.id, { token }, acceptLanguage);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [message] });
  });

  it.each([
    [undefined, INVALID_TOKEN['pt-BR']],
    ['en-US', INVALID_TOKEN['en-US']],
    ['es', INVALID_TOKEN.es],
  ])('an unknown token → 400 (%s), still unverified', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Vera Errada' });
    const response = await verify(user.id, { token: 'this-token-was-never-issued' }, acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await emailStatus(user)).verified).toBe(false);
    // The real token still works afterwards.
    expect((await verify(user.id, { token: await mailedToken(user) })).statusCode).toBe(200);
  });

  it('an unknown token for an unknown uid → 400', async () => {
    const response = await verify(crypto.randomUUID(), { token: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [INVALID_TOKEN['pt-BR']] });
  });

  it.each([
    [undefined, 'token: Este campo é obrigatório.'],
    ['en-US', 'token: This field is required.'],
  ])('a missing or empty token → 400 (%s)', async (acceptLanguage, message) => {
    for (const payload of [{}, { token: '' }]) {
      const response = await verify(crypto.randomUUID(), payload, acceptLanguage);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it.each([
    [undefined, 'Conflito no ID do usuário.'],
    ['en-US', 'Conflict in user id.'],
    ['es', 'Conflicto en la identificación del usuario.'],
  ])("another user's token on my uid → 409 (%s, docs/v1-contract.md §1.10 step 6); the token stays usable by its owner", async (acceptLanguage, message) => {
    const mine = await registerUser(t.app, { name: 'Vera Minha' });
    const theirs = await registerUser(t.app, { name: 'Vera Dela' });
    const theirToken = await mailedToken(theirs);
    const response = await verify(mine.id, { token: theirToken }, acceptLanguage);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await emailStatus(mine)).verified).toBe(false);
    expect((await emailStatus(theirs)).verified).toBe(false);
    expect((await verify(theirs.id, { token: theirToken })).statusCode).toBe(200);
  });

  it('an expired token → 409 invalid or expired (docs/v1-contract.md §1.10 step 5)', async () => {
    const user = await registerUser(t.app, { name: 'Vera Velha' });
    const token = await mailedToken(user);
    const expired = await t.app.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'verify_email')))
      .returning({ id: userTokens.id });
    expect(expired).toHaveLength(1);
    const response = await verify(user.id, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: [INVALID_TOKEN['pt-BR']] });
    expect((await emailStatus(user)).verified).toBe(false);
  });

  it('a password-reset token is not a verification token → 400', async () => {
    const user = await registerUser(t.app, { name: 'Vera Reset' });
    await t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, payload: { email: user.email } });
    const resetToken = tokenOf(await latestLinkTo(t.smtp, user.email, '/reset-password'));
    const response = await verify(user.id, { token: resetToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [INVALID_TOKEN['pt-BR']] });
  });
});

describe('POST /users/{uid}/email/resend/', () => {
  it('204, mails a new link in the request language; the earlier token stops working (400) and the new one verifies', async () => {
    const user = await registerUser(t.app, { name: 'Rui Reenvio' });
    const oldToken = await mailedToken(user);
    const before = t.smtp.messagesTo(user.email).length;

    const response = await resend(user, 'es');
    expectStatus(response, 204);
    expect(response.body).toBe('');
    const mails = await mailsAfter(t.smtp, user.email, before);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Confirme el correo de su cuenta DoseHub');
    const newToken = await mailedToken(user);
    expect(newToken).not.toBe(oldToken);

    const stale = await verify(user.id, { token: oldToken });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ errors: [INVALID_TOKEN['pt-BR']] });
    expect((await verify(user.id, { token: newToken })).statusCode).toBe(200);
  });

  it.each([
    [undefined, ALREADY['pt-BR']],
    ['en-US', ALREADY['en-US']],
    ['es', ALREADY.es],
  ])('when already verified → 409 (%s) and the account stays verified (v1 un-verified it)', async (acceptLanguage, message) => {
    const user = await registerUser(t.app, { name: 'Rui Verificado' });
    await verifyEmail(t.app, t.smtp, user);
    await t.app.mailQueue.idle();
    const before = t.smtp.messagesTo(user.email).length;
    const response = await resend(user, acceptLanguage);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await emailStatus(user)).verified).toBe(true);
    await t.app.mailQueue.idle();
    expect(t.smtp.messagesTo(user.email)).toHaveLength(before);
  });

  it('the 4th resend within 15 minutes → 429 with Retry-After, translated, and no mail', async () => {
    const user = await registerUser(t.app, { name: 'Rui Insistente' });
    for (let attempt = 1; attempt <= 3; attempt++) expect((await resend(user)).statusCode, `resend ${attempt}`).toBe(204);
    await t.app.mailQueue.idle();
    const before = t.smtp.messagesTo(user.email).length;
    const limited = await resend(user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: ['Muitas requisições. Tente novamente mais tarde.'] });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await resend(user, 'en-US')).json()).toEqual({ errors: ['Too many requests. Please try again later.'] });
    await t.app.mailQueue.idle();
    expect(t.smtp.messagesTo(user.email)).toHaveLength(before);
    // Another user is not limited.
    const other = await registerUser(t.app, { name: 'Rui Outro' });
    expect((await resend(other)).statusCode).toBe(204);
  });
});
