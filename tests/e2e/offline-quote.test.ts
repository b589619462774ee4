import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiList, confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, workerInControl } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { staffSession } from './support/orders.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { quotes: read('quotes'), auth: read('auth'), server: read('server'), account: read('account') };
const ANSWER = 'Proposta enviada: R$ 1.200 por análise, laudos em 5 dias úteis.';
/** Where the journey's phone screenshot goes (looked at by whoever changes these screens). */
const SCREENSHOTS = path.resolve('screenshots/my-quotes');

const env = useE2eEnvironment();

describe('a quote request, on a phone, in Chromium against the real server', () => {
  it('asked offline (the profile filled from this device), sent once online, in My quotes (offline too) with staff\'s answer', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'orcamento@hospital.example');
    const quoteMails = () => env.smtp.messages.filter((mail) => mail.subject === 'Pedido de Orçamento' && mail.text.includes(user.email));

    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await workerInControl(page);

    // Offline from the start of the form: "Do seu perfil" comes from the profile this device kept (issue 29, item 9).
    await context.setOffline(true);
    await page.goto(`${env.server.url}/services/dosi-clin/hire/budget-form`);
    const submit = page.getByRole('button', { name: t.quotes.form.submit });
    await submit.waitFor();
    await page.getByText(t.quotes.form.offlineNote).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: t.quotes.contact.name }).inputValue()).toBe('Rita Moraes');
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.treatmentType) }).fill('Lu-177 PSMA');
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.numberOfPatients) }).fill('12');
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.comments) }).fill('Começamos em maio.');
    await submit.click();
    await page.getByText(t.quotes.messages.queuedOffline).first().waitFor();
    expect(quoteMails()).toEqual([]);

    // My quotes, still offline: waiting to be sent.
    await page.getByRole('link', { name: t.quotes.messages.seeMine }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Lu-177 PSMA' });
    await card.getByText(t.quotes.mine.states.unsent).waitFor();

    // Online: sent once, the company mailed, and the request waits for staff.
    await context.setOffline(false);
    await expect.poll(() => quoteMails().length, { timeout: 15_000 }).toBe(1);
    expect(quoteMails()[0]!.text).toContain('Tipo de tratamento: Lu-177 PSMA');
    await page.reload();
    await card.getByText(t.quotes.mine.states.waiting).waitFor({ timeout: 15_000 });

    // Staff answer it; the clinician is mailed the answer and sees it in My quotes, offline too.
    const staff = await staffSession(env.server);
    const [quote] = (await apiList<{ id: string }>(env.server.url, user, 'quotes/')).row;
    const answered = await fetch(`${env.server.url}/api/v1/staff/quotes/${quote!.id}/`, {
      method: 'PATCH',
      headers: { cookie: staff.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ answered: true, answer: ANSWER }),
    });
    expect(answered.status).toBe(200);
    const answerMail = await env.smtp.waitForMessage((mail) => mail.to.includes(user.email) && mail.text.includes(ANSWER), 15_000);
    expect(answerMail.text).toContain('/dashboard/my-quotes');

    await page.reload();
    await card.getByText(ANSWER).waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    await card.getByText(ANSWER).waitFor();
    await card.getByText(t.quotes.mine.states.answered, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'my-quotes-390.png'), fullPage: true });

    const notices = await apiList<{ message: string }>(env.server.url, user, 'notifications/');
    expect(notices.row.filter((n) => n.message === t.server.notifications.quoteRequested)).toHaveLength(1);
    expect(notices.row.some((n) => n.message.includes(ANSWER))).toBe(true);
    expect(quoteMails()).toHaveLength(1);
    await context.close();
  });
});
