/**
 * DICOM de-identification in the browser (issues 19 and 33): a generated 500-file, ~250 MB NM study is chosen
 * through the images input of the analysis form (the "Choose DICOM files" input), summarised, then
 * de-identified into the zip that would be queued, all in the intake worker of a real Chromium. Measures
 * the de-identification from the click on Confirm to the "de-identified" message (reading, rewriting
 * and zipping every file): files/s and MB/s, and the scan before it; the CPU seconds of this run's Chromium
 * processes (by kind and by thread: the shared machine's load moves wall times, not these), MB per CPU-second,
 * the page's longest main-thread task (PerformanceObserver 'longtask'), and the peak memory (RSS) growth of the
 * renderer (the page and its workers) and of the browser process (Blob bytes) during the de-identification
 * (Linux: peaks reset through /proc/<pid>/clear_refs before Confirm and read from VmHWM after). Needs a built
 * client (`npm run build`). DICOM_BENCH_TRACE=file.json also prints the JavaScript profile per thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeStudyFile, testUid } from '#shared/dicom/testing/make-dicom.ts';
import { confirmedUser, loginThroughUi } from '#tests/e2e/support/accounts.ts';
import { launchBrowser } from '#tests/e2e/support/browser.ts';
import { paidOrder, staffSession } from '#tests/e2e/support/orders.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';
import { cpuSince, cpuSnapshot, ourChromium, profileSummary, watchPeak } from './chromium-usage.ts';

/** 500 by default (the issue's study); DICOM_BENCH_FILES=2000 for a 1 GB one. */
const FILES = Number(process.env.DICOM_BENCH_FILES ?? 500);
/**
 * DICOM_BENCH_PIXELS: `noise` by default (stored: the zip is as large as the study); `12bit`, noise in 12 of each
 * 16 bits as a CT's (deflated, in the deflate workers); `ramp`, a repeating ramp (stored too: every byte value as
 * often, which the entropy test takes for noise, though deflate shrinks it 100 times).
 */
const PIXELS = process.env.DICOM_BENCH_PIXELS ?? 'noise';
const FILE_BYTES = 500 * 1024;
/** DICOM_BENCH_TRACE=file.json records a Chromium trace with the JavaScript profile of the page and its workers, and prints where the time went. */
const TRACE = process.env.DICOM_BENCH_TRACE;
const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { auth: read('auth'), dicom: read('dicom') };
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

function writeStudy(folder: string): { paths: string[]; bytes: number } {
  const studyUid = testUid();
  const seriesUid = testUid();
  const paths: string[] = [];
  let bytes = 0;
  for (let index = 0; index < FILES; index++) {
    const file = path.join(folder, `IM${String(index).padStart(4, '0')}.dcm`);
    const buffer = new Uint8Array(makeStudyFile({ studyUid, seriesUid, pixelBytes: FILE_BYTES, noise: PIXELS !== 'ramp' }));
    // The pixel data ends the file: its high bytes (little endian) keep 4 bits.
    if (PIXELS === '12bit') for (let at = buffer.length - FILE_BYTES + 1; at < buffer.length; at += 2) buffer[at]! &= 0x0f;
    fs.writeFileSync(file, buffer);
    bytes += buffer.byteLength;
    paths.push(file);
  }
  return { paths, bytes };
}

/**
 * Waits for the text without polling the page (Playwright's waits run script in the page on every frame or interval,
 * which the CPU measure would count): a MutationObserver in the page resolves once it is there.
 */
function readyShown(page: Page, text: string) {
  // A string, not a function: tsx's helpers (`__name`) do not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const shown = () => [...document.querySelectorAll('[role="status"]')].some((element) => element.textContent.includes(${JSON.stringify(text)}));
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  })`);
}

async function main() {
  if (!fs.existsSync(path.join(process.env.DIST_DIR ?? 'dist', 'index.html'))) throw new Error('Build the client first: npm run build');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dicom-bench-'));
  const smtp = await startSmtpCapture();
  const server = await startServer(undefined, { SMTP_URL: smtp.url });
  const browser = await launchBrowser();
  try {
    const study = writeStudy(folder);
    const user = await confirmedUser(server.url, smtp, 'dicom-bench@hospital.example');
    const order = await paidOrder(server, await staffSession(server), user, 'seg-quant', 1);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await loginThroughUi(page, server.url, user, t.auth.login.submit);
    await page.goto(`${server.url}/dashboard/my-services/${order.id}/analysis-form/create`);

    // The service worker precaches the whole build once installed: done before the measure starts, or its work is counted.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    const scanStarted = performance.now();
    await page.getByTestId('dicom-files').setInputFiles(study.paths);
    const confirm = page.getByRole('button', { name: fill(t.dicom.confirm, { count: FILES }) });
    await confirm.waitFor({ timeout: 300_000 });
    const scanSeconds = (performance.now() - scanStarted) / 1000;

    const chromium = ourChromium();
    const pidsOf = (kind: string) => chromium.filter((process) => process.kind === kind).map(({ pid }) => pid);
    const memory = { renderer: watchPeak(pidsOf('renderer')), browser: watchPeak(pidsOf('browser')) };
    // The page's longest task while de-identifying (the goal: none over 200 ms).
    await page.evaluate(`window.longestTask = { duration: 0, at: 0 };
      window.confirmedAt = performance.now();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.duration > window.longestTask.duration) window.longestTask = { duration: entry.duration, at: entry.startTime - window.confirmedAt };
        }
      }).observe({ type: 'longtask' });`);
    const tracing = TRACE ? browser.startTracing(page, { path: TRACE, categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline'] }) : null;
    await tracing;
    const cpuBefore = cpuSnapshot(chromium);
    const started = performance.now();
    await confirm.click();
    await readyShown(page, t.dicom.readyTitle);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSince(cpuBefore, cpuSnapshot(chromium));
    const peakMB = { renderer: memory.renderer.peak(), browser: memory.browser.peak() };
    // When it started, from Confirm (the de-identification took `seconds`): during it, or the result's handling at its end.
    const longestTask = await page.evaluate<{ duration: number; at: number }>('window.longestTask');
    if (tracing) await browser.stopTracing();
    const megabytes = study.bytes / 1e6;

    console.log(`\nDICOM de-identification in Chromium: ${FILES} files, ${megabytes.toFixed(0)} MB (generated NM study, ${PIXELS} pixels)\n`);
    console.log('| step | time | files/s | MB/s |\n|---|---|---|---|');
    console.log(`| scan (summary, checks) | ${scanSeconds.toFixed(1)} s | ${(FILES / scanSeconds).toFixed(0)} | ${(megabytes / scanSeconds).toFixed(1)} |`);
    console.log(`| de-identify + zip | ${seconds.toFixed(1)} s | ${(FILES / seconds).toFixed(0)} | ${(megabytes / seconds).toFixed(1)} |`);
    const of = (key: string) => cpu.get(key) ?? 0;
    const cpuTotal = of('renderer') + of('browser') + of('other');
    console.log(
      `\nChromium CPU while de-identifying: ${cpuTotal.toFixed(1)} s (renderer ${of('renderer').toFixed(1)} s, browser ${of('browser').toFixed(1)} s, ` +
        `other processes ${of('other').toFixed(1)} s); ${(megabytes / cpuTotal).toFixed(1)} MB per CPU-second; longest main-thread task ${longestTask.duration.toFixed(0)} ms (at ${(longestTask.at / 1000).toFixed(1)} s of ${seconds.toFixed(1)} s)`,
    );
    const threads = [...cpu].filter(([key, value]) => key.includes(':') && value >= 0.05).sort((a, b) => b[1] - a[1]);
    console.log(`CPU by thread: ${threads.map(([key, value]) => `${key} ${value.toFixed(1)} s`).join(', ')}`);
    console.log('\n| Chromium process (RSS) | before Confirm | peak while de-identifying | growth |\n|---|---|---|---|');
    for (const kind of ['renderer', 'browser'] as const) {
      const label = kind === 'renderer' ? 'renderer (page + intake worker)' : 'browser (holds Blob bytes)';
      console.log(`| ${label} | ${memory[kind].before.toFixed(0)} MB | ${peakMB[kind].toFixed(0)} MB | ${(peakMB[kind] - memory[kind].before).toFixed(0)} MB |`);
    }
    if (TRACE) console.log(`\nJavaScript self time by thread (trace ${TRACE}):\n${profileSummary(JSON.parse(fs.readFileSync(TRACE, 'utf8'))).join('\n')}`);
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
