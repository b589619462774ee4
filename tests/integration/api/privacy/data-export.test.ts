// Issue 30, "Download my data": the export holds exactly what the API lists for the user, and every file with its
// SHA-256; a second request joins the running one; only the owner downloads it (404 for anyone else), 410 once
// expired and its zip gone from the store; the ready mail; staff produce it on request and download it, audited.
// CI runs it again with the uploads in S3 (TEST_S3_ENDPOINT, the S3 lane of .ci/run): the zip is then an object
// of the test app's bucket, read back from there and gone from it after expiry.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js/index-native.js';
import { DataExportDocument, type DataExportLatest, type DataExportState } from '#shared/schemas/data-export.ts';
import type { AuditList } from '#shared/schemas/staff-audit.ts';
import { API, createMailingTestApp, expectStatus, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { createCalibration, fileRowsOf, listCalibrations, listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { createAnalysis, createOrder, moveAnalysis, ordersUrl, staffConfirm, staffUser } from '#tests/utils/orders.ts';
import { issuedOrder, uniqueCpf } from '#tests/utils/payments.ts';
import { isStored, readStored } from '#tests/utils/upload-store.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;

const exportUrl = (uid: string) => `${API}/users/${uid}/data-export/`;
const get = (user: SignedInUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookies, 'accept-language': 'en-US' } });
const ask = (user: SignedInUser) => t.app.inject({ method: 'POST', url: exportUrl(user.id), headers: { cookie: user.cookies, 'accept-language': 'en-US' } });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function latest(user: SignedInUser): Promise<DataExportState> {
  const response = await get(user, exportUrl(user.id));
  expectStatus(response, 200);
  return response.json<DataExportLatest>().export!;
}

async function unzip(bytes: Buffer): Promise<Map<string, Uint8Array>> {
  const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(bytes)));
  const entries = new Map<string, Uint8Array>();
  for (const entry of await reader.getEntries()) if (!entry.directory) entries.set(entry.filename, await entry.getData!(new Uint8ArrayWriter()));
  await reader.close();
  return entries;
}

beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Exportada' });
  bruno = await verifiedUser(t, { name: 'Bruno Outro' });
  await createCalibration(t.app, ana, { calibration_name: 'Lu-177 fantoma A' });
  await createCalibration(t.app, ana, { calibration_name: 'Lu-177 fantoma B' });
  await createCalibration(t.app, bruno, { calibration_name: 'de outro usuário' });
  const order = await createOrder(t.app, staff, ana, { serviceId: 'radiosino', quantity: 2, price: 900, paid: false });
  await issuedOrder(t.app, staff, order.id, { cpf: uniqueCpf() });
  expectStatus(await staffConfirm(t.app, staff, order.id), 200);
  const analysis = await createAnalysis(t.app, ana, order);
  await moveAnalysis(t.app, staff, analysis.id, 'CO');
  const invalid = await createAnalysis(t.app, ana, order);
  await moveAnalysis(t.app, staff, invalid.id, 'II', 'Faltam as imagens tardias');
}, 240_000);
afterAll(() => t?.close());

describe('the export', () => {
  let state: DataExportState;
  let zipBytes: Buffer;
  let zip: Map<string, Uint8Array>;

  beforeAll(async () => {
    const first = await ask(ana);
    expectStatus(first, 202);
    const second = await ask(ana);
    expectStatus(second, 200);
    expect(second.json<DataExportState>().id, 'a second request joins the one running').toBe(first.json<DataExportState>().id);
    await t.app.dataExports.idle();
    state = await latest(ana);
    const download = await get(ana, state.downloadUrl!);
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('application/zip');
    zipBytes = download.rawPayload;
    zip = await unzip(zipBytes);
  }, 120_000);

  it('is ready, downloadable for 7 days, with its size', () => {
    expect(state).toMatchObject({ state: 'ready', doneBytes: state.totalBytes });
    expect(Date.parse(state.expiresAt!) - Date.parse(state.finishedAt!)).toBe(7 * 24 * 3600_000);
    expect(state.size).toBeGreaterThan(0);
  });

  it('holds data.json in its documented schema, exactly what the API lists for the user', async () => {
    const document = DataExportDocument.parse(JSON.parse(new TextDecoder().decode(zip.get('data.json'))));
    expect(document.userId).toBe(ana.id);
    const { records } = document;
    expect(records.calibrations).toEqual((await listCalibrations(t.app, ana)).row.toReversed());
    const orders = (await get(ana, ordersUrl(ana.id))).json<{ row: Array<{ id: string }> }>().row;
    expect(records.orders).toEqual(orders);
    const analyses = (await get(ana, `${ordersUrl(ana.id)}${orders[0]!.id}/analysis/`)).json<{ row: Array<{ id: string }> }>().row;
    const byId = (a: { id?: unknown }, b: { id?: unknown }) => String(a.id).localeCompare(String(b.id));
    expect((records.analyses as Array<Record<string, unknown>>).map(({ statusHistory: _h, ...api }) => api).sort(byId)).toEqual(analyses.sort(byId));
    const [done, refused] = records.analyses as Array<{ statusHistory: Array<{ status: string; message: string }> }>;
    expect(done!.statusHistory.map((step) => step.status)).toEqual(['DS', 'AI', 'PR', 'CO']);
    expect(refused!.statusHistory.map((step) => [step.status, step.message])).toEqual([['DS', undefined], ['AI', ''], ['II', 'Faltam as imagens tardias']]);
    expect(records.notifications).toEqual((await listNotifications(t.app, ana, '', 'en-US')).row);
    expect(records.profile).toEqual((await get(ana, `${API}/users/${ana.id}/`)).json());
    expect(records.subscriptions).toEqual((await get(ana, `${API}/users/${ana.id}/signatures/`)).json<{ row: unknown[] }>().row);
    const sessions = (await get(ana, `${API}/users/${ana.id}/sessions/`)).json<Array<Record<string, unknown>>>();
    expect(records.sessions).toEqual(sessions.map((session) => ({ ...session, current: false })));
    expect(records.bills).toHaveLength(1);
    expect(JSON.stringify(document)).not.toContain('de outro usuário');
  });

  it('holds every stored file of the user, each with the SHA-256 data.json lists', async () => {
    const document = DataExportDocument.parse(JSON.parse(new TextDecoder().decode(zip.get('data.json'))));
    const rows = await fileRowsOf(t.app, ana.id);
    expect(document.files.map((file) => file.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(new Set(document.files.flatMap((file) => file.usedBy.map((use) => `${use.type}:${use.role}`)))).toEqual(
      new Set(['calibration:images', 'analysis:images', 'analysis:report', 'order:bill', 'bill:pdf']),
    );
    for (const file of document.files) {
      const bytes = zip.get(file.path);
      if (!bytes) throw new Error(`${file.path} is not in the zip`);
      expect(sha256(bytes)).toBe(file.sha256);
      expect(file.sha256).toBe(rows.find((row) => row.id === file.id)!.sha256);
    }
    expect([...zip.keys()].filter((name) => name.startsWith('files/'))).toHaveLength(document.files.length);
  });

  it('has a summary in the language asked in', () => {
    const summary = new TextDecoder().decode(zip.get('summary.html'));
    expect(summary).toContain('<html lang="en-US">');
    expect(summary).toContain('Your data at DoseHub');
    expect(summary).toContain('Calibrations');
  });

  it('mails the user a link to the privacy page', async () => {
    const ready = () => mailsTo(t.smtp, ana.email).filter((mail) => mail.subject === 'DoseHub: your data is ready to download');
    await expect.poll(() => ready().length, { timeout: 10_000 }).toBe(1);
    expect(ready()[0]!.text).toContain('/dashboard/privacy');
  });

  it('is downloaded by its owner only: another user and the staff get 404', async () => {
    for (const other of [bruno, staff]) {
      const response = await get(other, state.downloadUrl!);
      expectStatus(response, 404);
      expect(response.json<{ errors: string[] }>().errors).toHaveLength(1);
    }
    expectStatus(await t.app.inject({ url: state.downloadUrl! }), 401);
  });

  it('expires after 7 days: the sweep removes the zip from the store (the bucket on S3), and the link answers 410', async () => {
    const [row] = await t.app.db.query.dataExports.findMany({ where: (table, { eq }) => eq(table.id, state.id) });
    expect((await readStored(t, row!.storageId!)).equals(zipBytes), `the zip downloaded is the one stored (${t.s3 ? 'bucket' : 'disk'})`).toBe(true);
    await t.app.dataExports.runJob(new Date(Date.now() + 8 * 24 * 3600_000));
    expect(await isStored(t, row!.storageId!)).toBe(false);
    const response = await get(ana, state.downloadUrl!);
    expectStatus(response, 410);
    expect(response.json<{ errors: string[] }>().errors[0]).toMatch(/expired/);
    expect((await latest(ana)).state).toBe('expired');
  });
});

describe('staff', () => {
  it("produce a user's export on request, audited, built for the user", async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/staff/users/${bruno.id}/data-export/`, headers: { cookie: staff.cookies } });
    expectStatus(response, 202);
    await t.app.dataExports.idle();
    expect((await latest(bruno)).state).toBe('ready');
    const exportId = response.json<DataExportState>().id;
    const audit = (await get(staff, `${API}/staff/audit/?recordId=${bruno.id}`)).json<AuditList>();
    expect(audit.row).toEqual([expect.objectContaining({ action: 'user.dataExport', recordType: 'user', staffId: staff.id, after: { exportId } })]);
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/staff/users/${bruno.id}/data-export/`, headers: { cookie: bruno.cookies } }), 403);
  });

  it('download it to hand it over, audited; the user cannot use the staff link', async () => {
    const state = (await get(staff, `${API}/staff/users/${bruno.id}/data-export/`)).json<DataExportLatest>().export!;
    expect(state.downloadUrl).toBe(`${API}/staff/data-exports/${state.id}/file/`);
    const download = await get(staff, state.downloadUrl!);
    expectStatus(download, 200);
    const document = DataExportDocument.parse(JSON.parse(new TextDecoder().decode((await unzip(download.rawPayload)).get('data.json'))));
    expect(document.userId).toBe(bruno.id);
    const audit = (await get(staff, `${API}/staff/audit/?recordId=${bruno.id}&action=user.dataExportDownload`)).json<AuditList>();
    expect(audit.row).toEqual([expect.objectContaining({ staffId: staff.id, after: { exportId: state.id, size: state.size } })]);
    expectStatus(await get(bruno, state.downloadUrl!), 403);
  });
});
