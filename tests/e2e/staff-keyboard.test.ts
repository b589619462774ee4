import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { smallZip } from './support/calibrations.ts';
import { confirmedUser, loginThroughUi } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork } from './support/browser.ts';
import { analysesOf, staffSession, staffSignInThroughUi } from './support/orders.ts';
import { useE2eEnvironment } from './support/environment.ts';

/**
 * Issue 29's keyboard-only staff journey, in Chromium against the real server: from a client's quote to the order,
 * its bill, the payment's confirmation, then the analysis moved on to its report, with Tab, arrows, Space, Enter
 * and typing only. After every dialog and in-row action the test asserts where focus is, and each control is
 * reached within a few Tabs of the last (issue 29 measured 22–37 when focus fell to the page).
 */
const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { staff: read('staff'), auth: read('auth'), analyses: read('analyses'), common: read('common') };
const REPORT = { name: 'laudo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%laudo\n'.padEnd(50_000, ' ')) };
/** The most Tabs from one control to the next one the journey needs (a table's sortable headers are on the way). */
const MAX_TABS = 20;

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

async function newPage(width: number) {
  const context = await env.browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return openPage(context);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 }).catch(() => false);
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself';
    const label = element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ?? element.textContent;
    return `${element.tagName.toLowerCase()} "${label?.trim().slice(0, 80)}"`;
  });

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails past MAX_TABS, naming where focus was. */
async function tabTo(page: Page, target: Locator, { back = false } = {}) {
  const passed: string[] = [];
  for (let presses = 1; presses <= MAX_TABS; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return presses;
    passed.push(await focusedLabel(page));
  }
  throw new Error(`not reached within ${MAX_TABS} ${back ? 'Shift+' : ''}Tabs; focus went through: ${passed.join(' → ')}`);
}

/** A page just loaded: its first Tab is the skip link, and Enter takes focus past the header to the content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe(`a "${t.common.nav.skipToContent}"`);
  await page.keyboard.press('Enter');
}

/** Waits until focus is on `target` (after a dialog closed or an action re-rendered the table). */
async function expectFocusOn(page: Page, target: Locator, what: string) {
  await expect.poll(async () => ((await isFocused(target)) ? what : await focusedLabel(page)), { timeout: 5_000, message: `focus on ${what}` }).toBe(what);
}

/**
 * Enter on the focused file field opens the file chooser. Under load a live refresh of the record may re-render the
 * form between the Tab and the Enter: a second try Tabs back to the field (the failure names where focus was).
 */
async function fileChooserByKeyboard(page: Page, field: Locator) {
  const seen: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (!(await isFocused(field))) await tabTo(page, field, { back: true });
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Enter');
    try {
      return await chooser;
    } catch {
      seen.push(await focusedLabel(page));
    }
  }
  throw new Error(`Enter on the file field opened no file chooser; focus was on: ${seen.join(', ')}`);
}

/** The focused element is inside `dialog` and is the field `label`. */
async function expectDialogFocus(page: Page, dialog: Locator, label: string) {
  await dialog.waitFor();
  await expectFocusOn(page, dialog.getByLabel(label, { exact: false }).first(), `the dialog's field "${label}"`);
}

it('staff take a quote to an order, its bill and its payment, then move the analysis to its report, by keyboard alone; focus is where the next action is after every dialog and action', async () => {
  await staffSession(env.server);
  const clinician = await confirmedUser(env.server.url, env.smtp, 'keyboard-journey@clinica.example');
  const quoted = await fetch(`${env.server.url}/api/v1/users/${clinician.id}/budget/`, {
    method: 'POST',
    headers: { cookie: clinician.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ service: 'Segmentação e Quantificação', treatmentType: 'Lu-177 DOTATATE', numberOfPatients: 2, comments: 'Dois pacientes.' }),
  });
  expect(quoted.status).toBe(204);

  const staff = await newPage(1280);
  await staffSignInThroughUi(staff, env.server);
  await staff.goto(`${env.server.url}/staff/quotes`);
  const quoteRow = staff.getByRole('row').filter({ hasText: 'Lu-177 DOTATATE' });
  await quoteRow.waitFor();
  await skipToContent(staff);

  // The quote's "Create order": the dialog opens on its first field; quantity and price typed; Enter creates it.
  const createOrder = quoteRow.getByRole('button', { name: t.staff.quotes.createOrder });
  await tabTo(staff, createOrder);
  await staff.keyboard.press('Enter');
  const create = staff.getByRole('dialog', { name: t.staff.orders.createTitle });
  await expectDialogFocus(staff, create, t.staff.orders.service);
  await tabTo(staff, create.getByLabel(t.staff.orders.quantity, { exact: false }));
  await staff.keyboard.type('2');
  await tabTo(staff, create.getByLabel(t.staff.orders.price, { exact: false }));
  await staff.keyboard.type('1500');
  await staff.keyboard.press('Enter');

  // The new order's bill follows, on the payer's document (the profile has none); Enter issues it.
  const bill = staff.getByRole('dialog', { name: /Cobrança do pedido/ });
  await expectDialogFocus(staff, bill, t.staff.orders.payerDocument);
  await staff.keyboard.type(uniqueCpf());
  await staff.keyboard.press('Enter');
  await bill.waitFor({ state: 'detached' });
  await expectFocusOn(staff, createOrder, '"Create order" of the quote');

  // "Mark answered" is the next Tab; its dialog asks for the answer; afterwards focus is on the same row's "Mark as new".
  await tabTo(staff, quoteRow.getByRole('button', { name: t.staff.quotes.markAnswered }));
  await staff.keyboard.press('Enter');
  const answer = staff.getByRole('dialog');
  await expectDialogFocus(staff, answer, t.staff.quotes.answer.label);
  await staff.keyboard.type('Pedido criado; o boleto segue por e-mail.');
  await tabTo(staff, answer.getByRole('button', { name: t.staff.quotes.markAnswered }));
  await staff.keyboard.press('Enter');
  await answer.waitFor({ state: 'detached' });
  await expectFocusOn(staff, quoteRow.getByRole('button', { name: t.staff.quotes.markNew }), '"Mark as new" of the quote');

  const orders = (await (await fetch(`${env.server.url}/api/v1/users/${clinician.id}/orders/`, { headers: { cookie: clinician.cookie } })).json()) as { row: { id: string; code: string }[] };
  const { id: orderId, code } = orders.row[0]!;

  // Orders, from the section's navigation (back up the page with Shift+Tab).
  const nav = staff.getByRole('navigation', { name: t.staff.nav.label });
  await tabTo(staff, nav.getByRole('link', { name: t.staff.nav.orders }), { back: true });
  await staff.keyboard.press('Enter');
  await staff.waitForURL(/\/staff\/orders$/);
  const orderRow = staff.getByRole('row').filter({ hasText: code });
  const confirmPayment = orderRow.getByRole('button', { name: new RegExp(`^${t.staff.orders.confirmPaymentFor.split('{{')[0]}`) });
  await confirmPayment.waitFor();
  await tabTo(staff, confirmPayment);
  await staff.keyboard.press('Enter');
  const confirm = staff.getByRole('dialog', { name: /Confirmar o pagamento/ });
  await expectDialogFocus(staff, confirm, t.staff.reason.label);
  await staff.keyboard.type('PIX recebido no extrato');
  await tabTo(staff, confirm.getByRole('button', { name: t.staff.orders.confirmPayment }));
  await staff.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  await orderRow.getByText(t.staff.orders.paymentStatus.CON).waitFor();
  // The confirm button is gone with the payment: focus stays on the order's row.
  await expect.poll(() => staff.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? 'outside a row'), { timeout: 5_000 }).toContain(code);

  // The client sends the analysis of the paid order (in their browser, with the mouse: not the journey under test).
  const own = await newPage(390);
  await loginThroughUi(own, env.server.url, clinician, t.auth.login.submit);
  await own.goto(`${env.server.url}/dashboard/my-services/${orderId}/analysis-form/create`);
  await own.getByLabel(new RegExp(`^${t.analyses.fields.analysisName}( \\*)?$`)).fill('Paciente Teclado');
  await own.locator('input[type=file][accept]').setInputFiles(smallZip());
  await own.getByRole('button', { name: t.analyses.form.submitCreate }).click();
  await expect.poll(async () => (await analysesOf(env.server, clinician, orderId)).row.filter((analysis) => analysis.imagesUrl).length, { timeout: 20_000, interval: 250 }).toBe(1);

  // Analyses, then the analysis's record from the queue.
  await tabTo(staff, nav.getByRole('link', { name: t.staff.nav.analyses }), { back: true });
  await staff.keyboard.press('Enter');
  await staff.waitForURL(/\/staff\/analyses$/);
  const record = staff.getByRole('link', { name: 'Paciente Teclado' });
  await record.waitFor();
  await tabTo(staff, record);
  await staff.keyboard.press('Enter');
  await staff.waitForURL(/\/staff\/analyses\/[0-9a-f-]{36}$/);
  await staff.getByRole('button', { name: t.staff.analyses.move }).waitFor();

  const move = staff.getByRole('button', { name: t.staff.analyses.move });
  const moved = (status: string) => staff.getByText(t.staff.analyses.moved.replace('{{status}}', t.staff.statuses[status])).first();
  const choice = (status: string) => staff.getByRole('radio', { name: t.staff.statuses[status] });
  // DS → AI (the only move, chosen already): Tab to "Move", Enter; focus comes to the next move's first choice.
  await tabTo(staff, move);
  await staff.keyboard.press('Enter');
  await moved('AI').waitFor();
  await expectFocusOn(staff, choice('II'), 'the first choice of the next move (II)');

  // AI → PR: the arrow picks "PR", then "Move".
  await staff.keyboard.press('ArrowDown');
  expect(await staff.getByRole('radio', { name: t.staff.statuses.PR }).isChecked()).toBe(true);
  await tabTo(staff, move);
  await staff.keyboard.press('Enter');
  await moved('PR').waitFor();
  await expectFocusOn(staff, choice('CO'), 'the only choice of the next move (CO)');

  // PR → CO: the report's file field opens the file chooser from the keyboard; the upload shows its progress.
  const reportField = staff.getByLabel(t.staff.analyses.report, { exact: false });
  await tabTo(staff, reportField);
  await (await fileChooserByKeyboard(staff, reportField)).setFiles(REPORT);
  await tabTo(staff, move);
  await staff.keyboard.press('Enter');
  await moved('CO').waitFor({ timeout: 30_000 });
  // No move is left: focus is on the section that says so, not on the page.
  await expectFocusOn(staff, staff.getByRole('region', { name: t.staff.analyses.moveTitle }), 'the move section, with no move left');
  await expect.poll(async () => (await analysesOf(env.server, clinician, orderId)).row[0], { timeout: 10_000 }).toMatchObject({ statusCode: 'CO', reportUrl: expect.any(String) });
  expect(problemsBesidesNetwork(staff)).toEqual([]);
}, 150_000);
