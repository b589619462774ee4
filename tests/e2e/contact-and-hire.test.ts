// Issue 15 in Chromium against the real server and a real SMTP server: a visitor writes through /contact (offline
// first: told so, nothing lost), the company's mail arrives; the contact form's errors in es and en-US; /services
// a page at a time; /services/dosi-clin/hire signed out → login → back → the quote form.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, confirmedUser } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const NAMESPACES = ['contact', 'site', 'auth', 'quotes', 'validation'] as const;
type Texts = Record<(typeof NAMESPACES)[number], Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- locale JSON
const texts = (language: string) =>
  Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'))])) as Texts;
const pt = texts('pt-BR');
const COMPANY = 'no-reply@dosehub.local';

const env = useE2eEnvironment();

describe('the contact form', () => {
  it('offline it says so and keeps the text; online the message is sent and the company gets it', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/contact`);
    const form = page.getByRole('form', { name: pt.contact.form.label });
    const submit = form.getByRole('button', { name: pt.contact.form.submit });
    await submit.waitFor();

    await context.setOffline(true);
    await form.getByText(pt.contact.offline.title).waitFor();
    const email = 'visitante@clinica.example';
    const values: Array<[string, string]> = [
      [pt.contact.fields.fullName, 'Vera Visitante'],
      [pt.contact.fields.email, email],
      [pt.contact.fields.phone, '(31) 98765-4321'],
      [pt.contact.fields.role, 'Física médica'],
      [pt.contact.fields.clinic, 'Clínica Horizonte'],
      [pt.contact.fields.subject, 'Dosimetria de Lu-177'],
      [pt.contact.fields.message, 'Queremos saber o prazo para 10 pacientes.'],
    ];
    for (const [label, value] of values) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    await submit.click();
    await form.getByRole('alert').getByText(pt.contact.offline.notSent).waitFor();
    expect(env.smtp.messagesTo(COMPANY)).toEqual([]);
    expect(await form.getByLabel(new RegExp(`^${pt.contact.fields.message}`)).inputValue()).toBe('Queremos saber o prazo para 10 pacientes.');

    await context.setOffline(false);
    await form.getByText(pt.contact.offline.title).waitFor({ state: 'detached', timeout: 15_000 });
    await submit.click();
    await page.getByText(pt.contact.sent.title).waitFor();
    const mail = await env.smtp.waitForMessage((message) => message.subject === 'Contato' && message.text.includes(email), 10_000);
    expect(mail.envelope.to).toEqual([COMPANY]);
    expect(mail.headers['reply-to']).toContain(email);
    expect(mail.text).toContain('Nome completo: Vera Visitante');
    expect(mail.text).toContain('Telefone: +55 (31) 98765-4321');
    expect(mail.text).toContain('Queremos saber o prazo para 10 pacientes.');
    await context.close();
  });

  it.each([
    ['es', 'Introduzca una dirección de correo electrónico válida.'],
    ['en-US', 'Enter a valid email address.'],
  ])("the server's messages on their fields, in the visitor's language (%s)", async (language, emailMessage) => {
    const t = texts(language);
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/contact?lang=${language}`);
    const form = page.getByRole('form', { name: t.contact.form.label });
    await form.getByLabel(new RegExp(`^${t.contact.fields.fullName}`)).fill('Vera Visitante');
    await form.getByLabel(new RegExp(`^${t.contact.fields.email}`)).fill('vera@');
    await form.getByRole('button', { name: t.contact.form.submit }).click();

    const required = t.validation.required as string;
    for (const field of ['role', 'clinic', 'subject', 'message']) {
      await expect.poll(() => form.getByLabel(new RegExp(`^${t.contact.fields[field]}`)).getAttribute('aria-invalid')).toBe('true');
    }
    await form.getByText(required).first().waitFor();
    // The blank fields are the client's to say; filled in, the server words the rest.
    for (const [field, value] of [['role', 'Física'], ['clinic', 'Clínica'], ['subject', 'Hola'], ['message', 'Texto'], ['phone', '11987654321']]) {
      await form.getByLabel(new RegExp(`^${t.contact.fields[field!]}`)).fill(value!);
    }
    await form.getByRole('button', { name: t.contact.form.submit }).click();
    await form.getByText(emailMessage).waitFor();
    const emailField = form.getByLabel(new RegExp(`^${t.contact.fields.email}`));
    expect(await emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await emailField.inputValue()).toBe('vera@');
    expect(await form.getByLabel(new RegExp(`^${t.contact.fields.message}`)).inputValue()).toBe('Texto');
    await context.close();
  });
});

describe('hiring a service', () => {
  it('/services: the five services on one page with its pager; a page past the last shows the last', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/services?page=3`);
    const pager = page.getByRole('navigation', { name: pt.site.services.pager.label });
    await pager.getByText('Página 1 de 1').waitFor();
    expect(await page.getByTestId(/^service-/).count()).toBe(5);
    expect(await pager.getByRole('button', { name: pt.site.services.pager.previous }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: pt.site.services.pager.next }).isDisabled()).toBe(true);
    for (const id of ['dosi-clin', 'dosi-preclin', 'seg-quant', 'radiosino', 'model-comp']) {
      const card = page.getByTestId(`service-${id}`);
      expect(await card.getByRole('link', { name: new RegExp(`^${pt.site.services.requestQuote}`) }).getAttribute('href')).toBe(`/services/${id}/hire/budget-form`);
      expect(await card.getByRole('link', { name: new RegExp(`^${pt.site.services.hire}`) }).getAttribute('href')).toBe(`/services/${id}/hire`);
    }
    await context.close();
  });

  it('/services/dosi-clin/hire signed out → login → back here → the quote form', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'contrata@hospital.example');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/services`);
    await page.getByTestId('service-dosi-clin').getByRole('link', { name: new RegExp(`^${pt.site.services.hire}`) }).click();
    await page.waitForURL(`${env.server.url}/services/dosi-clin/hire`);
    const steps = page.getByRole('list', { name: pt.site.hirePage.stepsTitle }).getByRole('heading', { level: 3 });
    // The address changes before the page's lazy route has rendered: wait for the last step to show.
    await steps.nth(4).waitFor();
    expect(await steps.allTextContents()).toEqual(['quote', 'order', 'payment', 'analyses', 'report'].map((step) => pt.site.hirePage.steps[step].title));

    await page.getByRole('link', { name: pt.site.hirePage.login }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel(/^E-mail( \*)?$/).fill(user.email);
    await page.getByLabel(/^Senha( \*)?$/).fill(E2E_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: pt.auth.login.submit }).click();
    await page.waitForURL(`${env.server.url}/services/dosi-clin/hire`);

    await page.getByRole('link', { name: pt.site.hirePage.requestQuote.replace('{{service}}', 'Dosimetria Clínica') }).click();
    await page.waitForURL(`${env.server.url}/services/dosi-clin/hire/budget-form`);
    await page.getByRole('heading', { name: pt.quotes.title.replace('{{service}}', 'Dosimetria Clínica') }).waitFor();
    await page.getByRole('button', { name: pt.quotes.form.submit }).waitFor();
    await context.close();
  });
});
