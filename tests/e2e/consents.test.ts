// Issue 30 (LGPD) in Chromium against the real server: a clinician signs up accepting the terms and the privacy notice,
// finds both in the dashboard's privacy page; the company publishes a new privacy notice (PRIVACY_VERSION, a restart
// on the same data directory) and the next sign-in asks for it before the dashboard shows anything else.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD } from './support/accounts.ts';
import { launchBrowser, openPage, startAppByPointer, type PageProblems } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { dropTestBucket } from '#tests/utils/s3.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { auth: read('auth'), account: read('account'), privacy: read('privacy') };
const FIRST = { TERMS_VERSION: '2026-01-10', PRIVACY_VERSION: '2026-01-10' };
const REPUBLISHED = { ...FIRST, PRIVACY_VERSION: '2026-06-01' };

let browser: Browser;
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(undefined, FIRST), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
  if (server?.s3) await dropTestBucket(server.s3);
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function newPage(): Promise<Page & PageProblems> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return openPage(context);
}

const historyItems = (page: Page) => page.getByRole('list', { name: t.privacy.dashboard.consentsTitle }).getByRole('listitem').allTextContents();

describe('consent records, in Chromium', () => {
  it('sign-up records both documents; a newer privacy notice is asked at the next sign-in, before the dashboard', async () => {
    const email = 'consent@hospital.example';
    const page = await newPage();
    await page.goto(`${server.url}/signup`);
    const privacyLink = page.getByRole('main').getByRole('link', { name: new RegExp(`^${t.privacy.documents.privacy.toLowerCase()}`) });
    expect(await privacyLink.getAttribute('href')).toBe('/privacy');
    await field(page, t.auth.fields.name).fill('Clara Consentida');
    await field(page, t.auth.fields.email).fill(email);
    await field(page, t.auth.fields.confirmedEmail).fill(email);
    await field(page, t.auth.fields.password).fill(E2E_PASSWORD);
    await field(page, t.auth.fields.passwordConfirm).fill(E2E_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('main').getByRole('button', { name: t.auth.signup.submit }).click();
    await page.waitForURL(`${server.url}/dashboard/profile`);

    await page.getByRole('navigation', { name: t.account.dashboard.navLabel }).getByRole('link', { name: t.account.dashboard.sections.privacy }).click();
    await page.getByRole('heading', { name: t.privacy.dashboard.holdTitle, level: 2 }).waitFor();
    await expect.poll(() => historyItems(page), { timeout: 10_000 }).toHaveLength(2);
    expect((await historyItems(page)).join(' ')).toMatch(/Termos de uso, versão de 10 de janeiro de 2026.*Aviso de privacidade, versão de 10 de janeiro de 2026|Aviso de privacidade.*Termos de uso/);
    expect(await page.getByText(t.privacy.facts.ownServer).count()).toBeGreaterThan(0);

    // The company publishes a new privacy notice: the setting, and a restart on the same data. This browser is done
    // (closed first: its connectivity probes would fail against the stopped server).
    expect(page.problems).toEqual([]);
    await page.context().close();
    await server.stop();
    server = await startServer(server.dataDir, REPUBLISHED);
    const next = await newPage();
    await next.goto(`${server.url}/login`);
    await startAppByPointer(next);
    await field(next, t.auth.fields.email).fill(email);
    await field(next, t.auth.fields.password).fill(E2E_PASSWORD);
    await next.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    await next.waitForURL(`${server.url}/dashboard/profile`);
    await next.getByRole('heading', { name: t.privacy.gate.title }).waitFor();
    expect(await next.getByText('Aviso de privacidade, versão de 1 de junho de 2026').count()).toBe(1);
    expect(await next.getByRole('heading', { name: t.account.profile.title }).count()).toBe(0);
    const accept = next.getByRole('button', { name: t.privacy.gate.accept });
    expect(await accept.isDisabled()).toBe(true);
    await next.getByRole('checkbox', { name: t.privacy.gate.check }).check();
    await accept.click();
    await next.getByRole('heading', { name: t.account.profile.title, level: 2 }).waitFor();

    await next.goto(`${server.url}/dashboard/privacy`);
    await next.getByRole('heading', { name: t.privacy.dashboard.holdTitle, level: 2 }).waitFor();
    await expect.poll(() => historyItems(next), { timeout: 10_000 }).toHaveLength(3);
    expect((await historyItems(next))[0]).toMatch(/^Aviso de privacidade, versão de 1 de junho de 2026/);
    expect(next.problems).toEqual([]);
    // Two server starts: the default minute is too short on a busy machine.
  }, 180_000);
});
