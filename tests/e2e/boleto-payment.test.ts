import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Language } from '#shared/languages.ts';
import { formatLinhaDigitavel } from '#shared/format/boleto.ts';
import { formatBrl } from '#shared/format/money.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { E2E_PASSWORD, apiList, confirmedUser } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { staffSession } from './support/orders.ts';

/** The UI's own texts, read from the locale files, so the test follows the product's wording in each language. */
function texts(language: Language) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
  return { auth: read('auth'), orders: read('orders'), mail: read('mail'), notifications: read('notifications'), site: read('site'), quotes: read('quotes') };
}
const run = promisify(execFile);

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
const startingWith = (text: string) => new RegExp(`^${escapeRegExp(text.split('{{')[0]!)}`);

interface ApiOrder {
  id: string;
  billUrl: string | null;
  bill: { line: string; dueDate: string; amount: number } | null;
}

/** `npm run sandbox:pay -- <line> --url <server> --event-id <id>`, as someone finishing the path by hand runs it (its own process). */
const sandboxPay = (line: string, eventId: string) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/sandbox-pay.ts', line, '--url', env.server.url, '--event-id', eventId], {
    // The secret as the server left it (it generated one): none from this shell.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'PAYMENTS_WEBHOOK_SECRET')), DATA_DIR: env.server.dataDir },
  });

/**
 * The visitor's way in (issue 15): the service page, "Hire", the hire page, sign in and back, the quote form sent,
 * the company's mail. The page is left signed in.
 */
async function hireThroughTheSite(page: Page, t: ReturnType<typeof texts>, user: { email: string }) {
  await page.goto(`${env.server.url}/service-info/dosi-clin`);
  await page.getByRole('main').getByRole('link', { name: startingWith(t.site.services.hire) }).first().click();
  await page.waitForURL(`${env.server.url}/services/dosi-clin/hire`);
  await page.getByRole('link', { name: t.site.hirePage.login }).click();
  await page.waitForURL(/\/login\?redirect=/);
  await field(page, t.auth.fields.email).fill(user.email);
  await field(page, t.auth.fields.password).fill(E2E_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
  await page.waitForURL(`${env.server.url}/services/dosi-clin/hire`);
  await page.getByRole('link', { name: startingWith(t.site.hirePage.requestQuote) }).click();
  await page.waitForURL(`${env.server.url}/services/dosi-clin/hire/budget-form`);
  await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.treatmentType) }).fill('Lu-177 PSMA');
  await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.numberOfPatients) }).fill('12');
  await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.comments) }).fill('Começamos em maio.');
  await page.getByRole('main').getByRole('button', { name: t.quotes.form.submit }).click();
  await page.getByText(t.quotes.messages.requested).first().waitFor({ timeout: 15_000 });
  const quoteMails = () => env.smtp.messages.filter((mail) => mail.subject === 'Pedido de Orçamento' && mail.text.includes(user.email));
  await expect.poll(() => quoteMails().length, { timeout: 15_000 }).toBe(1);
  expect(quoteMails()[0]!.text).toContain('Lu-177 PSMA');
}

describe.each(['pt-BR', 'en-US', 'es'] as const)('hiring a service, from its page to a paid boleto, in %s, in Chromium against the real server', (language) => {
  const t = texts(language);
  it('the visitor hires from /service-info, signs in, sends a quote (the company is mailed); staff (API) create the order and issue the boleto; the clinician opens its PDF from My services; sandbox:pay sent twice confirms once and "Add analysis" unlocks', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, `boleto-${language.toLowerCase()}@clinica.example`);
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    await context.addInitScript((lng) => localStorage.setItem('product-language', lng), language);
    const page = await openPage(context);
    await hireThroughTheSite(page, t, user);

    // Staff answer the quote with an order and its boleto (the back-office's API).
    const staff = await staffSession(env.server);
    const headers = { cookie: staff.cookie, 'content-type': 'application/json' };
    const created = await fetch(`${env.server.url}/api/v1/staff/orders/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: user.id, serviceId: 'dosi-clin', quantity: 2, price: 1500.5 }),
    });
    expect(created.status).toBe(201);
    const { id, code } = (await created.json()) as ApiOrder & { code: string };
    const issued = await fetch(`${env.server.url}/api/v1/staff/orders/${id}/bill/`, { method: 'POST', headers, body: JSON.stringify({ provider: 'sandbox', cpf: uniqueCpf() }) });
    expect(issued.status).toBe(200);
    const order = { ...((await issued.json()) as ApiOrder), code };
    const line = formatLinhaDigitavel(order.bill!.line);
    // The bill's mail (issue 29): the one HTML template with the logo as an inline part, and what a payer needs in both parts.
    const billMail = await env.smtp.waitForMessage((m) => m.to.includes(user.email) && m.subject.includes(code) && m.html?.includes(line) === true, 10_000);
    expect(billMail.html).toContain('src="cid:logo@dosehub"');
    expect(billMail.raw).toMatch(/Content-ID: <logo@dosehub>/i);
    for (const part of [billMail.html!, billMail.text]) expect(part).toContain(formatBrl(1500.5));
    expect(billMail.text).toContain(line);

    await page.goto(`${env.server.url}/dashboard/my-services`);
    const item = page.locator(`[data-order-id="${id}"]`);
    await item.getByRole('button', { expanded: false }).first().click();
    await expect.poll(() => item.getByTestId('bill-line').textContent()).toBe(line);
    await expect.poll(() => item.getByText(formatBrl(1500.5)).count()).toBeGreaterThanOrEqual(1);
    const add = item.getByRole('button', { name: t.orders.actions.add });
    expect(await add.isDisabled()).toBe(true);

    // The clinician opens the bill: a link to the PDF, read with the page's own session.
    const billLink = item.getByRole('link', { name: t.orders.actions.bill });
    const href = await billLink.getAttribute('href');
    expect(href).toBe(order.billUrl);
    const pdf = await context.request.get(new URL(href!, env.server.url).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(line);
    expect((await fetch(new URL(href!, env.server.url))).status).toBe(401);

    // The gateway's event, delivered twice (a retry): one confirmation, one notification.
    const first = await sandboxPay(order.bill!.line, `evt_e2e_${language}`);
    expect(first.stdout.trim()).toBe('200 {"result":"confirmed"}');
    const again = await sandboxPay(order.bill!.line, `evt_e2e_${language}`);
    expect(again.stdout.trim()).toBe('200 {"result":"replayed"}');

    // The open page hears of it live: the payment shows as confirmed and "Add analysis" becomes a link.
    await item.getByRole('link', { name: t.orders.actions.add }).waitFor({ timeout: 15_000 });
    expect(await item.getByRole('status').filter({ hasText: t.orders.bill.paidOn.split('{{')[0] }).count()).toBe(1);
    expect(await item.getByRole('button', { name: t.orders.actions.bill }).isDisabled()).toBe(true);
    const notices = await apiList<{ message: string }>(env.server.url, user, 'notifications/');
    expect(notices.row.filter((n) => n.message.includes(order.code) && /pagamento|payment|pago/i.test(n.message))).toHaveLength(1);
    const paidMails = () => env.smtp.messagesTo(user.email).filter((m) => m.subject.includes(order.code) && /pagamento|payment|pago/i.test(m.subject));
    await expect.poll(() => paidMails().length, { timeout: 10_000 }).toBe(1);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  });
});
