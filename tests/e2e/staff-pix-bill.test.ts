import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sandboxPay } from '#server/sandbox-pay.ts';
import { confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork, shownDialog } from './support/browser.ts';
import { staffSecretOf, staffSession } from './support/orders.ts';
import { nextCode } from './support/second-factor.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { axeViolations } from './support/axe.ts';

/**
 * Issue 34's back-office part and issue 29 item 12: staff create an order (the quantity takes the "2" typed), bill it
 * by PIX from a dialog that shows the client's CNPJ, the clinician's order shows the charge, the sandbox pays it,
 * staff refund it from the order's row, and both sides say "refunded".
 */
const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { staff: read('staff'), auth: read('auth'), orders: read('orders'), pix: read('pix') };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const before = (text: string) => text.split('{{')[0]!;
const label = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

const CNPJ = '11.222.333/0001-81';
const PRICE = 1234.5;

/** `npm run sandbox:pay -- '<copy-paste code>'` (its function, in this process: a second tsx process costs seconds), with the secret the server generated. */
const pay = (code: string) =>
  sandboxPay([code, '--url', env.server.url], { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'PAYMENTS_WEBHOOK_SECRET')), DATA_DIR: env.server.dataDir });


async function newPage() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return openPage(context);
}

/** Staff sign in through the login page with their authenticator's code (the account `staffSession` enrolled). */
async function staffSignIn(page: Page) {
  await page.goto(`${env.server.url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill(/e-mail:\s+(\S+)/.exec(env.server.output())![1]!);
  await page.getByLabel(/^Senha( \*)?$/).fill(/password:\s+(\S+)/.exec(env.server.output())![1]!);
  await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
  await page.getByLabel(label(t.auth.secondStep.code)).fill(await nextCode(staffSecretOf(env.server)));
  await page.getByRole('main').getByRole('button', { name: t.auth.secondStep.submit }).click();
  await page.waitForURL(/\/staff/);
}

const orderRow = (page: Page, code: string) => page.getByRole('row').filter({ hasText: code });
const focusedRowText = (page: Page) => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? document.activeElement?.tagName);

it('staff bill an order by PIX (CNPJ from the profile, one bill only), the clinician sees and pays the charge, staff refund it: both sides say refunded', async () => {
  await staffSession(env.server);
  const clinician = await confirmedUser(env.server.url, env.smtp, 'pix-bill@clinica.example');
  const patched = await fetch(`${env.server.url}/api/v1/users/${clinician.id}/`, {
    method: 'PATCH',
    headers: { cookie: clinician.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ clinic: 'Clínica Rita', cnpj: CNPJ }),
  });
  expect(patched.status).toBe(204);
  const [staff, client] = await Promise.all([newPage(), newPage()]);
  await Promise.all([staffSignIn(staff), loginThroughUi(client, env.server.url, clinician, t.auth.login.submit)]);

  // Create order: the quantity field starts empty, so typing "2" gives 2 (not 12).
  await staff.goto(`${env.server.url}/staff/users/${clinician.id}`);
  await staff.getByRole('main').getByRole('button', { name: t.staff.orders.createTitle, exact: true }).first().click();
  const create = staff.getByRole('dialog', { name: t.staff.orders.createTitle });
  await create.getByLabel(t.staff.orders.service, { exact: false }).first().click();
  await staff.getByRole('option', { name: /Segmenta/ }).click();
  const quantity = create.getByLabel(label(t.staff.orders.quantity));
  await quantity.focus();
  await staff.keyboard.type('2');
  expect(await quantity.inputValue()).toBe('2');
  await create.getByLabel(label(t.staff.orders.price)).fill('1234,50');
  await create.getByRole('button', { name: t.staff.orders.create }).click();

  // The bill: the order's method (boleto) preselected, the client's CNPJ shown from the profile, "Anexar um PDF" whole.
  const bill = staff.getByRole('dialog', { name: new RegExp(escape(before(t.staff.orders.billTitle))) });
  const code = /\S+$/.exec((await bill.getByRole('heading').textContent())!)![0];
  expect(await bill.getByLabel(label(t.staff.orders.payerDocumentOf.replace('{{kind}}', 'CNPJ'))).inputValue()).toBe(CNPJ);
  expect(await bill.getByRole('radio', { name: t.staff.orders.billProvider }).isChecked()).toBe(true);
  const attach = bill.getByText(t.staff.orders.billFile, { exact: true });
  expect(await attach.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await shownDialog(staff);
  expect(await axeViolations(staff)).toEqual([]);
  await bill.getByRole('radio', { name: t.staff.orders.billPix }).check();
  await bill.getByRole('button', { name: t.staff.orders.issueBill }).click();
  await bill.waitFor({ state: 'hidden' });

  // The row shows the PIX charge's state and no second "Emitir cobrança".
  await staff.goto(`${env.server.url}/staff/orders`);
  const row = orderRow(staff, code);
  await row.getByText(t.staff.orders.billState.pix.open).waitFor();
  expect(await row.getByRole('button', { name: new RegExp(`^${escape(t.staff.orders.issueBill)}`) }).count()).toBe(0);

  // The clinician's order shows the charge; the sandbox pays it by its copy-paste code; their page turns paid by itself,
  // though the payment lands before its live stream listens (held here, as a slow start did in a CI run): the
  // stream's first open catches up.
  let releaseStream = () => {};
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  await client.route(/\/api\/v1\/users\/[^/]+\/events\/$/, async (route) => {
    await streamHeld;
    await route.continue();
  });
  await client.goto(`${env.server.url}/dashboard/my-services`);
  const item = client.locator('[data-order-id]').first();
  await item.getByRole('button', { expanded: false }).first().click();
  const pixCode = (await item.getByTestId('pix-code').textContent())!.trim();
  // Billed by PIX: no disabled "Boleto" button saying the boleto was not issued yet.
  expect(await item.getByRole('button', { name: t.orders.actions.bill }).count()).toBe(0);
  expect(await item.getByText(t.orders.reasons.billMissing).count()).toBe(0);
  expect(await pay(pixCode)).toEqual({ status: 200, body: '{"result":"confirmed"}' });
  releaseStream();
  await item.getByRole('status').filter({ hasText: before(t.pix.paidOn) }).waitFor({ timeout: 5_000 });

  // Staff refund it from the row: the dialog names the amount in pt-BR, focus comes back to the row, the row says refunded.
  await staff.reload();
  await row.getByText(t.staff.orders.billState.pix.paid).waitFor();
  const refund = row.getByRole('button', { name: t.staff.orders.refundFor.replace('{{code}}', code) });
  await refund.focus();
  await staff.keyboard.press('Enter');
  const amount = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(PRICE);
  const dialog = staff.getByRole('dialog', { name: t.staff.orders.refundTitle.replace('{{code}}', code) });
  await dialog.getByText(t.staff.orders.refundIntro.replace('{{amount}}', amount)).waitFor();
  await shownDialog(staff);
  expect(await axeViolations(staff)).toEqual([]);
  await dialog.getByRole('button', { name: t.staff.orders.refundSubmit.replace('{{amount}}', amount) }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText(t.staff.orders.billState.pix.refunded).waitFor();
  await row.getByText(t.staff.orders.paymentStatus.REF, { exact: true }).waitFor();
  await expect.poll(() => focusedRowText(staff), { timeout: 3_000 }).toContain(code);

  // The clinician's open page hears of it: the order and its charge say refunded.
  await item.getByRole('status').filter({ hasText: before(t.pix.refundedOn) }).waitFor({ timeout: 5_000 });
  await item.getByText(t.orders.payment.REF).first().waitFor();
  await item.getByText(t.orders.reasons.refunded).waitFor();
  expect(problemsBesidesNetwork(staff)).toEqual([]);
  expect(problemsBesidesNetwork(client)).toEqual([]);
}, 90_000);
