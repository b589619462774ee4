/**
 * DICOM de-identification in the browser (issue 19): a generated 500-file, ~250 MB NM study is chosen
 * through the images input of the analysis form (the "Choose DICOM files" input), summarised, then
 * de-identified into the zip that would be queued, all in the intake worker of a real Chromium. Measures
 * the de-identification from the click on Confirm to the "de-identified" message (reading, rewriting
 * and zipping every file): files/s and MB/s, and the scan before it. Needs a built client (`npm run build`).
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

const FILES = 500;
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
    const buffer = new Uint8Array(makeStudyFile({ studyUid, seriesUid, pixelBytes: FILE_BYTES }));
    fs.writeFileSync(file, buffer);
    bytes += buffer.byteLength;
    paths.push(file);
  }
  return { paths, bytes };
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

    const started = performance.now();
    await confirm.click();
    await page.getByText(t.dicom.readyTitle, { exact: true }).waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const megabytes = study.bytes / 1e6;

    console.log(`\nDICOM de-identification in Chromium: ${FILES} files, ${megabytes.toFixed(0)} MB (generated NM study)\n`);
    console.log('| step | time | files/s | MB/s |\n|---|---|---|---|');
    console.log(`| scan (summary, checks) | ${scanSeconds.toFixed(1)} s | ${(FILES / scanSeconds).toFixed(0)} | ${(megabytes / scanSeconds).toFixed(1)} |`);
    console.log(`| de-identify + zip | ${seconds.toFixed(1)} s | ${(FILES / seconds).toFixed(0)} | ${(megabytes / seconds).toFixed(1)} |`);
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
