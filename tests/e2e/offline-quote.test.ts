import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiList, confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { quotes: read('quotes'), auth: read('auth'), server: read('server') };

const env = useE2eEnvironment();

describe('a quote request offline, in Chromium against the real server', () => {
  it('is kept while offline, delivered once when the network returns, and the company gets its mail', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'orcamento@hospital.example');
    const quoteMails = () => env.smtp.messages.filter((mail) => mail.subject === 'Pedido de Orçamento' && mail.text.includes(user.email));

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await page.goto(`${env.server.url}/services/dosi-clin/hire/budget-form`);
    const submit = page.getByRole('button', { name: t.quotes.form.submit });
    await submit.waitFor();

    await context.setOffline(true);
    await page.getByText(t.quotes.form.offlineNote).waitFor();
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.treatmentType) }).fill('Lu-177 PSMA');
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.numberOfPatients) }).fill('12');
    await page.getByRole('textbox', { name: new RegExp(t.quotes.fields.comments) }).fill('Começamos em maio.');
    await submit.click();
    await page.getByText(t.quotes.messages.queuedOffline).first().waitFor();
    expect(quoteMails()).toEqual([]);

    await context.setOffline(false);
    await page.getByText(t.quotes.messages.requested).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => quoteMails().length, { timeout: 15_000 }).toBe(1);
    expect(quoteMails()[0]!.text).toContain('Tipo de tratamento: Lu-177 PSMA');

    // Reloading and reconnecting again sends nothing more.
    await page.reload();
    await submit.waitFor();
    const notices = await apiList<{ message: string }>(env.server.url, user, 'notifications/');
    expect(notices.row.filter((n) => n.message === t.server.notifications.quoteRequested)).toHaveLength(1);
    expect(quoteMails()).toHaveLength(1);
    await context.close();
  });
});
