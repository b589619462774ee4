import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

/** Issue 34: subscribe choosing PIX on a phone, the QR shows, the sandbox pays, the page turns paid by itself. */
const read = (language: Language, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const before = (text: string) => text.split('{{')[0]!;
const run = promisify(execFile);

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

/** `npm run sandbox:pay -- '<copy-paste code>'`, its own process, with the secret the server generated. */
const sandboxPay = (code: string) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/sandbox-pay.ts', code, '--url', env.server.url], {
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'PAYMENTS_WEBHOOK_SECRET')), DATA_DIR: env.server.dataDir },
  });

it.for(SUPPORTED_LANGUAGES)('in %s at 390 px: checkout with PIX, "Pay with PIX", the QR and code, sandbox:pay with the code, paid within 2 s, the calculator opens', { timeout: 90_000 }, async (language) => {
  const pix = read(language, 'pix');
  const t = read(language, 'signatures');
  const user = await confirmedUser(env.server.url, env.smtp, `pix-e2e-${language.toLowerCase()}@clinica.example`);
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const page = await openPage(context);
  await loginThroughUi(page, env.server.url, user, read('pt-BR', 'auth').login.submit);

  await page.goto(`${env.server.url}/plans/monthly/checkout?lang=${language}`);
  await page.getByRole('radio', { name: new RegExp(`^${escape(pix.method.pix)}`) }).check();
  await page.getByRole('textbox', { name: new RegExp(escape(t.checkout.document)) }).fill(uniqueCpf());
  await page.getByRole('button', { name: t.checkout.confirm }).click();
  await page.waitForURL(`${env.server.url}/dashboard/my-signatures`);
  const card = page.getByTestId('signature-monthly');
  await card.getByRole('button', { name: pix.pay }).click();
  await card.getByRole('img', { name: pix.qrAlt }).waitFor();
  await card.getByText(pix.code, { exact: true }).waitFor();
  await card.getByRole('button', { name: pix.copy }).waitFor();
  await card.getByText(new RegExp(`^${escape(before(pix.expiresIn))}\\d+:\\d{2}$`)).waitFor();
  const code = (await card.getByTestId('pix-code').textContent())!.trim();
  expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const paid = await sandboxPay(code);
  expect(paid.stdout.trim()).toBe('200 {"result":"confirmed"}');
  const sent = Date.now();
  await card.getByRole('status').filter({ hasText: before(pix.paidOn) }).waitFor({ timeout: 2_000 });
  expect(Date.now() - sent).toBeLessThan(2_000);
  // Paid within the trial: the card says the payment is confirmed (issue 29's wording of the trial).
  await card.getByText(new RegExp(escape(t.card.explain.trialPaid.split('{{end}}')[1]!.trim()))).waitFor();
  // The benefit opens: the calculator, in the same language.
  await card.getByRole('link', { name: read(language, 'catalog').benefits.calculator }).click();
  await page.waitForURL(/\/dashboard\/my-signatures\/benefits\/calculator$/);
  await page.getByRole('heading', { name: t.calculator.title }).first().waitFor();
  await page.getByRole('main').getByRole('textbox').first().waitFor();
  expect(await page.getByRole('alert').filter({ hasText: t.calculator.locked }).count()).toBe(0);
  expect(problemsBesidesNetwork(page)).toEqual([]);
});
