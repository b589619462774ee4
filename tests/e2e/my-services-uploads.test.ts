import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectOnlyLiveUploadsOfServer, isStored } from '#tests/utils/upload-store.ts';
import { confirmedUser, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork, workerInControl, type PageProblems } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { openNetworkLink, type NetworkLink } from './support/network.ts';
import {
  analysesOf,
  moveAnalysis,
  paidOrder,
  randomZip,
  sha256OfDownload,
  staffSession,
  uploadHead,
  uploadOffset,
  type ApiOrder,
  type StaffSession,
} from './support/orders.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { analyses: read('analyses'), auth: read('auth'), common: read('common'), uploads: read('uploads') };

const MB = 1_000_000;
const env = useE2eEnvironment();
let link: NetworkLink;
let staff: StaffSession;
let files: string;
/** The browser contexts a test opened: closed after it even when it fails, so a stuck upload cannot hold the next test up. */
const contexts = new Set<BrowserContext>();

beforeAll(async () => {
  link = await openNetworkLink(env.server.url);
  staff = await staffSession(env.server);
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-uploads-'));
});
afterEach(async () => {
  link?.restore();
  link?.limitUpload(null);
  await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
  contexts.clear();
});
afterAll(async () => {
  await link?.close();
  if (files) fs.rmSync(files, { recursive: true, force: true });
  // After the journeys (this runs before the environment's own afterAll): the server stopped, its store holds
  // the uploads of the analyses delivered and nothing else — not the cancelled one, no pending multipart upload.
  if (env.server) {
    await env.server.stop();
    await expectOnlyLiveUploadsOfServer(env.server);
  }
});

const uploadIdIn = (uploadUrl: string) => /\/uploads\/([0-9a-f-]{36})/.exec(uploadUrl)![1]!;

/** What the page sent to /api/v1/uploads/, seen from outside (nothing is changed). */
function watchUploads(page: Page) {
  const seen = { uploadUrl: null as string | null, patches: [] as number[] };
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/v1/uploads/')) seen.patches.push(Number(request.headers()['upload-offset']));
  });
  page.on('response', (response) => {
    const location = response.headers()['location'];
    if (response.request().method() === 'POST' && response.url().endsWith('/api/v1/uploads/') && location) seen.uploadUrl = new URL(location, response.url()).href;
  });
  return seen;
}

/** What a file's progress row shows: its status word ("Enviando", "Aguardando conexão"...) and percentage; null when not listed. */
async function shownUpload(page: Page, fileName: string): Promise<{ status: string; percent: number } | null> {
  const row = page.locator('[data-upload-file]').filter({ hasText: fileName });
  const status = await row.getByRole('status').textContent({ timeout: 1_000 }).catch(() => null);
  const percent = await row.getByRole('progressbar').getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null);
  return status === null || percent === null ? null : { status: status.split(' · ')[0]!, percent: Number(percent) };
}

/** The percentage the progress bar shows while the bytes go up (not while the file is hashed). */
const percentWhileUploading = (shown: { status: string; percent: number } | null) => (shown && shown.status === t.uploads.status.uploading ? shown.percent : 0);
const uploadedPercent = async (page: Page, fileName: string) => percentWhileUploading(await shownUpload(page, fileName));

async function signedInWithOrder(email: string, quantity = 1): Promise<{ user: ApiUser; order: ApiOrder; page: Page & PageProblems }> {
  const user = await confirmedUser(env.server.url, env.smtp, email);
  const order = await paidOrder(env.server, staff, user, 'seg-quant', quantity);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  contexts.add(context);
  const page = await openPage(context);
  await loginThroughUi(page, link.url, user, t.auth.login.submit);
  return { user, order, page };
}

async function sendAnalysis(page: Page, orderId: string, name: string, file: string) {
  await page.goto(`${link.url}/dashboard/my-services/${orderId}/analysis-form/create`);
  await fillAndSend(page, name, file);
}

async function fillAndSend(page: Page, name: string, file: string) {
  await page.getByLabel(new RegExp(`^${t.analyses.fields.analysisName}`)).fill(name);
  await page.locator('input[type=file][accept]').setInputFiles(file);
  await page.getByRole('button', { name: t.analyses.form.submitCreate }).click();
  await page.getByText(t.analyses.messages.created).first().waitFor();
}

const deliveredAnalyses = async (user: ApiUser, order: ApiOrder) => (await analysesOf(env.server, user, order.id)).row.filter((a) => a.imagesUrl);

describe('My services: analyses with resumable image uploads, in Chromium against the real server', () => {
  it('a 200 MB upload cut at 30% continues from where it stopped once the network is back, and the server has the same bytes', async () => {
    const { user, order, page } = await signedInWithOrder('spect200@hospital.example');
    const file = path.join(files, 'spect-200.zip');
    const sha256 = randomZip(file, 200 * MB);
    const seen = watchUploads(page);

    link.limitUpload(20 * MB);
    await sendAnalysis(page, order.id, 'Paciente 200', file);
    await expect.poll(() => uploadedPercent(page, 'spect-200.zip'), { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(30);

    // The Wi-Fi goes away mid-request.
    await page.context().setOffline(true);
    link.cut();
    const offsetAtCut = await uploadOffset(env.server, user, seen.uploadUrl!);
    expect(offsetAtCut).toBeGreaterThanOrEqual(0.25 * 200 * MB);
    expect(offsetAtCut).toBeLessThan(200 * MB);
    const patchesBeforeCut = seen.patches.length;
    // Offline, the bar keeps what the server confirmed (whole chunks) instead of falling back to 0.
    const percentAtCut = Math.floor((offsetAtCut / (200 * MB)) * 100);
    await expect.poll(() => shownUpload(page, 'spect-200.zip'), { timeout: 10_000 }).toMatchObject({ status: t.uploads.status.waiting });
    expect((await shownUpload(page, 'spect-200.zip'))!.percent).toBeGreaterThanOrEqual(percentAtCut - 3);
    expect((await shownUpload(page, 'spect-200.zip'))!.percent).toBeLessThanOrEqual(percentAtCut);
    expect(await deliveredAnalyses(user, order)).toEqual([]);

    link.restore();
    link.limitUpload(null);
    await page.context().setOffline(false);
    await expect.poll(() => deliveredAnalyses(user, order), { timeout: 60_000, interval: 500 }).toHaveLength(1);

    // The requests after the network came back continued from the server's offset (bytes still in flight at the
    // cut may have landed after it was read), never from the start.
    const resumed = seen.patches.slice(patchesBeforeCut);
    expect(resumed.length).toBeGreaterThan(0);
    expect(Math.min(...resumed)).toBeGreaterThanOrEqual(offsetAtCut);
    const [analysis] = await deliveredAnalyses(user, order);
    expect(analysis).toMatchObject({ analysisName: 'Paciente 200', statusCode: 'DS' });
    // On screen: the upload row is gone and the analysis is listed.
    await expect.poll(() => page.locator('[data-upload-file]').count(), { timeout: 10_000 }).toBe(0);
    await page.getByText('Paciente 200').first().waitFor();
    expect(await sha256OfDownload(env.server, user, analysis!.imagesUrl!)).toBe(sha256);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  }, 150_000);

  it('a reload in the middle of an upload resumes it from the bytes the server already has', async () => {
    const { user, order, page } = await signedInWithOrder('reload@hospital.example');
    const file = path.join(files, 'spect-60.zip');
    const sha256 = randomZip(file, 60 * MB);
    const seen = watchUploads(page);

    link.limitUpload(8 * MB);
    await sendAnalysis(page, order.id, 'Paciente 60', file);
    await expect.poll(() => uploadedPercent(page, 'spect-60.zip'), { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(30);
    const offsetBeforeReload = await uploadOffset(env.server, user, seen.uploadUrl!);
    const patchesBeforeReload = seen.patches.length;
    expect(offsetBeforeReload).toBeGreaterThan(0);

    await page.reload();
    // After the reload the bar comes back where the upload was (less at most the chunk in flight), never from 0.
    const chunkPercent = Math.ceil(((5 * 1024 * 1024) / (60 * MB)) * 100);
    const floor = Math.floor((offsetBeforeReload / (60 * MB)) * 100) - chunkPercent;
    const readings: number[] = [];
    const readBar = async () => {
      const shown = await shownUpload(page, 'spect-60.zip');
      if (shown) readings.push(shown.percent);
      return percentWhileUploading(shown);
    };
    await expect.poll(readBar, { timeout: 30_000, interval: 100 }).toBeGreaterThan(Math.floor((offsetBeforeReload / (60 * MB)) * 100));
    expect(Math.min(...readings)).toBeGreaterThanOrEqual(floor);
    link.limitUpload(null);
    await expect.poll(() => deliveredAnalyses(user, order), { timeout: 40_000, interval: 500 }).toHaveLength(1);

    const afterReload = seen.patches.slice(patchesBeforeReload);
    expect(afterReload.length).toBeGreaterThan(0);
    expect(Math.min(...afterReload)).toBeGreaterThanOrEqual(offsetBeforeReload);
    const [analysis] = await deliveredAnalyses(user, order);
    expect(await sha256OfDownload(env.server, user, analysis!.imagesUrl!)).toBe(sha256);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  }, 120_000);

  it('pause stops the bytes and resume continues from the server offset; cancel drops the analysis and ends the upload on the server', async () => {
    const { user, order, page } = await signedInWithOrder('pausa@hospital.example', 2);
    const file = path.join(files, 'spect-40.zip');
    const sha256 = randomZip(file, 40 * MB);
    const seen = watchUploads(page);
    const row = page.locator('[data-upload-file]').filter({ hasText: 'spect-40.zip' });

    link.limitUpload(8 * MB);
    await sendAnalysis(page, order.id, 'Pausada', file);
    await expect.poll(() => uploadedPercent(page, 'spect-40.zip'), { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(20);
    await row.getByRole('button', { name: t.uploads.pause }).click();
    await expect.poll(() => shownUpload(page, 'spect-40.zip')).toMatchObject({ status: t.uploads.status.paused });
    await page.waitForTimeout(500);
    const pausedUpload = seen.uploadUrl!;
    const offsetPaused = await uploadOffset(env.server, user, pausedUpload);
    const patchesPaused = seen.patches.length;
    await page.waitForTimeout(2_000);
    expect(seen.patches.length).toBe(patchesPaused);
    expect(await uploadOffset(env.server, user, pausedUpload)).toBe(offsetPaused);
    expect(offsetPaused).toBeGreaterThan(0);

    link.limitUpload(null);
    await row.getByRole('button', { name: t.uploads.resume }).click();
    await expect.poll(() => deliveredAnalyses(user, order), { timeout: 30_000, interval: 300 }).toHaveLength(1);
    expect(seen.patches[patchesPaused]).toBe(offsetPaused);
    const [paused] = await deliveredAnalyses(user, order);
    expect(await sha256OfDownload(env.server, user, paused!.imagesUrl!)).toBe(sha256);
    await expect.poll(() => row.count()).toBe(0);

    link.limitUpload(8 * MB);
    await sendAnalysis(page, order.id, 'Cancelada', file);
    await expect.poll(() => uploadedPercent(page, 'spect-40.zip'), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(10);
    const cancelled = seen.uploadUrl!;
    expect(cancelled).not.toBe(pausedUpload);
    await row.getByRole('button', { name: t.uploads.cancelLabel.replace('{{name}}', 'spect-40.zip') }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(async () => (await uploadHead(env.server, user, cancelled)).status, { timeout: 15_000 }).toBe(404);
    expect(await isStored(env.server, uploadIdIn(cancelled))).toBe(false);
    expect(await isStored(env.server, uploadIdIn(pausedUpload))).toBe(true);
    await page.waitForTimeout(1_000);
    expect((await analysesOf(env.server, user, order.id)).row.map((a) => a.analysisName)).toEqual(['Pausada']);
    expect(await page.getByText('Cancelada').count()).toBe(0);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  }, 120_000);

  it('an analysis created fully offline, with the tab closed, is delivered once when the app is opened again online', async () => {
    const { user, order, page } = await signedInWithOrder('offline-analysis@hospital.example', 2);
    const file = path.join(files, 'spect-small.zip');
    const sha256 = randomZip(file, 3 * MB);
    await page.goto(`${link.url}/dashboard/my-services/${order.id}/analyses`);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await workerInControl(page);

    await page.context().setOffline(true);
    link.cut();
    await page.getByRole('link', { name: t.analyses.add }).first().click();
    await fillAndSend(page, 'Offline 01', file);
    const context = page.context();
    await page.close();

    link.restore();
    await context.setOffline(false);
    const reopened = await openPage(context);
    await reopened.goto(`${link.url}/dashboard/my-services/${order.id}/analyses`);
    await expect.poll(() => deliveredAnalyses(user, order), { timeout: 60_000, interval: 500 }).toHaveLength(1);
    await reopened.waitForTimeout(2_000);

    const { row } = await analysesOf(env.server, user, order.id);
    expect(row.map((a) => a.analysisName)).toEqual(['Offline 01']);
    expect(await sha256OfDownload(env.server, user, row[0]!.imagesUrl!)).toBe(sha256);
    const orders = await fetch(`${env.server.url}/api/v1/users/${user.id}/orders/${order.id}/`, { headers: { cookie: user.cookie } });
    expect(((await orders.json()) as ApiOrder).remainingOfAnalyzes).toBe(1);
    expect(problemsBesidesNetwork(reopened)).toEqual([]);
  }, 90_000);

  it('a report the user has opened stays readable offline, and leaves with the session', async () => {
    const { user, order, page } = await signedInWithOrder('laudo@hospital.example');
    const file = path.join(files, 'spect-report.zip');
    randomZip(file, 1 * MB);
    await sendAnalysis(page, order.id, 'Com laudo', file);
    await expect.poll(() => deliveredAnalyses(user, order), { timeout: 30_000, interval: 300 }).toHaveLength(1);
    const [analysis] = await deliveredAnalyses(user, order);
    const report = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40_000, 'DoseHub laudo ')]);
    await moveAnalysis(env.server, staff, analysis!.id, 'AI');
    await moveAnalysis(env.server, staff, analysis!.id, 'PR');
    await moveAnalysis(env.server, staff, analysis!.id, 'CO', report);

    await page.goto(`${link.url}/dashboard/my-services/${order.id}/analyses`);
    await workerInControl(page);
    const reportLink = page.getByRole('link', { name: t.analyses.item.reportLabel.replace('{{name}}', 'Com laudo') });
    const reportUrl = new URL((await reportLink.getAttribute('href'))!, link.url).href;
    const opened = page.context().waitForEvent('response', (response) => response.url() === reportUrl && response.status() === 200);
    const tab = page.waitForEvent('popup');
    await reportLink.click();
    await opened;
    // The report's own tab is closed first: going offline while Chromium still loads its PDF viewer there failed once
    // with "Target page, context or browser has been closed" (a loaded full run).
    await (await tab).close();
    // Opened means kept: the worker stores the copy after the answer's headers came (the event above), so the
    // network goes only once the copy is in the cache (a loaded full run went offline before it was).
    await page.waitForFunction(async (url) => Boolean(await (await caches.open('dosehub-reports')).match(url)), reportUrl, { polling: 100 });

    await page.context().setOffline(true);
    link.cut();
    const readOffline = () =>
      page.evaluate(async (url) => {
        const response = await fetch(url);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { status: response.status, size: bytes.length, start: new TextDecoder().decode(bytes.slice(0, 8)) };
      }, reportUrl);
    expect(await readOffline()).toEqual({ status: 200, size: report.length, start: '%PDF-1.7' });

    link.restore();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: t.common.nav.logout }).click();
    await page.waitForURL(`${link.url}/`);
    expect(await page.evaluate(() => caches.has('dosehub-reports'))).toBe(false);
    expect(problemsBesidesNetwork(page)).toEqual([]);
  }, 90_000);
});
