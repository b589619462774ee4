// Issue 19 in Chromium against the real server: DICOM studies are checked and de-identified in the
// browser before they are queued; what the server stores holds no patient identity.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlobReader, BlobWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { textOf } from '#shared/dicom/dicom-dataset.ts';
import { readDicom } from '#shared/dicom/dicom-file.ts';
import { makeStudyFile, testUid } from '#shared/dicom/testing/make-dicom.ts';
import { confirmedUser, loginThroughUi, type ApiUser } from './support/accounts.ts';
import { openPage, problemsBesidesNetwork } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { analysesOf, paidOrder, staffSession, type ApiOrder, type StaffSession } from './support/orders.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { analyses: read('analyses'), auth: read('auth'), dicom: read('dicom') };
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const env = useE2eEnvironment();
let staff: StaffSession;
let folder: string;
const contexts = new Set<BrowserContext>();

/** A zipped study of `count` NM images (~64 kB each), as a clinic exports it; a second patient for the last `others`. */
async function studyZip(name: string, count: number, others = 0): Promise<string> {
  const studyUid = testUid();
  const seriesUid = testUid();
  const writer = new ZipWriter(new BlobWriter('application/zip'));
  for (let index = 0; index < count; index++) {
    const second = index >= count - others;
    const bytes = makeStudyFile({
      studyUid,
      seriesUid,
      pixelBytes: 64 * 1024,
      ...(second ? { patientName: 'Souza^Joao', patientId: 'MRN-777' } : {}),
    });
    await writer.add(`SILVA_MARIA/IM${String(index).padStart(4, '0')}.dcm`, new Uint8ArrayReader(new Uint8Array(bytes)));
  }
  const file = path.join(folder, name);
  fs.writeFileSync(file, new Uint8Array(await (await writer.close()).arrayBuffer()));
  return file;
}

beforeAll(async () => {
  staff = await staffSession(env.server);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dicom-'));
});
afterEach(async () => {
  await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
  contexts.clear();
});
afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function signedInWithOrder(email: string): Promise<{ user: ApiUser; order: ApiOrder; page: Page & { problems: string[] } }> {
  const user = await confirmedUser(env.server.url, env.smtp, email);
  const order = await paidOrder(env.server, staff, user, 'seg-quant', 2);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  contexts.add(context);
  const page = await openPage(context);
  await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
  await page.goto(`${env.server.url}/dashboard/my-services/${order.id}/analysis-form/create`);
  return { user, order, page };
}

async function staffQueue(): Promise<{ id: string; notDeidentified?: boolean; identifyingElements?: string[] }[]> {
  const response = await fetch(`${env.server.url}/api/v1/staff/analyses/?limit=100`, { headers: { cookie: staff.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { row: { id: string; notDeidentified?: boolean }[] }).row;
}

describe('DICOM intake in the browser (issue 19)', () => {
  it('a 300-file study of two patients is reported and cannot be confirmed', async () => {
    const { page } = await signedInWithOrder('dicom-mix@hospital.example');
    await page.locator('input[type=file][accept]').setInputFiles(await studyZip('mix.zip', 300, 1));
    await page.getByText(fill(t.dicom.checks.patients, { count: 2 })).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: fill(t.dicom.confirm, { count: 300 }) }).isDisabled()).toBe(true);
    // Saving anyway is refused: the raw study is never queued.
    await page.getByLabel(new RegExp(`^${t.analyses.fields.analysisName}`)).fill('Mistura');
    await page.getByRole('button', { name: t.analyses.form.submitCreate }).click();
    await page.getByText(t.dicom.confirmFirst).waitFor();
  }, 120_000);

  it('a clean study: summary, de-identified with progress, queued offline, uploaded online; the stored file has no identity', async () => {
    const { user, order, page } = await signedInWithOrder('dicom-clean@hospital.example');
    await page.locator('input[type=file][accept]').setInputFiles(await studyZip('clean.zip', 300));
    const table = page.getByRole('table', { name: t.dicom.seriesTable });
    await table.waitFor({ timeout: 60_000 });
    const row = (await table.locator('tbody tr').first().locator('td').allTextContents()).map((cell) => cell.trim());
    expect(row).toEqual(['NM', '300', '10/03/2026, 10:15:00', '10/03/2026, 10:30:00', 'Lu-177 PSMA', '7.400 MBq (200 mCi)', '10/03/2026, 08:00:00', '71,5 kg']);
    await page.getByText(t.dicom.localOnly).waitFor();
    // What is removed and kept, by group and in the user's language, the DICOM keyword as a hint.
    const removed = page.getByRole('group', { name: t.dicom.removedTitle });
    expect(await removed.textContent()).toContain(fill(t.dicom.groupLabel, { group: t.dicom.groups.patient }));
    const name = removed.getByText(t.dicom.elements.PatientName, { exact: true });
    expect(await name.getAttribute('title')).toBe(fill(t.dicom.elementHint, { keyword: 'PatientName', tag: '0010,0010' }));
    await page.getByRole('group', { name: t.dicom.keptTitle }).getByText(t.dicom.elements.PatientWeight, { exact: true }).waitFor();

    await page.context().setOffline(true);
    const progress: string[] = [];
    const watching = page.exposeFunction('dicomProgress', (text: string) => progress.push(text));
    await watching;
    await page.evaluate(() => {
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role=status]')) {
          const text = status.textContent ?? '';
          if (/\d+ (de|of) \d+/.test(text)) (window as unknown as { dicomProgress: (text: string) => void }).dicomProgress(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByLabel(new RegExp(`^${t.analyses.fields.analysisName}`)).fill('Paciente DICOM');
    await page.getByRole('button', { name: fill(t.dicom.confirm, { count: 300 }) }).click();
    // Saving at once: held while de-identification runs, said so with its progress, then saved by itself.
    await page.getByRole('button', { name: t.analyses.form.submitCreate }).click();
    await page.getByText(fill(t.dicom.savesWhenDeidentified, { done: 'X', total: 300 }).split('(')[0]!.trim()).waitFor();
    await page.getByText(t.analyses.messages.created).first().waitFor({ timeout: 90_000 });
    const deidentifying = progress.filter((text) => text.startsWith(fill(t.dicom.deidentifying, { done: 'X', total: 300 }).split('X')[0]!));
    expect(deidentifying.length).toBeGreaterThan(1);
    expect((await analysesOf(env.server, user, order.id)).row).toEqual([]);
    // The clinic sees who the analysis is about, from this device's own store only.
    await page.getByText(t.analyses.fields.localPatient).waitFor();
    await page.getByText('Silva^Maria (MRN-123456)').waitFor();

    await page.context().setOffline(false);
    await expect.poll(async () => (await analysesOf(env.server, user, order.id)).row.filter((a) => a.imagesUrl), { timeout: 90_000, interval: 500 }).toHaveLength(1);
    const [analysis] = (await analysesOf(env.server, user, order.id)).row;

    // What the server stores, read back from its own answer: every file without the patient's identity.
    const download = await fetch(new URL(analysis!.imagesUrl!, env.server.url), { headers: { cookie: user.cookie } });
    expect(download.status).toBe(200);
    const entries = await new ZipReader(new BlobReader(await download.blob())).getEntries();
    expect(entries).toHaveLength(300);
    for (const entry of entries.slice(0, 300)) {
      const bytes = await (entry as { getData: (writer: Uint8ArrayWriter) => Promise<Uint8Array> }).getData(new Uint8ArrayWriter());
      const text = Buffer.from(bytes).toString('latin1');
      expect(text).not.toContain('Silva');
      expect(text).not.toContain('MRN-123456');
      expect(text).not.toContain('19580214');
      const { dataset } = readDicom(bytes.buffer as ArrayBuffer);
      expect(textOf(dataset, '00100020')).toBe(analysis!.id);
      expect(textOf(dataset, '00120062')).toBe('YES');
    }
    expect((await staffQueue()).find((queued) => queued.id === analysis!.id)).toMatchObject({ notDeidentified: false, identifyingElements: [] });
    expect(problemsBesidesNetwork(page)).toEqual([]);
  }, 240_000);

  it('a study sent without the step (an older client) is accepted and flagged for staff', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'dicom-old@hospital.example');
    const order = await paidOrder(env.server, staff, user, 'seg-quant', 1);
    const form = new FormData();
    form.append('analysis_name', 'Cliente antigo');
    form.append('images', new Blob([fs.readFileSync(await studyZip('raw.zip', 5))], { type: 'application/zip' }), 'raw.zip');
    const created = await fetch(`${env.server.url}/api/v1/users/${user.id}/orders/${order.id}/analysis/`, { method: 'POST', body: form, headers: { cookie: user.cookie } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const flagged = (await staffQueue()).find((queued) => queued.id === id);
    expect(flagged?.notDeidentified).toBe(true);
    expect(flagged?.identifyingElements).toEqual(expect.arrayContaining(["Patient's Name", "Patient's Birth Date"]));
  }, 60_000);
});
