/**
 * Offline cold start (issue 5): the dashboard is loaded once online, the server is stopped, and the page
 * is reloaded five times with and without a 4× CPU slowdown. Measures, from navigation start, the first
 * contentful paint and the moment the user's notifications (from IndexedDB, in pt-BR) are on screen.
 * Fails when the throttled median exceeds 1 s. Needs a built client (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { confirmedUser, createCalibrationViaApi, loginThroughUi } from '#tests/e2e/support/accounts.ts';
import { launchBrowser } from '#tests/e2e/support/browser.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';

const RUNS = 5;
const TARGET_MS = 1_000;
const CALIBRATION = 'Fantoma offline';
const submit = (JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8')) as { login: { submit: string } }).login.submit;

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reloads offline and returns [first contentful paint, notifications rendered], ms since navigation start. */
async function offlineReload(page: Page): Promise<[number, number]> {
  await page.reload({ waitUntil: 'commit' });
  const rendered = await page.waitForFunction((text) => document.body?.innerText.includes(text) && performance.now(), CALIBRATION, { polling: 'raf' });
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  return [fcp, (await rendered.jsonValue()) as number];
}

async function main() {
  if (!fs.existsSync(path.join(process.env.DIST_DIR ?? 'dist', 'index.html'))) throw new Error('Build the client first: npm run build');
  const smtp = await startSmtpCapture();
  const server = await startServer(undefined, { SMTP_URL: smtp.url });
  const browser = await launchBrowser();
  try {
    const user = await confirmedUser(server.url, smtp, 'offline-bench@hospital.example');
    await createCalibrationViaApi(server.url, user, CALIBRATION);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await loginThroughUi(page, server.url, user, submit);
    await page.goto(`${server.url}/dashboard/notifications`);
    await page.getByText(CALIBRATION).first().waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByText(CALIBRATION).first().waitFor();
    await server.stop();

    const cdp = await context.newCDPSession(page);
    const rows: string[] = [];
    let throttledMedian = Number.POSITIVE_INFINITY;
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const runs: [number, number][] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await offlineReload(page));
      const [fcp, rendered] = [median(runs.map((r) => r[0])), median(runs.map((r) => r[1]))];
      if (rate === 4) throttledMedian = rendered;
      rows.push(`| ${rate}× | ${fcp.toFixed(0)} ms | ${rendered.toFixed(0)} ms | ${runs.map((r) => r[1].toFixed(0)).join(', ')} |`);
    }
    console.log('\nOffline cold start of /dashboard/notifications (server stopped, median of 5 reloads)\n');
    console.log('| CPU | first contentful paint | notifications on screen | runs (ms) |\n|---|---|---|---|');
    console.log(rows.join('\n'));
    if (throttledMedian > TARGET_MS) {
      console.error(`\nOffline start at 4× CPU took ${throttledMedian.toFixed(0)} ms (target ≤ ${TARGET_MS} ms).`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
