// How account mails leave: through the mail queue, so the answers no longer depend on SMTP (v1 warned, docs/v1-contract.md
// §1.3 step 3, §1.10; docs/api.md says why not), the .eml outbox when no SMTP_URL is set, and the origin of the links.
import fsp from 'node:fs/promises';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingMails } from '#server/db/schema.ts';
import {
  API,
  expectStatus,
  PASSWORD,
  lang,
  latestLinkTo,
  latestMailTo,
  makeDataDir,
  mailsTo,
  readOutbox,
  registerRequest,
  registerUser,
  registrationBody,
  tokenOf,
  uniqueEmail,
  verifyEmail,
  mailsAfter,
} from '#tests/utils/accounts.ts';
import { linkFrom } from '#tests/utils/smtp.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

/** A local port nothing listens on: SMTP connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('when the SMTP server is down', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}?ignoreTLS=true&connectionTimeout=2000`, dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  /** The account mails queued to `email`, once the first send of each has failed (the mail queue, services/mail-queue.ts). */
  const failedSendsTo = async (email: string) => {
    const rows = () => t.app.db.select().from(outgoingMails).where(eq(outgoingMails.recipient, email));
    await expect.poll(async () => (await rows()).every((row) => row.lastError !== null)).toBe(true);
    return rows();
  };

  it.each([undefined, 'en-US', 'es'])('register answers 201 and signs in without waiting on the mail, which is queued for a retry (%s)', async (acceptLanguage) => {
    const body = registrationBody();
    const response = await registerRequest(t.app, body, { headers: lang(acceptLanguage) });
    expectStatus(response, 201);
    expect(response.json()).toEqual({ id: expect.any(String), isStaff: false });
    const { id } = response.json();
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await t.app.inject({ url: `${API}/users/${id}/email/`, headers: { cookie } })).json()).toEqual({ email: body.email, verified: false });
    const [queued, ...others] = await failedSendsTo(String(body.email));
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ kind: 'account', state: 'pending', attempts: 1 });
    expect(queued!.text).toContain(`/users/${id}/email-confirm?token=`);
    // Nothing is written to the outbox instead.
    expect(readOutbox(dataDir)).toEqual([]);
  });

  it('resend and an e-mail change answer 204: their mails wait in the queue for the SMTP server', async () => {
    const user = await registerUser(t.app);
    const resent = await t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/email/resend/`, headers: { cookie: user.cookies } });
    expectStatus(resent, 204);
    expect(await failedSendsTo(user.email)).toHaveLength(2);

    const email = uniqueEmail('semcorreio');
    const changed = await t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies }, payload: { email } });
    expectStatus(changed, 204);
    expect((await t.app.inject({ url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies } })).json()).toEqual({ email, verified: false });
    expect(await failedSendsTo(email)).toMatchObject([{ kind: 'account', state: 'pending' }]);
  });

  it('a reset request still answers the same 200 (a 424 would tell that the account exists)', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'E-mail enviado.' });
  });
});

describe('without SMTP_URL: the .eml outbox in the data directory', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    t = await createTestApp({ smtpUrl: null, dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as a parseable .eml file whose link verifies the account', async () => {
    const user = await registerUser(t.app, { name: 'Olga Outbox' }, { headers: lang('en-US') });
    const mail = await latestMailTo({ dataDir }, user.email);
    expect(mail.subject).toBe('Confirm the e-mail of your DoseHub account');
    expect(mail.text).toContain('Hello, Olga Outbox!');
    const link = await latestLinkTo({ dataDir }, user.email, `/users/${user.id}/email-confirm`);
    expect(link.startsWith('http://dosehub.test/')).toBe(true);
    await verifyEmail(t.app, { dataDir }, user);
    const status = await t.app.inject({ url: `${API}/users/${user.id}/email/`, headers: { cookie: user.cookies } });
    expect(status.json()).toEqual({ email: user.email, verified: true });
  });

  it('keeps mails in order: the newest reset link is the one that works', async () => {
    const user = await registerUser(t.app, { name: 'Olga Ordem' });
    const ask = () => t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, payload: { email: user.email } });
    const confirmation = await mailsAfter({ dataDir }, user.email, 0);
    await ask();
    const first = tokenOf(linkFrom((await mailsAfter({ dataDir }, user.email, confirmation.length)).at(-1)!, '/reset-password'));
    await ask();
    const second = tokenOf(linkFrom((await mailsAfter({ dataDir }, user.email, confirmation.length + 1)).at(-1)!, '/reset-password'));
    expect(mailsTo({ dataDir }, user.email)).toHaveLength(3);
    expect(second).not.toBe(first);
    const confirm = (token: string) =>
      t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/reset_password_confirm/`, payload: { token, newPassword1: 'Outra-Senha-Forte-1', newPassword2: 'Outra-Senha-Forte-1' } });
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(204);
  });
});

describe('links when PUBLIC_URL is not set', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    t = await createTestApp({ smtpUrl: null, dataDir, publicUrl: null });
  });
  afterAll(async () => {
    await t?.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('use the server\'s own address, whatever Host the request named', async () => {
    const user = await registerUser(t.app, {}, { headers: { host: 'somewhere.example:8080' } });
    expect(await latestLinkTo({ dataDir }, user.email, 'email-confirm')).toMatch(new RegExp(`^http://localhost/users/${user.id}/email-confirm\\?token=`));
  });

  // Password-reset poisoning: anyone can ask for a victim's reset; the link must not point at a host the
  // requester chose (Host, or X-Forwarded-Host, which trustProxy accepts from any client).
  it.each([
    ['Host', { host: 'evil.example' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example' }],
  ])('a reset requested with a forged %s does not mail the token to that host', async (_header, headers) => {
    const victim = await registerUser(t.app, { password: PASSWORD });
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/auth/reset_password/`, headers, payload: { email: victim.email } });
    expect(response.statusCode).toBe(200);
    const mails = mailsTo({ dataDir }, victim.email).filter((mail) => mail.text.includes('reset-password'));
    for (const mail of mails) expect(mail.text).not.toContain('evil.example');
  });
});
