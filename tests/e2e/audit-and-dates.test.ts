import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { confirmedUser, type ApiUser } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { staffSession, staffSignInThroughUi, type StaffSession } from './support/orders.ts';

/**
 * Issue 29 in Chromium against the real server: the audit log speaks people (a staff member picked by name or
 * e-mail, records by name and client, values by their labels), and a date field follows the interface language,
 * not the browser's (dd/mm/aaaa in pt-BR, mm/dd/yyyy in en-US), sending the same ISO day.
 */
const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const pt = { staff: read('pt-BR', 'staff'), validation: read('pt-BR', 'validation') };
const en = { staff: read('en-US', 'staff'), validation: read('en-US', 'validation') };

const env = useE2eEnvironment();
let staff: StaffSession;
let clinician: ApiUser;

beforeAll(async () => {
  staff = await staffSession(env.server);
  clinician = await confirmedUser(env.server.url, env.smtp, 'audit-dates@clinica.example');
  const created = await fetch(`${env.server.url}/api/v1/staff/orders/`, {
    method: 'POST',
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: clinician.id, serviceId: 'radiosino', quantity: 2, price: 1500 }),
  });
  expect(created.status).toBe(201);
}, 60_000);

/** The staff member's session cookies, once signed in through the login page: later pages reuse them. */
let staffCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** The audit log in `language`, in a browser whose own locale is en-US, at 1280 px. */
async function auditPage(language: string, query = ''): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await openPage(context);
  if (staffCookies) await context.addCookies(staffCookies);
  else {
    await staffSignInThroughUi(page, env.server);
    staffCookies = await context.cookies();
  }
  await page.goto(`${env.server.url}/staff/audit?lang=${language}${query}`);
  await page.locator('table tbody tr').first().waitFor();
  return page;
}

describe('the audit log and date fields in the interface language', () => {
  it('picks a staff member by e-mail, an action and a client by name, and shows the order by name and client, its values by their labels', async () => {
    const page = await auditPage('pt-BR');
    const staffEmail = /e-mail:\s+(\S+)/.exec(env.server.output())![1]!;
    await page.getByRole('combobox', { name: pt.staff.audit.staff }).fill(staffEmail.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(staffEmail.replace(/[.+]/g, '\\$&')) }).click();
    await page.waitForURL(/staff=[0-9a-f-]{36}/);
    await page.getByRole('combobox', { name: pt.staff.audit.action }).click();
    await page.getByRole('option', { name: pt.staff.audit.actions['order.create'] }).click();
    await page.waitForURL(/action=order\.create/);
    await page.getByRole('combobox', { name: pt.staff.audit.client }).fill('Rita');
    await page.getByRole('option', { name: /Rita Moraes · audit-dates@clinica\.example/ }).click();
    await page.waitForURL(new RegExp(`client=${clinician.id}`));

    const row = page.locator('table tbody tr').filter({ hasText: 'Rita Moraes' }).first();
    await expect.poll(() => row.textContent()).toContain('Radiosinoviortese');
    const text = (await row.textContent())!;
    expect(text).toContain(' · Radiosinoviortese');
    expect(text).toContain(`${pt.staff.audit.fields.statusPayment}:${pt.staff.orders.paymentStatus.APG}`);
    expect(text).toContain(`${pt.staff.audit.fields.price}:R$\u00a01.500,00`);
    expect(text).not.toMatch(/statusPayment|serviceId|APG|[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(await row.getByRole('link', { name: 'Rita Moraes' }).getAttribute('href')).toBe(`/staff/users/${clinician.id}`);
    await page.context().close();
  });

  it('a day typed dd/mm/aaaa in pt-BR and mm/dd/yyyy in en-US (a browser in en-US), the same ISO day sent; a wrong one said, the text kept', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const [year, month, day] = today.split('-');
    const page = await auditPage('pt-BR');
    const from = page.getByRole('textbox', { name: /^De/ });
    expect(await from.getAttribute('placeholder')).toBe(pt.validation.datePattern);
    await from.fill(`${day}/${month}/${year}`);
    await page.waitForURL(new RegExp(`from=${today}`));
    await page.locator('table tbody tr').filter({ hasText: 'Rita Moraes' }).first().waitFor();
    await page.context().close();

    const english = await auditPage('en-US', `&from=${today}`);
    const fromInEnglish = english.getByRole('textbox', { name: /^From/ });
    expect(await fromInEnglish.inputValue()).toBe(`${month}/${day}/${year}`);
    expect(await fromInEnglish.getAttribute('placeholder')).toBe(en.validation.datePattern);
    await fromInEnglish.fill(`${day === '13' ? '14' : '13'}/45/${year}`);
    await fromInEnglish.press('Tab');
    await expect.poll(() => fromInEnglish.getAttribute('aria-invalid')).toBe('true');
    await english.getByText(en.validation.dateTyped.replace('{{pattern}}', en.validation.datePattern)).waitFor();
    expect(await fromInEnglish.inputValue()).toBe(`${day === '13' ? '14' : '13'}/45/${year}`);
    await english.context().close();
  });
});
