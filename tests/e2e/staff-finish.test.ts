import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { confirmedUser, type ApiUser } from './support/accounts.ts';
import { openPage, shownDialog } from './support/browser.ts';
import { staffSession, staffSignInThroughUi, type StaffSession } from './support/orders.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { axeViolations } from './support/axe.ts';

/**
 * The back-office's finish (issue 29): tables that show their actions whole, focus that comes back after a dialog
 * or an in-row action, named close buttons, the fields' focus ring, and no axe violation on any staff page or dialog.
 */
const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const t = { staff: read('pt-BR', 'staff'), common: read('pt-BR', 'common') };

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

let staff: StaffSession;
let clinician: ApiUser;
const API = '/api/v1';

async function post(pathname: string, cookie: string, body: object) {
  const response = await fetch(`${env.server.url}${API}${pathname}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
}

/** A clinician with what every staff table lists: two unpaid orders (one with a long service name), a quote and a subscription. */
beforeAll(async () => {
  staff = await staffSession(env.server);
  clinician = await confirmedUser(env.server.url, env.smtp, 'staff-finish@clinica.example');
  for (const serviceId of ['radiosino', 'dosi-clin']) await post('/staff/orders/', staff.cookie, { userId: clinician.id, serviceId, quantity: 2, price: 1500 });
  await post(`/users/${clinician.id}/budget/`, clinician.cookie, { service: 'Radiosinoviortese', treatmentType: 'Y-90 joelho', numberOfPatients: 3, comments: 'Primeiro.' });
  await post(`/users/${clinician.id}/signatures/`, clinician.cookie, { plan: 'monthly', cpf: uniqueCpf() });
}, 60_000);

/** The staff session's cookies, once signed in through the login page: the other screen sizes reuse them. */
let staffCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** A staff member signed in (through the login page, with their authenticator code, the first time), at that screen size. */
async function staffPage(width: number, height: number) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  const page = await openPage(context);
  if (staffCookies) {
    await context.addCookies(staffCookies);
    await page.goto(`${env.server.url}/staff`);
    await page.waitForURL(/\/staff/);
    return page;
  }
  await staffSignInThroughUi(page, env.server);
  staffCookies = await context.cookies();
  return page;
}

const SCREENS = ['users', 'quotes', 'orders', 'analyses', 'subscriptions', 'audit'];

async function openScreen(page: Page, screen: string, language = 'pt-BR') {
  await page.goto(`${env.server.url}/staff/${screen}?lang=${language}`);
  await page.getByRole('table').first().waitFor();
  await page.locator('table tbody tr').or(page.locator('.mantine-datatable-empty-state')).first().waitFor();
}

/** Controls and badges of the tables whose text is cut, and tables that scroll sideways. */
function clipped(page: Page, tablesMayScroll: boolean) {
  return page.evaluate((mayScroll) => {
    const cut = [...document.querySelectorAll<HTMLElement>('table button, table a, table .mantine-Badge-root, table .mantine-Badge-label, table .mantine-Button-label')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `cut: ${element.textContent}`);
    const scrolling = mayScroll
      ? []
      : [...document.querySelectorAll('table')].map((table) => table.closest<HTMLElement>('.mantine-ScrollArea-viewport') ?? table.parentElement!)
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => `scrolls sideways: ${box.querySelector('table')?.getAttribute('aria-label')} ${box.scrollWidth} > ${box.clientWidth}`);
    return [...cut, ...scrolling];
  }, tablesMayScroll);
}

const activeText = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent}`);
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** A label with a value (`… {{code}}`) as a pattern of its fixed start. */
const startsWith = (text: string) => new RegExp(`^${text.split('{{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);


describe('the back-office finish, in Chromium', () => {
  it('at 1280×800 and 1024×768 every staff table shows its buttons and badges whole; at 1280 no table scrolls sideways', { timeout: 90_000 }, async () => {
    const problems: string[] = [];
    for (const [width, height] of [[1280, 800], [1024, 768]] as const) {
      const page = await staffPage(width, height);
      for (const screen of [...SCREENS, `users/${clinician.id}`]) {
        await openScreen(page, screen);
        problems.push(...(await clipped(page, width < 1280)).map((problem) => `${width} /staff/${screen} ${problem}`));
      }
    }
    expect(problems).toEqual([]);
    // No analysis yet: the empty queue says there is nothing, not that the filters match nothing.
    const page = await staffPage(1280, 800);
    await openScreen(page, 'analyses');
    await page.getByText(t.staff.table.none).waitFor();
    expect(await page.getByText(t.staff.table.empty).count()).toBe(0);
  });

  it('at 390 px no staff page is wider than the screen (tables scroll inside their box)', { timeout: 90_000 }, async () => {
    const page = await staffPage(390, 844);
    const wider: string[] = [];
    for (const screen of [...SCREENS, `users/${clinician.id}`]) {
      await openScreen(page, screen);
      const extra = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      if (extra > 0) wider.push(`/staff/${screen}: ${extra} px wider`);
    }
    expect(wider).toEqual([]);
  });

  it('a dialog opens on its first field with a named close button, and gives focus back to what opened it after Escape and after submit; an in-row action keeps focus on its row; fields show a focus ring', { timeout: 90_000 }, async () => {
    const page = await staffPage(1280, 800);
    await openScreen(page, `users/${clinician.id}`);
    const createOrder = page.getByRole('main').getByRole('button', { name: t.staff.orders.createTitle, exact: true }).first();
    await createOrder.focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: t.staff.orders.createTitle });
    expect(await create.getByRole('button', { name: t.common.actions.closeDialog }).count()).toBe(1);
    await expect.poll(() => isFocused(create.getByLabel(t.staff.orders.service, { exact: false }).first())).toBe(true);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(createOrder), { timeout: 3_000 }).toBe(true);

    // Submitted, "Create order" hands over to the new order's bill; closing that one comes back to "Create order" too.
    await page.keyboard.press('Enter');
    await create.getByLabel(t.staff.orders.service, { exact: false }).first().click();
    await page.getByRole('option', { name: /Segmenta/ }).click();
    await create.getByLabel(t.staff.orders.quantity, { exact: false }).fill('2');
    await create.getByLabel(t.staff.orders.price, { exact: false }).fill('900');
    await create.getByRole('button', { name: t.staff.orders.create }).click();
    const bill = page.getByRole('dialog', { name: /Cobrança do pedido/ });
    // The client's profile has the CPF their subscription saved: the bill says so instead of asking, and focus is on "Issue bill".
    await bill.getByText(t.staff.orders.payerOnProfile).waitFor();
    expect(await bill.getByLabel(t.staff.orders.payerDocumentOf.replace('{{kind}}', 'CPF')).inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(await bill.getByLabel(t.staff.orders.payerDocument, { exact: false }).count()).toBe(0);
    await expect.poll(() => isFocused(bill.getByRole('button', { name: t.staff.orders.issueBill }))).toBe(true);
    expect(await bill.getByRole('button', { name: t.common.actions.closeDialog }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await bill.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(createOrder), { timeout: 3_000 }).toBe(true);

    // Confirming a payment removes its button: focus stays on the order's row.
    await openScreen(page, 'orders');
    const confirmButton = page.getByRole('button', { name: startsWith(t.staff.orders.confirmPaymentFor) }).first();
    const code = /pedido (\S+)/.exec((await confirmButton.getAttribute('aria-label'))!)![1]!;
    await confirmButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /Confirmar o pagamento/ });
    await confirm.getByLabel(t.staff.reason.label, { exact: false }).fill('Transferência recebida');
    await confirm.getByRole('button', { name: t.staff.orders.confirmPayment }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? document.activeElement?.tagName), { timeout: 5_000 }).toContain(code);

    // "Mark as answered" asks for the answer the client gets, then focus is back on its button (now "Mark as new").
    await openScreen(page, 'quotes');
    await page.getByRole('button', { name: t.staff.quotes.markAnswered }).first().focus();
    await page.keyboard.press('Enter');
    const answer = page.getByRole('dialog');
    await answer.getByLabel(t.staff.quotes.answer.label, { exact: false }).fill('Proposta enviada por e-mail.');
    await answer.getByRole('button', { name: t.staff.quotes.markAnswered }).click();
    await answer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t.staff.quotes.markNew }).first().waitFor();
    await expect.poll(() => activeText(page), { timeout: 3_000 }).toBe(`BUTTON ${t.staff.quotes.markNew}`);

    // A text field reached by Tab shows the buttons' ring, not only a border colour.
    await openScreen(page, 'users');
    await page.getByRole('searchbox', { name: t.staff.users.search }).focus();
    expect(await page.getByRole('searchbox', { name: t.staff.users.search }).evaluate((field) => getComputedStyle(field).outlineStyle)).toBe('solid');
  });

  it('axe finds no violation on any staff screen, a user\'s record, or the export, create-order, bill and confirm dialogs (of an order and of a subscription), at 1280 and 390 px in each language', { timeout: 360_000 }, async () => {
    const page = await staffPage(1280, 800);
    const problems: string[] = [];
    const dialog = async (label: string, open: () => Promise<void>) => {
      await open();
      await shownDialog(page);
      problems.push(...(await axeViolations(page, label)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    };
    for (const [width, height] of [[1280, 800], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      for (const language of SUPPORTED_LANGUAGES) {
        const staffTexts = read(language, 'staff');
        const at = `${language} ${width}px`;
        for (const screen of [...SCREENS, `users/${clinician.id}`]) {
          await openScreen(page, screen, language);
          problems.push(...(await axeViolations(page, `${at} /staff/${screen}`)));
        }
        await dialog(`${at} export data`, () => page.getByRole('button', { name: staffTexts.users.exportButton }).click());
        await dialog(`${at} create order`, () => page.getByRole('main').getByRole('button', { name: staffTexts.orders.createTitle, exact: true }).first().click());
        await openScreen(page, 'orders', language);
        await dialog(`${at} bill`, () => page.getByRole('button', { name: startsWith(staffTexts.orders.issueBillFor) }).first().click());
        await dialog(`${at} confirm payment`, () => page.getByRole('button', { name: startsWith(staffTexts.orders.confirmPaymentFor) }).first().click());
        await openScreen(page, 'subscriptions', language);
        await dialog(`${at} subscription's payment`, () => page.getByRole('table').getByRole('button', { name: staffTexts.signatures.confirmPayment }).first().click());
      }
    }
    expect(problems).toEqual([]);
  });
});
