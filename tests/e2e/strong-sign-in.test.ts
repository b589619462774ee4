// Issue 31 in Chromium against the real server: the staff account's first sign-in goes through the enrolment of an
// authenticator app before anything of /staff; its next sign-in asks for the code. A clinician adds a passkey with
// Chromium's virtual authenticator (DevTools protocol) and signs in with it alone. A staff account enrols a passkey
// instead of an authenticator app, and confirms a change with it when its sign-in is more than 5 minutes old.
import fs from 'node:fs';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, shownDialog } from './support/browser.ts';
import { axeViolations } from './support/axe.ts';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { startServer } from './support/server.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { enrolTotpInBrowser, nextCode } from './support/second-factor.ts';

const readIn = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const read = (ns: string) => readIn('pt-BR', ns);
const t = { auth: read('auth'), account: read('account'), common: read('common'), staff: read('staff'), server: read('server') };

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function newPage() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return openPage(context);
}

/** A page with Chromium's virtual authenticator (a platform one: resident keys, user verified). */
async function pageWithAuthenticator() {
  const page = await newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { page, cdp, authenticatorId };
}

/** WebAuthn needs a host name (an IP address is no relying party): the same server, as localhost. */
const asLocalhost = (url: string) => url.replace('127.0.0.1', 'localhost');

async function submitPassword(page: Page, email: string, password: string, baseUrl = env.server.url) {
  await page.goto(`${baseUrl}/login`);
  await field(page, t.auth.fields.email).fill(email);
  await field(page, t.auth.fields.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
}

describe('strong sign-in, in Chromium', () => {
  it('the first-start staff account enrols an authenticator right after its password, reaches nothing of /staff before, and signs in with a code afterwards', async () => {
    const email = /e-mail:\s+(\S+)/.exec(env.server.output())![1]!;
    const password = /password:\s+(\S+)/.exec(env.server.output())![1]!;
    const page = await newPage();
    await submitPassword(page, email, password);
    await page.waitForURL(/\/dashboard\/second-factor/);
    await page.getByRole('heading', { name: t.account.secondFactor.requiredTitle }).waitFor();

    // Before the enrolment: the screens send it back here, and the API refuses, naming the reason.
    await page.goto(`${env.server.url}/staff/users`);
    await page.waitForURL(/\/dashboard\/second-factor/);
    const refused = await page.context().request.get(`${env.server.url}/api/v1/staff/users/`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ errors: [t.server.auth.secondFactorRequired] });

    const secret = await enrolTotpInBrowser(page);
    await page.getByRole('button', { name: t.account.secondFactor.continue }).click();
    await page.getByRole('navigation', { name: t.staff.nav.label }).waitFor();
    expect((await page.context().request.get(`${env.server.url}/api/v1/staff/users/`)).status()).toBe(200);

    // Signed out and in again: the password, then the authenticator's code.
    await page.getByRole('banner').getByRole('button', { name: t.common.nav.logout }).click();
    await page.getByRole('banner').getByRole('link', { name: t.common.nav.login }).waitFor();
    await submitPassword(page, email, password);
    const code = field(page, t.auth.secondStep.code);
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    await code.fill('000000');
    await page.getByRole('button', { name: t.auth.secondStep.submit }).click();
    await page.getByText(t.server.auth.invalidCode).waitFor();
    await code.fill(await nextCode(secret));
    await page.getByRole('button', { name: t.auth.secondStep.submit }).click();
    // Staff land on the back-office (issue 29).
    await page.waitForURL(/\/staff/);
    await page.goto(`${env.server.url}/staff/users`);
    await page.getByRole('navigation', { name: t.staff.nav.label }).waitFor();
    expect(page.url()).toMatch(/\/staff\/users$/);
  });

  it('a clinician adds a passkey on the Security page, signs out, signs in with the passkey alone, and removes it', async () => {
    const baseUrl = asLocalhost(env.server.url);
    const clinician = await confirmedUser(env.server.url, env.smtp, 'passkey@clinica.example');
    const { page, cdp, authenticatorId } = await pageWithAuthenticator();
    await loginThroughUi(page, baseUrl, clinician, t.auth.login.submit);
    await page.goto(`${baseUrl}/dashboard/security`);
    await field(page, t.account.passkeys.name).fill('Notebook da clínica');
    await page.getByRole('button', { name: t.account.passkeys.add }).click();
    const passkeys = page.getByRole('list', { name: t.account.passkeys.title });
    await passkeys.getByText('Notebook da clínica').waitFor();
    // A discoverable credential (resident key), so that no e-mail is needed to sign in with it.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map(({ isResidentCredential }) => isResidentCredential)).toEqual([true]);

    await page.getByRole('banner').getByRole('button', { name: t.common.nav.logout }).click();
    await page.getByRole('banner').getByRole('link', { name: t.common.nav.login }).waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: t.auth.passkey.signIn }).click();
    await page.waitForURL(`${baseUrl}/dashboard/profile`);

    await page.goto(`${baseUrl}/dashboard/security`);
    await page.getByRole('button', { name: t.account.passkeys.removeNamed.replace('{{name}}', 'Notebook da clínica') }).click();
    await passkeys.waitFor({ state: 'detached' });
  });

  it('a staff account enrols a passkey instead of an app and reaches /staff; 5 minutes later a change asks again (the dialog axe-clean in three languages at 1280 and 390 px), and the passkey confirms it', async () => {
    // A server of its own, for a first-start staff account without a factor; its SECRET_KEY lets the test age a session.
    const secretKey = 'e2e-strong-sign-in-signing-key-0123456789abcdef';
    const server = await startServer(undefined, { SECRET_KEY: secretKey });
    try {
      const baseUrl = asLocalhost(server.url);
      const email = /e-mail:\s+(\S+)/.exec(server.output())![1]!;
      const password = /password:\s+(\S+)/.exec(server.output())![1]!;
      const { page } = await pageWithAuthenticator();
      await submitPassword(page, email, password, baseUrl);
      await page.getByRole('heading', { name: t.account.secondFactor.passkeyTitle }).waitFor();
      await field(page, t.account.passkeys.name).fill('Notebook da equipe');
      await page.getByRole('button', { name: t.account.passkeys.add }).click();
      await page.getByRole('navigation', { name: t.staff.nav.label }).waitFor();

      // The sign-in ages past 5 minutes (the same session, its access token re-signed with an older auth_time).
      const [access] = (await page.context().cookies(baseUrl)).filter(({ name }) => name === 'jwt-access-token');
      const claims = decodeJwt(access!.value);
      const aged = await new SignJWT({ ...claims, auth_time: Math.floor(Date.now() / 1000) - 6 * 60 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secretKey));
      await page.context().addCookies([{ ...access!, value: aged }]);

      // The dialog in each language, at 1280 and 390 px: no axe violation; Escape keeps the page as it was.
      const problems: string[] = [];
      for (const language of SUPPORTED_LANGUAGES) {
        const texts = { account: readIn(language, 'account'), auth: readIn(language, 'auth') };
        await page.goto(`${baseUrl}/dashboard/security?lang=${language}`);
        await page.getByRole('button', { name: texts.account.totp.setUp }).click();
        await page.getByRole('dialog', { name: texts.auth.reauthenticate.title }).waitFor();
        for (const [width, height] of [[1280, 900], [390, 844]] as const) {
          await page.setViewportSize({ width, height });
          await shownDialog(page);
          problems.push(...(await axeViolations(page, `${language} ${width}px re-authenticate dialog`)));
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);

      await page.goto(`${baseUrl}/dashboard/security?lang=pt-BR`);
      await page.getByRole('button', { name: t.account.totp.setUp }).click();
      const dialog = page.getByRole('dialog', { name: t.auth.reauthenticate.title });
      await dialog.getByRole('button', { name: t.auth.reauthenticate.usePasskey }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('img', { name: t.account.totp.qrAlt }).waitFor();
      const renewed = (await page.context().cookies(baseUrl)).find(({ name }) => name === 'jwt-access-token')!;
      expect(decodeJwt(renewed.value)).toMatchObject({ amr: ['pwd', 'hwk'] });
      expect(Math.floor(Date.now() / 1000) - Number(decodeJwt(renewed.value).auth_time)).toBeLessThan(60);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
