import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Download, Locator, Page } from 'playwright-core';
import { mailTo } from '#tests/utils/smtp.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, startAppByPointer } from './support/browser.ts';
import { smallZip, type PickedFile } from './support/calibrations.ts';
import { analysesOf } from './support/orders.ts';
import { enrolTotpInBrowser, signInWithCode } from './support/second-factor.ts';
import { useE2eEnvironment } from './support/environment.ts';

/** The UI's own texts (pt-BR), read from the locale files, so the test follows the product's wording. */
const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { staff: read('staff'), common: read('common'), auth: read('auth'), analyses: read('analyses'), server: read('server'), account: read('account') };
/** The report staff upload: a PDF's first bytes, then filler (big enough for the upload's progress to show). */
const REPORT = Buffer.from('%PDF-1.4\n%laudo\n'.padEnd(300_000, ' '));
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

const API = '/api/v1';
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function newPage(width = 1280) {
  const context = await env.browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return openPage(context);
}

/** The clinician's side of the analysis, in their own browser: the form's fields, then the wait for its message. */
async function submitAnalysisForm(page: Page, name: string, submit: string, done: string, images?: PickedFile) {
  await field(page, t.analyses.fields.analysisName).fill(name);
  if (images) await page.locator('input[type=file][accept]').setInputFiles(images);
  await page.getByRole('button', { name: submit }).click();
  await page.getByText(done).first().waitFor();
}

/** An account's profile, as its owner reads it. */
async function profileOf(id: string, cookie: string) {
  const response = await fetch(`${env.server.url}${API}/users/${id}/`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { name: string; email: string };
}

/** The staff account's profile (its name, shown in the audit log), through its own sign-in (with its authenticator). */
async function staffProfile(email: string, password: string, secret: string) {
  const { id, cookie } = await signInWithCode(env.server.url, email, password, secret);
  return profileOf(id, cookie);
}

/** Clicks a download link as the user does (it opens a tab that turns into a download) and hashes the file the browser saved. */
async function downloadedSha256(page: Page, link: Locator) {
  // Chromium reports the download on the opener or on the new tab: whichever comes first.
  const downloaded = new Promise<Download>((resolve) => {
    page.once('download', resolve);
    page.context().once('page', (tab) => tab.once('download', resolve));
  });
  await link.click();
  const download = await downloaded;
  expect(await download.failure()).toBeNull();
  return sha256(fs.readFileSync((await download.path())!));
}

async function moveTo(page: Page, status: string, fill?: (page: Page) => Promise<void>) {
  await page.getByRole('radio', { name: t.staff.statuses[status] }).check();
  await fill?.(page);
  await page.getByRole('button', { name: t.staff.analyses.move }).click();
  await page.getByText(t.staff.analyses.moved.replace('{{status}}', t.staff.statuses[status])).first().waitFor();
}

describe('the staff back-office, in Chromium against the real server and SMTP', () => {
  it('staff find a clinician, create an order with a bill, confirm its payment; the clinician adds the analysis in their browser, sees it marked invalid live, edits and resends it; staff complete it with a report upload; the clinician gets the notification and the e-mail and downloads the same PDF; the audit log lists each step with the staff account; a clinician sees no back-office', async () => {
    const clinician = await confirmedUser(env.server.url, env.smtp, 'back-office@clinica.example');
    const staffEmail = /e-mail:\s+(\S+)/.exec(env.server.output())![1]!;
    const staffPassword = /password:\s+(\S+)/.exec(env.server.output())![1]!;

    // The clinician: no back-office entry, and /staff sends them to their dashboard.
    const own = await newPage(390);
    await loginThroughUi(own, env.server.url, clinician, t.auth.login.submit);
    expect(await own.getByRole('link', { name: t.common.nav.backOffice }).count()).toBe(0);
    await own.goto(`${env.server.url}/staff/analyses`);
    await own.waitForURL(/\/dashboard/);

    // Staff sign in and open the back-office from the header.
    const staff = await newPage();
    await staff.goto(`${env.server.url}/login`);
    await startAppByPointer(staff);
    await field(staff, t.auth.fields.email).fill(staffEmail);
    await field(staff, t.auth.fields.password).fill(staffPassword);
    await staff.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    // Issue 31: the first sign-in of the staff account adds its authenticator app first.
    await staff.waitForURL(/\/dashboard\/second-factor/);
    const staffSecret = await enrolTotpInBrowser(staff);
    await staff.getByRole('button', { name: t.account.secondFactor.continue }).click();
    await staff.waitForURL(/\/staff/);
    await staff.getByRole('link', { name: t.common.nav.backOffice }).first().click();
    await staff.waitForURL(/\/staff/);

    // Find the clinician and create an order with its boleto.
    await staff.getByRole('navigation', { name: t.staff.nav.label }).getByRole('link', { name: t.staff.nav.users }).click();
    await staff.getByRole('searchbox', { name: t.staff.users.search }).fill('back-office@clinica');
    await staff.keyboard.press('Enter');
    await staff.getByRole('table', { name: t.staff.users.tableLabel }).getByRole('link').first().click();
    await staff.waitForURL(/\/staff\/users\/[0-9a-f-]{36}$/);
    await staff.getByRole('button', { name: t.staff.orders.createTitle }).click();
    const create = staff.getByRole('dialog', { name: t.staff.orders.createTitle });
    await create.getByLabel(t.staff.orders.service, { exact: false }).first().click();
    await staff.getByRole('option', { name: /Segmenta/ }).click();
    await create.getByLabel(t.staff.orders.quantity, { exact: false }).fill('2');
    await create.getByLabel(t.staff.orders.price, { exact: false }).fill('1500');
    await create.getByRole('button', { name: t.staff.orders.create }).click();
    const bill = staff.getByRole('dialog', { name: /Cobrança do pedido/ });
    await bill.getByLabel(t.staff.orders.payerDocument).fill(uniqueCpf());
    await bill.getByRole('button', { name: t.staff.orders.issueBill }).click();
    await staff.getByText(t.staff.orders.billIssued).first().waitFor();
    await expect.poll(() => env.smtp.messages.filter((mail) => mail.to.includes(clinician.email)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    // Confirm the payment by hand: the reason is required.
    const orders = staff.getByRole('table', { name: t.staff.orders.tableLabel });
    await orders.getByRole('button', { name: /^Confirmar pagamento do pedido/ }).click();
    const confirm = staff.getByRole('dialog', { name: /Confirmar o pagamento/ });
    await confirm.getByRole('button', { name: t.staff.orders.confirmPayment }).click();
    await confirm.getByText(t.staff.errors.reasonRequired).waitFor();
    await confirm.getByLabel(t.staff.reason.label, { exact: false }).fill('Transferência recebida no Itaú');
    await confirm.getByRole('button', { name: t.staff.orders.confirmPayment }).click();
    await orders.getByText(t.staff.orders.paymentStatus.CON).waitFor();

    // The clinician adds an analysis through the form of their paid order; staff open it from the queue and mark it invalid.
    const orderId = (await (await fetch(`${env.server.url}${API}/users/${clinician.id}/orders/`, { headers: { cookie: clinician.cookie } })).json()).row[0].id as string;
    await own.goto(`${env.server.url}/dashboard/my-services/${orderId}/analyses`);
    await own.getByRole('link', { name: t.analyses.add }).first().click();
    await submitAnalysisForm(own, 'Paciente 0417', t.analyses.form.submitCreate, t.analyses.messages.created, smallZip());
    // The images go up after the form: the analysis reaches the staff's queue once the server has them.
    await expect.poll(async () => (await analysesOf(env.server, clinician, orderId)).row.filter((a) => a.imagesUrl).length, { timeout: 20_000, interval: 250 }).toBe(1);
    const [analysis] = (await analysesOf(env.server, clinician, orderId)).row;

    await staff.getByRole('navigation', { name: t.staff.nav.label }).getByRole('link', { name: t.staff.nav.analyses }).click();
    await staff.getByRole('table', { name: t.staff.analyses.tableLabel }).getByRole('link', { name: 'Paciente 0417' }).click();
    await staff.waitForURL(new RegExp(`/staff/analyses/${analysis!.id}$`));
    await moveTo(staff, 'AI');
    await moveTo(staff, 'II', async (page) => page.getByLabel(t.staff.analyses.messageToUser, { exact: false }).fill('As imagens estão sem a série CT.'));

    // The clinician sees the message without reloading, corrects the analysis in its edit form and sends it again.
    await own.getByText('As imagens estão sem a série CT.').first().waitFor({ timeout: 15_000 });
    await own.getByRole('link', { name: t.analyses.item.editLabel.replace('{{name}}', 'Paciente 0417') }).click();
    await submitAnalysisForm(own, 'Paciente 0417b', t.analyses.form.submitEdit, t.analyses.messages.updated);
    await own.getByText('Paciente 0417b').first().waitFor();
    await expect.poll(async () => (await analysesOf(env.server, clinician, orderId)).row[0], { timeout: 15_000, interval: 250 }).toMatchObject({ analysisName: 'Paciente 0417b', statusCode: 'DS' });

    // Staff process it and upload the report (a resumable upload with its progress).
    await staff.reload();
    await staff.getByText('Paciente 0417b').first().waitFor();
    await moveTo(staff, 'AI');
    await moveTo(staff, 'PR');
    await staff.getByRole('radio', { name: t.staff.statuses.CO }).check();
    await staff.locator('input[type="file"]').setInputFiles({ name: 'laudo.pdf', mimeType: 'application/pdf', buffer: REPORT });
    await staff.getByRole('button', { name: t.staff.analyses.move }).click();
    await staff.locator('[data-report-upload]').waitFor();
    await staff.getByText(t.staff.analyses.moved.replace('{{status}}', t.staff.statuses.CO)).first().waitFor({ timeout: 30_000 });

    // The clinician (on a phone: the bell is in the menu): the bell counts the news, the notifications page says the report is ready...
    await own.getByRole('button', { name: t.common.nav.openMenu }).click();
    await own.getByRole('link', { name: /^Notificações: \d+ não lidas?$/ }).filter({ visible: true }).click();
    await own.waitForURL(/\/dashboard\/notifications/);
    await own.getByText(t.server.notifications.analysisCompleted.replace('{{name}}', 'Paciente 0417b')).first().waitFor({ timeout: 15_000 });
    // ...the e-mail says it too, in the clinician's language (the one they signed in with: pt-BR)...
    const mail = read('mail').reportReady;
    const reportMail = await env.smtp.waitForMessage((m) => mailTo(clinician.email)(m) && m.subject === mail.subject.replace('{{name}}', 'Paciente 0417b'), 15_000);
    expect(reportMail.text).toContain(mail.body.replace('{{name}}', 'Paciente 0417b'));
    // ...and the report downloaded from the analysis's link is the PDF staff uploaded.
    await own.goto(`${env.server.url}/dashboard/my-services/${orderId}/analyses`);
    expect(await downloadedSha256(own, own.getByRole('link', { name: t.analyses.item.reportLabel.replace('{{name}}', 'Paciente 0417b') }))).toBe(sha256(REPORT));

    // The audit log lists each step, every row with the staff account that made it.
    await staff.getByRole('navigation', { name: t.staff.nav.label }).getByRole('link', { name: t.staff.nav.audit }).click();
    const audit = staff.getByRole('table', { name: t.staff.audit.tableLabel });
    for (const action of ['order.create', 'order.bill', 'order.confirmPayment', 'analysis.status']) {
      await audit.getByText(t.staff.audit.actions[action]).first().waitFor();
    }
    // AI, II, AI again after the resend, PR, CO: five moves.
    expect(await audit.getByText(t.staff.audit.actions['analysis.status']).count()).toBe(5);
    const staffAccount = await staffProfile(staffEmail, staffPassword, staffSecret);
    const who = audit.getByRole('button', { name: /^Mostrar só as ações de / });
    expect(await who.count()).toBeGreaterThanOrEqual(8);
    for (const shown of await who.allTextContents()) expect([staffAccount.name, staffAccount.email]).toContain(shown);
  });
});
