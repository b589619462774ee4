/**
 * DICOM de-identification in the browser (issue 19): a generated 500-file, ~250 MB NM study is chosen
 * through the images input of the analysis form (the "Choose DICOM files" input), summarised, then
 * de-identified into the zip that would be queued, all in the intake worker of a real Chromium. Measures
 * the de-identification from the click on Confirm to the "de-identified" message (reading, rewriting
 * and zipping every file): files/s and MB/s, and the scan before it; and the peak memory (RSS) of the
 * Chromium renderer process that runs the page and its intake worker during the de-identification (Linux: its
 * peak is reset through /proc/<pid>/clear_refs before Confirm and read from VmHWM after). Needs a built client
 * (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeStudyFile, testUid } from '#shared/dicom/testing/make-dicom.ts';
import { confirmedUser, loginThroughUi } from '#tests/e2e/support/accounts.ts';
import { launchBrowser } from '#tests/e2e/support/browser.ts';
import { paidOrder, staffSession } from '#tests/e2e/support/orders.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';

/** 500 by default (the study); DICOM_BENCH_FILES=2000 for a 1 GB one. */
const FILES = Number(process.env.DICOM_BENCH_FILES ?? 500);
const FILE_BYTES = 500 * 1024;
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
    const buffer = new Uint8Array(makeStudyFile({ studyUid, seriesUid, pixelBytes: FILE_BYTES, noise: true }));
    fs.writeFileSync(file, buffer);
    bytes += buffer.byteLength;
    paths.push(file);
  }
  return { paths, bytes };
}

/** This process's Chromium descendants of a kind (other runs on the machine are not ours): renderers, or the browser process. */
function ourChromium(kind: 'renderer' | 'browser'): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid: number): boolean => pid === process.pid || (pid > 1 && parents.has(pid) && ours(parents.get(pid)!));
  return [...parents.keys()].filter((pid) => {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return ours(pid) && command.includes('chromium') && (kind === 'renderer' ? command.includes('--type=renderer') : !command.includes('--type='));
    } catch {
      return false;
    }
  });
}

/** CPU seconds (user + system) the processes have used: the work done, whatever else the shared machine runs meanwhile. */
const cpuSeconds = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }, 0);
const CLOCK_TICKS = 100;

const statusKiB = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Resets the processes' peak RSS; returns the RSS at the reset and a reader of the highest peak since (MB). */
function watchPeak(kind: 'renderer' | 'browser') {
  const pids = ourChromium(kind);
  for (const pid of pids) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = Math.max(...pids.map((pid) => statusKiB(pid, 'VmRSS'))) / 1024;
  return { before, peak: () => Math.max(...pids.map((pid) => statusKiB(pid, 'VmHWM'))) / 1024 };
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

    const scanStarted = performance.now();
    await page.getByTestId('dicom-files').setInputFiles(study.paths);
    const confirm = page.getByRole('button', { name: fill(t.dicom.confirm, { count: FILES }) });
    await confirm.waitFor({ timeout: 300_000 });
    const scanSeconds = (performance.now() - scanStarted) / 1000;

    const memory = { renderer: watchPeak('renderer'), browser: watchPeak('browser') };
    const renderers = ourChromium('renderer');
    const browserProcess = ourChromium('browser');
    const cpuBefore = { renderer: cpuSeconds(renderers), browser: cpuSeconds(browserProcess) };
    const started = performance.now();
    await confirm.click();
    await page.getByText(t.dicom.readyTitle, { exact: true }).waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const cpu = { renderer: cpuSeconds(renderers) - cpuBefore.renderer, browser: cpuSeconds(browserProcess) - cpuBefore.browser };
    const peakMB = { renderer: memory.renderer.peak(), browser: memory.browser.peak() };
    const megabytes = study.bytes / 1e6;

    console.log(`\nDICOM de-identification in Chromium: ${FILES} files, ${megabytes.toFixed(0)} MB (generated NM study)\n`);
    console.log('| step | time | files/s | MB/s |\n|---|---|---|---|');
    console.log(`| scan (summary, checks) | ${scanSeconds.toFixed(1)} s | ${(FILES / scanSeconds).toFixed(0)} | ${(megabytes / scanSeconds).toFixed(1)} |`);
    console.log(`| de-identify + zip | ${seconds.toFixed(1)} s | ${(FILES / seconds).toFixed(0)} | ${(megabytes / seconds).toFixed(1)} |`);
    const cpuTotal = cpu.renderer + cpu.browser;
    console.log(`\nChromium CPU while de-identifying: renderer ${cpu.renderer.toFixed(1)} s, browser ${cpu.browser.toFixed(1)} s; ${(megabytes / cpuTotal).toFixed(1)} MB per CPU-second`);
    console.log('\n| Chromium process (RSS) | before Confirm | peak while de-identifying |\n|---|---|---|');
    console.log(`| renderer (page + intake worker) | ${memory.renderer.before.toFixed(0)} MB | ${peakMB.renderer.toFixed(0)} MB |`);
    console.log(`| browser (holds Blob bytes) | ${memory.browser.before.toFixed(0)} MB | ${peakMB.browser.toFixed(0)} MB |`);
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
