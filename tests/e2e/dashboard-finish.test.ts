import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { apiList, confirmedUser, createCalibrationViaApi, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork, shownDialog } from './support/browser.ts';
import { paidOrder, staffSession } from './support/orders.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { axeViolations } from './support/axe.ts';

/**
 * Issue 29's "done when" for the clinician's side: every dashboard page, in each language, at 390 and 1280 px, has no
 * axe violation (wcag2a/aa, 21a/aa) and nothing wider than the screen. One browser, one signed-in context per
 * language (one sign-in through the login page), the pages in a loop at both widths.
 */
const WIDTHS = [
  [390, 844],
  [1280, 800],
] as const;

const env = useE2eEnvironment();
const contexts: BrowserContext[] = [];
afterAll(async () => Promise.all(contexts.map((context) => context.close())));

let clinician: ApiUser;
let pages: string[] = [];

/** A clinician with what every page lists: a paid order, a calibration, a subscription (its calculator) and notifications. */
beforeAll(async () => {
  const staff = await staffSession(env.server);
  clinician = await confirmedUser(env.server.url, env.smtp, 'dashboard-finish@clinica.example');
  const order = await paidOrder(env.server, staff, clinician, 'radiosino', 2);
  await createCalibrationViaApi(env.server.url, clinician, 'Lu Semanal');
  const [calibration] = (await apiList<{ id: string }>(env.server.url, clinician, 'calibrations/')).row;
  const subscribed = await fetch(`${env.server.url}/api/v1/users/${clinician.id}/signatures/`, {
    method: 'POST',
    headers: { cookie: clinician.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'monthly', cpf: uniqueCpf() }),
  });
  expect(subscribed.status).toBe(201);
  pages = [
    '/dashboard/profile',
    '/dashboard/profile/phone/edit',
    '/dashboard/profile/email/edit',
    '/dashboard/profile/password/edit',
    '/dashboard/security',
    '/dashboard/second-factor',
    '/dashboard/notifications',
    '/dashboard/my-services',
    `/dashboard/my-services/${order.id}/analyses`,
    `/dashboard/my-services/${order.id}/analysis-form/create`,
    '/dashboard/my-calibrations',
    '/dashboard/my-calibrations/add',
    `/dashboard/my-calibrations/${calibration!.id}/edit`,
    '/dashboard/my-signatures',
    '/dashboard/my-signatures/benefits/calculator',
    '/dashboard/my-signatures/benefits/calculator/manual',
    '/services/dosi-clin/hire/budget-form',
  ];
}, 90_000);



const submitLabel = (JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8')) as { login: { submit: string } }).login.submit;
/** Cookies of the clinician's first sign-in through the login page: the other languages' contexts reuse them. */
let signedInCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** A context of its own for a language, signed in (through the login page, the first time). */
async function signedInPage(): Promise<Page & { problems: string[] }> {
  const context = await env.browser.newContext({ viewport: { width: WIDTHS[0][0], height: WIDTHS[0][1] } });
  contexts.push(context);
  const page = await openPage(context);
  if (signedInCookies) await context.addCookies(signedInCookies);
  else {
    await loginThroughUi(page, env.server.url, clinician, submitLabel);
    signedInCookies = await context.cookies();
  }
  return page;
}

/** The page once its panel has loaded: its heading in the main region, and no loader left. */
async function settle(page: Page) {
  await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('main .mantine-Loader, main [aria-busy="true"]').length === 0, undefined, { timeout: 10_000 }).catch(() => {});
}

const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('the dashboard in every language', () => {
  it.for(SUPPORTED_LANGUAGES)('in %s: every page at 390 and 1280 px has no axe violation and nothing wider than the screen', { timeout: 600_000 }, async (language) => {
    const page = await signedInPage();
    const problems: string[] = [];
    const started = Date.now();
    for (const pagePath of pages) {
      await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
      await page.goto(`${env.server.url}${pagePath}?lang=${language}`);
      // Still there once loaded: the session holds (no sign-in page checked in its place).
      await settle(page);
      expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(pagePath);
      for (const [width, height] of WIDTHS) {
        await page.setViewportSize({ width, height });
        await settle(page);
        const label = `${language} ${width}px ${pagePath}`;
        const wider = await overflow(page);
        if (wider > 0) problems.push(`${label}: ${wider} px wider than the screen`);
        if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `${language}${pagePath.replaceAll('/', '_')}-${width}.png`), fullPage: true });
        problems.push(...(await axeViolations(page)).map((violation) => `${label}: ${violation}`));
      }
    }
    console.log(`dashboard-finish ${language}: ${pages.length} pages × 2 widths in ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  });

  it.for(SUPPORTED_LANGUAGES)('in %s: the confirm and logout dialogs at 390 and 1280 px have no axe violation; the confirm dialog opens on a named control and gives the focus back on Escape', { timeout: 120_000 }, async (language) => {
    const texts = JSON.parse(fs.readFileSync(`locales/${language}/calibrations.json`, 'utf8')) as { item: { deleteLabel: string } };
    const page = await signedInPage();
    const problems: string[] = [];
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.goto(`${env.server.url}/dashboard/my-calibrations?lang=${language}`);
      await settle(page);
      const opener = page.getByRole('button', { name: texts.item.deleteLabel.replace('{{name}}', 'Lu Semanal') });
      await opener.click();
      const dialog = page.getByRole('dialog');
      await shownDialog(page);
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return { inDialog: Boolean(element?.closest('[role="dialog"]')), name: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '' };
      });
      expect(focused.inDialog, `${language} ${width}px: the focus is in the dialog`).toBe(true);
      expect(focused.name, `${language} ${width}px: the focused control has a name`).not.toBe('');
      problems.push(...(await axeViolations(page)).map((violation) => `${language} ${width}px delete dialog: ${violation}`));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    }

    // The logout question (a delete made offline is not on the server yet), at both widths; Escape keeps the session.
    const common = JSON.parse(fs.readFileSync(`locales/${language}/common.json`, 'utf8')) as { nav: { logout: string }; confirmDialog: { delete: string } };
    const sync = JSON.parse(fs.readFileSync(`locales/${language}/sync.json`, 'utf8')) as { logout: { title: string } };
    const name = `Saída ${language}`;
    await createCalibrationViaApi(env.server.url, clinician, name);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${env.server.url}/dashboard/my-calibrations?lang=${language}`);
    await settle(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: texts.item.deleteLabel.replace('{{name}}', name) }).click();
    await page.getByRole('dialog').getByRole('button', { name: common.confirmDialog.delete }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('button', { name: common.nav.logout }).click();
    const logout = page.getByRole('dialog', { name: sync.logout.title });
    await logout.waitFor();
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      await shownDialog(page);
      problems.push(...(await axeViolations(page)).map((violation) => `${language} ${width}px logout dialog: ${violation}`));
    }
    await page.keyboard.press('Escape');
    await logout.waitFor({ state: 'detached' });
    await page.context().setOffline(false);
    // Still signed in: the queued delete reaches the server.
    await expect.poll(async () => (await apiList<{ calibrationName: string }>(env.server.url, clinician, 'calibrations/')).row.some((row) => row.calibrationName === name), { timeout: 20_000 }).toBe(false);
    expect(problems).toEqual([]);
  });
});
