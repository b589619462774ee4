import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: FLAGS, headless: true });
}

export interface PageProblems {
  /** Console errors and CSP violations seen on the page. */
  problems: string[];
}

/** For tests that cut the network: its failures on the console are expected, anything else is a defect. */
export const problemsBesidesNetwork = (page: PageProblems) => page.problems.filter((p) => !/net::ERR_|Failed to load resource|Failed to fetch|NetworkError/.test(p));

/** A page that records console errors, page errors and CSP violations, for tests to assert none happened. */
export async function openPage(context: BrowserContext): Promise<Page & PageProblems> {
  const page = (await context.newPage()) as Page & PageProblems;
  page.problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(message.text());
  });
  page.on('pageerror', (error) => page.problems.push(error.message));
  return page;
}

/** The app has been used here before: its service worker controls the page (the app opens offline). */
export async function workerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** A phone's slower CPU: Chromium runs the page `rate` times slower (again after a reload, to be sure). */
export async function slowCpu(page: Page, rate = 4) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * How long the app may take to start and take a pre-rendered page over: without an interaction it starts once the
 * browser is idle 5 s after the page's load (public/start-app.js), slower on a busy CI machine than expect.poll's 1 s.
 */
export const APP_START_MS = 20_000;

/**
 * The visitor moves the pointer over a pre-rendered page, which starts its app at once (public/start-app.js; Playwright's
 * own actions wait for the page to stop being inert without moving it), and the app takes the page over.
 */
export async function startAppByPointer(page: Page) {
  await page.mouse.move(3, 3);
  await page.mouse.move(4, 4);
  await page.waitForFunction(() => !document.querySelector('#root [inert]'), undefined, { timeout: APP_START_MS });
}

/** The open dialog, once it has faded in: axe reads half-transparent text mid-transition as too faint. */
export async function shownDialog(page: Page) {
  await page.getByRole('dialog').waitFor();
  await page.waitForFunction(() => {
    let element: Element | null = document.querySelector('[role="dialog"]');
    for (; element; element = element.parentElement) if (getComputedStyle(element).opacity !== '1') return false;
    return true;
  });
}
