import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatUsdIn } from '#shared/format/money.ts';
import type { Language } from '#shared/languages.ts';
import { apiList, confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, workerInControl } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const login = read('pt-BR', 'auth').login.submit as string;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const env = useE2eEnvironment();

/** Plan 1's price as each language writes dollars (the issue: "$60.00 in en-US, each language's own format elsewhere"). */
const PLAN_1_PRICE: Record<Language, string> = { 'pt-BR': 'US$\u00a060,00', 'en-US': '$60.00', es: '60,00\u00a0US$' };
/** Valid CPFs, one per checkout: these users' profiles have none, and the checkout asks for it. */
const CPFS: Record<Language, string> = { 'pt-BR': '123.456.780-62', 'en-US': '234.567.891-73', es: '345.678.912-28' };

/** The trial's end as the server sets it: today in Brazil plus 30 days. */
function trialEnd(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
}

describe('subscribe → card → calculator → offline, in Chromium against the real server', () => {
  it.each(['pt-BR', 'en-US', 'es'] as const)('in %s', async (language: Language) => {
    const t = read(language, 'signatures');
    const common = read(language, 'common');
    const catalog = read(language, 'catalog');
    const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const user = await confirmedUser(env.server.url, env.smtp, `assina-${language.toLowerCase()}@hospital.example`);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, login);

    await page.goto(`${env.server.url}/plans?lang=${language}`);
    const monthly = page.getByTestId('plan-monthly');
    await monthly.getByText(PLAN_1_PRICE[language]).first().waitFor();
    expect(formatUsdIn(60, language)).toBe(PLAN_1_PRICE[language]);
    await monthly.getByRole('link', { name: common.plan.subscribeTo.replace('{{plan}}', catalog.plans.monthly.title) }).click();

    await page.getByText(t.checkout.refundBody).waitFor();
    await page.getByRole('textbox', { name: new RegExp(escape(t.checkout.document)) }).fill(CPFS[language]);
    await page.getByRole('button', { name: t.checkout.confirm }).click();
    await page.waitForURL(`${env.server.url}/dashboard/my-signatures`);
    const card = page.getByTestId('signature-monthly');
    // The trial's end is both a field and the first bill's date (and in the sentence that explains the trial).
    await card.getByText(formatDate(trialEnd(), language), { exact: true }).first().waitFor();
    await card.getByText(PLAN_1_PRICE[language], { exact: true }).first().waitFor();
    await card.getByText(t.status.trial, { exact: true }).first().waitFor();
    await card.getByRole('link', { name: catalog.benefits.calculator }).click();

    const surface = page.getByRole('textbox', { name: new RegExp(escape(t.calculator.surface)) });
    await surface.fill('200');
    const result = page.getByTestId('activity-at-injection');
    await result.getByText(`${number.format(193.17)} MBq`).waitFor();
    await result.getByText(`${number.format(5.22)} mCi`).waitFor();

    await workerInControl(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel(t.calculator.nuclide).selectOption('Re-188');
    await page.getByLabel(t.calculator.thickness).selectOption('2');
    await page.getByRole('textbox', { name: new RegExp(escape(t.calculator.surface)) }).fill('200');
    await page.getByTestId('activity-at-injection').getByText(`${number.format(896.66)} MBq`).waitFor();
    await page.getByTestId('activity-at-injection').getByText(`${number.format(24.23)} mCi`).waitFor();
    await context.close();
  });

  it('a user without a subscription is turned away from the calculator, with the link to /plans', async () => {
    const t = read('pt-BR', 'signatures');
    const user = await confirmedUser(env.server.url, env.smtp, 'sem-plano@hospital.example');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, login);
    await page.goto(`${env.server.url}/dashboard/my-signatures/benefits/calculator`);
    await page.getByText(t.calculator.lockedBody).waitFor();
    expect(await page.getByRole('textbox', { name: new RegExp(escape(t.calculator.surface)) }).count()).toBe(0);
    await page.getByRole('link', { name: t.calculator.toPlans }).click();
    await page.waitForURL(`${env.server.url}/plans`);

    // The manual is for everyone: the model, its assumptions and the coefficient table.
    await page.goto(`${env.server.url}/dashboard/my-signatures/benefits/calculator/manual`);
    await page.getByRole('heading', { name: t.manual.model.title }).waitFor();
    const table = page.getByRole('table', { name: t.manual.tableLabel });
    expect(await table.getByRole('row').count()).toBe(1 + 10);
    await table.getByRole('row', { name: /Re-188 2 mm 4,468 3,059 17 h/ }).waitFor();
    await context.close();
  });

  it('a checkout confirmed offline says so, is sent once when the network returns, and the company gets one "Nova assinatura"', async () => {
    const t = read('pt-BR', 'signatures');
    const user = await confirmedUser(env.server.url, env.smtp, 'assina-offline@hospital.example');
    const companyMails = () => env.smtp.messages.filter((mail) => mail.subject === 'Nova assinatura' && mail.text.includes(user.email));
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, login);
    await page.goto(`${env.server.url}/plans/yearly/checkout`);
    const confirm = page.getByRole('button', { name: t.checkout.confirm });
    await confirm.waitFor();

    await context.setOffline(true);
    // This profile has no CPF or CNPJ: asked here, offline too, and carried by the queued checkout.
    await confirm.click();
    const documentField = page.getByRole('textbox', { name: new RegExp(escape(t.checkout.document)) });
    await page.getByText(t.checkout.documentRequired).waitFor();
    await documentField.fill('111.111.111-11');
    await confirm.click();
    await page.getByText(read('pt-BR', 'validation').invalidCpf as string).waitFor();
    await documentField.fill('456.789.123-64');
    await confirm.click();
    await page.getByText(t.checkout.queuedBody).waitFor();
    expect(companyMails()).toEqual([]);

    await context.setOffline(false);
    await page.waitForURL(`${env.server.url}/dashboard/my-signatures`, { timeout: 15_000 });
    await page.getByTestId('signature-yearly').getByText(t.status.trial).waitFor();
    await expect.poll(() => companyMails().length, { timeout: 15_000 }).toBe(1);
    await page.reload();
    await page.getByTestId('signature-yearly').waitFor();
    expect((await apiList(env.server.url, user, 'signatures/')).count).toBe(1);
    expect(companyMails()).toHaveLength(1);
    const profile = await fetch(`${env.server.url}/api/v1/users/${user.id}/`, { headers: { cookie: user.cookie } });
    expect(((await profile.json()) as { cpf: string }).cpf).toBe('456.789.123-64');

    // A second checkout of the same plan is refused at the button, with v1's message.
    await page.goto(`${env.server.url}/plans/yearly/checkout`);
    await page.getByRole('button', { name: t.checkout.confirm }).click();
    await page.getByRole('alert').filter({ hasText: t.checkout.alreadySubscribed }).waitFor();
    expect((await apiList(env.server.url, user, 'signatures/')).count).toBe(1);
    await context.close();
  });
});
