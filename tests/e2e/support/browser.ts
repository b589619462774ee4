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
