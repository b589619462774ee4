import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Language } from '#shared/languages.ts';
import { linkFrom, mailTo } from '#tests/utils/smtp.ts';
import { openPage, startAppByPointer, type PageProblems } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

/** The UI's own texts, read from the locale files, so the test follows the product's wording in each language. */
function texts(language: Language) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
  return { auth: read('auth'), account: read('account'), common: read('common'), mail: read('mail') };
}

const env = useE2eEnvironment();

async function pageIn(language: Language): Promise<{ context: BrowserContext; page: Page & PageProblems }> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((lng) => localStorage.setItem('product-language', lng), language);
  return { context, page: await openPage(context) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, exactly (a required field's label ends in " *"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** Console errors other than the browser's own log line for an expected 4xx answer. */
const unexpected = (problems: string[]) => problems.filter((p) => !/Failed to load resource: .* 4\d\d/.test(p));

async function mailedLink(address: string, pathPart: string, subject: string) {
  const mail = await env.smtp.waitForMessage((m) => mailTo(address)(m) && m.subject === subject, 10_000);
  return linkFrom(mail, pathPart);
}

async function logout(page: Page, label: string, loginLabel: string) {
  await page.getByRole('banner').getByRole('button', { name: label }).click();
  await page.getByRole('banner').getByRole('link', { name: loginLabel }).waitFor();
}

async function login(page: Page, t: ReturnType<typeof texts>, email: string, password: string) {
  await page.goto(`${env.server.url}/login`);
  await startAppByPointer(page);
  await field(page, t.auth.fields.email).fill(email);
  await field(page, t.auth.fields.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
}

describe.each(['pt-BR', 'es'] as const)('accounts in %s, in Chromium against the real server and a real SMTP server', (language) => {
  const t = texts(language);
  const email = `clinician-${language.toLowerCase()}@hospital.example`;
  const newEmail = `new-${language.toLowerCase()}@hospital.example`;
  const passwords = ['Cintilografia#2026', 'Dosimetria!Segura9', 'Radiofarmaco$Novo7'];

  it('signs up, confirms the e-mail, edits the profile, phone, e-mail and password, and recovers the password', async () => {
    const { context, page } = await pageIn(language);

    // Sign up: the verification mail arrives in the user's language.
    await page.goto(`${env.server.url}/signup`);
    await startAppByPointer(page);
    await field(page, t.auth.fields.name).fill('Ana Beatriz Souza');
    await field(page, t.auth.fields.email).fill(email);
    await field(page, t.auth.fields.confirmedEmail).fill(email);
    await field(page, t.auth.fields.password).fill(passwords[0]!);
    await field(page, t.auth.fields.passwordConfirm).fill(passwords[0]!);
    await page.getByRole('checkbox').check();
    await page.getByRole('main').getByRole('button', { name: t.auth.signup.submit }).click();
    await page.waitForURL(`${env.server.url}/dashboard/profile`);
    await page.getByText(t.account.verifyEmail.message).waitFor();

    // The link from the received mail confirms the e-mail.
    await page.goto(await mailedLink(email, 'email-confirm', t.mail.verifyEmail.subject));
    await page.getByText(t.auth.emailConfirm.successTitle).waitFor();
    await page.goto(`${env.server.url}/dashboard/profile`);
    await page.getByRole('heading', { name: t.account.profile.title, level: 2 }).waitFor();
    await expect.poll(() => page.getByText(t.account.verifyEmail.message).count()).toBe(0);

    // Log out, log in again.
    await logout(page, t.common.nav.logout, t.common.nav.login);
    await login(page, t, email, passwords[0]!);
    await page.waitForURL(`${env.server.url}/dashboard/profile`);

    // Profile: clinic, role and CNPJ survive a reload; the CNPJ is shown formatted.
    await field(page, t.account.fields.clinic).fill('Hospital das Clínicas');
    await field(page, t.account.fields.role).fill('Médica nuclear');
    await field(page, t.account.fields.cnpj).fill('11222333000181');
    await page.getByRole('button', { name: t.account.profile.submit }).click();
    await page.getByText(t.account.profile.success).waitFor();
    await page.reload();
    await expect.poll(() => field(page, t.account.fields.clinic).inputValue()).toBe('Hospital das Clínicas');
    expect(await field(page, t.account.fields.cnpj).inputValue()).toBe('11.222.333/0001-81');

    // Phone, through the security page.
    await page.goto(`${env.server.url}/dashboard/security`);
    await page.getByRole('link', { name: t.account.security.editPhone }).click();
    await field(page, t.account.phoneEdit.label).fill('(11) 98765-4321');
    await page.getByRole('button', { name: t.account.phoneEdit.submit }).click();
    await page.getByText(t.account.phoneEdit.success).waitFor();
    await page.goto(`${env.server.url}/dashboard/security`);
    await page.getByText('+55 (11) 98765-4321').waitFor();

    // E-mail: the new address gets its own confirmation mail, and access is limited until it is confirmed.
    await page.getByRole('link', { name: t.account.security.editEmail }).click();
    await field(page, t.account.emailEdit.newEmail).fill(newEmail);
    await page.getByRole('button', { name: t.account.emailEdit.submit }).click();
    await page.getByText(t.account.verifyEmail.message).waitFor();
    await page.goto(await mailedLink(newEmail, 'email-confirm', t.mail.verifyEmail.subject));
    await page.getByText(t.auth.emailConfirm.successTitle).waitFor();

    // Password.
    await page.goto(`${env.server.url}/dashboard/security`);
    await page.getByRole('link', { name: t.account.security.editPassword }).click();
    await field(page, t.account.passwordEdit.oldPassword).fill(passwords[0]!);
    await field(page, t.account.passwordEdit.newPassword1).fill(passwords[1]!);
    await field(page, t.account.passwordEdit.newPassword2).fill(passwords[1]!);
    await page.getByRole('button', { name: t.account.passwordEdit.submit }).click();
    await page.waitForURL(`${env.server.url}/dashboard/security`);

    // Forgot the password: reset it through the mailed link.
    await logout(page, t.common.nav.logout, t.common.nav.login);
    await page.goto(`${env.server.url}/login`);
    await startAppByPointer(page);
    await page.getByRole('link', { name: t.auth.login.forgotPassword }).click();
    // The address changes first; the login form stays until the recovery page's code is in, and an e-mail typed then
    // went into the login form's field (loaded full runs sent an empty recovery form).
    await page.getByRole('button', { name: t.auth.forgot.submit }).waitFor();
    await field(page, t.auth.fields.email).fill(newEmail);
    await page.getByRole('button', { name: t.auth.forgot.submit }).click();
    await page.getByText(t.auth.forgot.sentTitle).waitFor();
    await page.goto(await mailedLink(newEmail, 'reset-password', t.mail.resetPassword.subject));
    await field(page, t.auth.fields.newPassword).fill(passwords[2]!);
    await field(page, t.auth.fields.newPasswordConfirm).fill(passwords[2]!);
    await page.getByRole('button', { name: t.auth.reset.submit }).click();
    await page.getByText(t.auth.reset.successTitle).waitFor();

    // The old password no longer works; the new one does.
    await login(page, t, newEmail, passwords[1]!);
    await page.getByRole('alert').filter({ hasText: t.auth.login.failed }).waitFor();
    await login(page, t, newEmail, passwords[2]!);
    await page.waitForURL(`${env.server.url}/dashboard/profile`);
    await expect.poll(() => field(page, t.account.fields.clinic).inputValue()).toBe('Hospital das Clínicas');

    expect(unexpected(page.problems)).toEqual([]);
    await context.close();
  });
});

describe('guards', () => {
  it('sends a visitor from a signed-in page to the login page, keeps what was typed on a wrong password, and returns after login', async () => {
    const t = texts('pt-BR');
    const email = 'guarded@hospital.example';
    const password = 'Cintilografia#2026';
    const registered = await fetch(`${env.server.url}/api/v1/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Caio Lima', email, confirmedEmail: email, password1: password, password2: password, acceptTerms: true }),
    });
    expect(registered.status).toBe(201);

    const { context, page } = await pageIn('pt-BR');
    await page.goto(`${env.server.url}/dashboard/security`);
    await page.waitForURL(/\/login\?redirect=/);
    await field(page, t.auth.fields.email).fill(email);
    await field(page, t.auth.fields.password).fill('wrong password 123');
    await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    await page.getByRole('alert').filter({ hasText: 'Impossível fazer login com as credenciais fornecidas.' }).waitFor();
    expect(await field(page, t.auth.fields.email).inputValue()).toBe(email);

    await field(page, t.auth.fields.password).fill(password);
    await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    await page.waitForURL(`${env.server.url}/dashboard/security`);
    // A signed-in user who opens /login goes to the profile.
    await page.goto(`${env.server.url}/login`);
    await page.waitForURL(`${env.server.url}/dashboard/profile`);

    // The 15-minute access cookie runs out: the next call refreshes the session and the page still loads.
    // (CI once waited 30 s here for the form in vain: a failure now says where the page was and what the API answered.)
    const apiCalls: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    });
    // A request sent without an answer (aborted, refused) says as much (one full run saw no refresh answer at all).
    page.on('requestfailed', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname} failed: ${request.failure()?.errorText}`);
    });
    await context.clearCookies({ name: 'jwt-access-token' });
    await page.reload();
    await field(page, t.account.fields.name).waitFor().catch(async (error: Error) => {
      const shown = (await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
      throw new Error(`${error.message}\n  at ${page.url()}, showing: ${shown}\n  API: ${apiCalls.join('; ')}\n  problems: ${page.problems.join('; ')}`);
    });
    await expect.poll(() => field(page, t.account.fields.name).inputValue(), { timeout: 15_000 }).toBe('Caio Lima');
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toContain('jwt-access-token');
    await context.close();
  });
});
