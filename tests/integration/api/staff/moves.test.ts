// Issue 17: staff move an analysis only as docs/domain.md allows, and only from the status they read (If-Match or
// `from`): every pair of statuses, allowed and refused, a stale read (412 with the current analysis), II's message,
// CO's report by multipart and by a finished resumable upload, each move audited and told to the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAnalysis, StaleAnalysis } from '#shared/schemas/staff-analyses.ts';
import type { AuditList } from '#shared/schemas/staff-audit.ts';
import { API, createMailingTestApp, expectStatus, mailsTo, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';
import { createAnalysis, createOrder, moveAnalysis, PDF, staffAnalysisUrl, staffRead, staffSetStatus, staffUser, type Order } from '#tests/utils/orders.ts';
import { createUploadRequest, uploadFile } from '#tests/utils/uploads.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
let order: Order;

beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Fluxo' });
  order = await createOrder(t.app, staff, ana, { serviceId: 'seg-quant', quantity: 60 });
});
afterAll(() => t?.close());

const REPORT = { content: PDF, filename: 'laudo.pdf', contentType: 'application/pdf' };
let names = 0;

/** A new analysis of Ana's, moved by staff to `status`. */
async function analysisIn(status: string): Promise<string> {
  names += 1;
  const { id } = await createAnalysis(t.app, ana, order, { analysisName: `Fluxo ${names}` });
  if (status !== 'DS') await moveAnalysis(t.app, staff, id, status, status === 'II' ? 'Falta a série.' : undefined);
  return id;
}

const auditOf = async (recordId: string) => {
  const response = await t.app.inject({ url: `${API}/staff/audit/?recordId=${recordId}`, headers: { cookie: staff.cookies } });
  expectStatus(response, 200);
  return response.json<AuditList>().row;
};

const ALLOWED: Record<string, string[]> = { DS: ['AI'], AI: ['AI', 'II', 'PR'], II: ['II'], PR: ['PR', 'CO'], CO: ['CO'] };
const PAIRS = Object.keys(ALLOWED).flatMap((from) => ['AI', 'II', 'PR', 'CO'].map((to) => ({ from, to, allowed: ALLOWED[from]!.includes(to) })));

describe('every move from every status', () => {
  it.each(PAIRS)('$from → $to: allowed $allowed', async ({ from, to, allowed }) => {
    const id = await analysisIn(from);
    const before = await staffRead(t.app, staff, id);
    const response = await staffSetStatus(t.app, staff, id, { status: to, from, ...(to === 'II' ? { message: 'Corrija o nome.' } : {}) }, to === 'CO' ? REPORT : undefined, 'en-US');
    expectStatus(response, allowed ? 200 : 409);
    const after = await staffRead(t.app, staff, id);
    if (allowed) {
      expect(response.json<StaffAnalysis>().statusCode).toBe(to);
      expect(response.headers.etag).toBe(after.etag);
      expect(after.etag).not.toBe(before.etag);
    } else {
      expect(response.json<{ errors: string[] }>().errors[0]).toMatch(/cannot move to/);
      expect(after).toEqual(before);
    }
  });
});

describe('only from the status read', () => {
  it('a stale `from` → 412 with the current analysis and its ETag; nothing changes, nothing is told', async () => {
    const id = await analysisIn('PR');
    const notices = (await listNotifications(t.app, ana)).count;
    const response = await staffSetStatus(t.app, staff, id, { status: 'II', from: 'AI', message: 'Série cortada.' }, undefined, 'en-US');
    expectStatus(response, 412);
    const body = response.json<StaleAnalysis>();
    expect(body.errors).toEqual(['The analysis changed since you opened it: it is now in “Processing analysis”. Reload and check.']);
    expect(body.current).toMatchObject({ id, statusCode: 'PR' });
    expect(response.headers.etag).toBe(`W/"${body.current.version}"`);
    expect((await staffRead(t.app, staff, id)).statusCode).toBe('PR');
    expect((await listNotifications(t.app, ana)).count).toBe(notices);
  });

  it('a stale If-Match → 412 even when the status is the same; the current ETag passes', async () => {
    const id = await analysisIn('AI');
    const { etag } = await staffRead(t.app, staff, id);
    expectStatus(await staffSetStatus(t.app, staff, id, { status: 'AI', from: null }, undefined, undefined, { 'if-match': etag }), 200);
    const stale = await staffSetStatus(t.app, staff, id, { status: 'PR', from: null }, undefined, undefined, { 'if-match': etag });
    expectStatus(stale, 412);
    expect(stale.json<StaleAnalysis>().current.statusCode).toBe('AI');
    const fresh = (await staffRead(t.app, staff, id)).etag;
    expectStatus(await staffSetStatus(t.app, staff, id, { status: 'PR', from: null }, undefined, undefined, { 'if-match': fresh }), 200);
  });

  it('neither If-Match nor `from` → 400 naming `from`', async () => {
    const id = await analysisIn('DS');
    const response = await staffSetStatus(t.app, staff, id, { status: 'AI', from: null }, undefined, 'en-US');
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors[0]).toMatch(/^from: /);
  });

  it('an unknown status or `from` → 400 naming it', async () => {
    const id = await analysisIn('DS');
    expect((await staffSetStatus(t.app, staff, id, { status: 'XX', from: 'DS' })).json<{ errors: string[] }>().errors[0]).toMatch(/^status: /);
    expect((await staffSetStatus(t.app, staff, id, { status: 'AI', from: 'ZZ' })).json<{ errors: string[] }>().errors[0]).toMatch(/^from: /);
    const missing = await t.app.inject({ method: 'POST', url: `${staffAnalysisUrl(id)}status/`, headers: { cookie: staff.cookies, 'accept-language': 'en-US' }, payload: { from: 'DS' } });
    expectStatus(missing, 400);
    expect(missing.json<{ errors: string[] }>().errors).toEqual(['status: This field is required.']);
  });
});

describe('what II and CO need', () => {
  it('II without a message → 400 naming `message`; with one, the user reads it and is mailed', async () => {
    const id = await analysisIn('AI');
    const missing = await staffSetStatus(t.app, staff, id, { status: 'II', from: 'AI' }, undefined, 'en-US');
    expectStatus(missing, 400);
    expect(missing.json<{ errors: string[] }>().errors[0]).toMatch(/^message: /);
    expectStatus(await staffSetStatus(t.app, staff, id, { status: 'II', from: 'AI', message: 'A série 2 está cortada.' }), 200);
    const notice = (await listNotifications(t.app, ana, '', 'en-US')).row[0]!;
    expect(notice.message).toContain('A série 2 está cortada.');
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, ana.email).some((mail) => mail.subject.includes('precisa de correções') && mail.text.includes('A série 2 está cortada.'))).toBe(true);
  });

  it('CO without a report → 400 naming `report`; a multipart report that is no PDF → 415', async () => {
    const id = await analysisIn('PR');
    const missing = await staffSetStatus(t.app, staff, id, { status: 'CO', from: 'PR' }, undefined, 'en-US');
    expectStatus(missing, 400);
    expect(missing.json<{ errors: string[] }>().errors[0]).toMatch(/^report: /);
    expectStatus(await staffSetStatus(t.app, staff, id, { status: 'CO', from: 'PR' }, { content: PDF, filename: 'laudo.txt', contentType: 'text/plain' }), 415);
    expect((await staffRead(t.app, staff, id)).statusCode).toBe('PR');
  });

  it("CO with `reportUploadId`: the staff member's finished PDF upload becomes the owner's report, once", async () => {
    const id = await analysisIn('PR');
    const uploadId = await uploadFile(t.app, staff, PDF, { filename: 'laudo-final.pdf', filetype: 'application/pdf' });
    const response = await staffSetStatus(t.app, staff, id, { status: 'CO', from: 'PR', reportUploadId: uploadId });
    expectStatus(response, 200);
    const moved = response.json<StaffAnalysis>();
    expect(moved.statusCode).toBe('CO');
    const report = await t.app.inject({ url: moved.reportUrl!, headers: { cookie: ana.cookies } });
    expectStatus(report, 200);
    expect(report.rawPayload.equals(Buffer.from(PDF))).toBe(true);
    const again = await analysisIn('PR');
    const reused = await staffSetStatus(t.app, staff, again, { status: 'CO', from: 'PR', reportUploadId: uploadId }, undefined, 'en-US');
    expectStatus(reused, 400);
    expect(reused.json<{ errors: string[] }>().errors[0]).toMatch(/^report_upload_id: /);
    await t.app.mailQueue.idle();
    expect(mailsTo(t.smtp, ana.email).some((mail) => mail.subject.includes('está pronto'))).toBe(true);
  });

  it("another user's upload, or one that is no PDF, is refused as `reportUploadId`; a clinician cannot upload a PDF at all", async () => {
    const id = await analysisIn('PR');
    const zip = await uploadFile(t.app, staff, new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), { filename: 'laudo.zip', filetype: 'application/zip' });
    const notPdf = await staffSetStatus(t.app, staff, id, { status: 'CO', from: 'PR', reportUploadId: zip }, undefined, 'en-US');
    expectStatus(notPdf, 400);
    expect(notPdf.json<{ errors: string[] }>().errors[0]).toMatch(/^report_upload_id: /);
    const anas = await uploadFile(t.app, ana, new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), { filename: 'serie.zip', filetype: 'application/zip' });
    const notTheirs = await staffSetStatus(t.app, staff, id, { status: 'CO', from: 'PR', reportUploadId: anas }, undefined, 'en-US');
    expectStatus(notTheirs, 400);
    expect(notTheirs.json<{ errors: string[] }>().errors[0]).toMatch(/^report_upload_id: /);
    const other = await verifiedUser(t, { name: 'Outra Equipe' });
    expectStatus(await createUploadRequest(t.app, other, { size: PDF.length, filename: 'laudo.pdf', filetype: 'application/pdf' }), 415);
    expect((await staffRead(t.app, staff, id)).statusCode).toBe('PR');
  });
});

describe('each move is audited and told', () => {
  it('the audit log names the staff member, the status before and after, and the new version', async () => {
    const id = await analysisIn('DS');
    expectStatus(await staffSetStatus(t.app, staff, id, { status: 'AI', from: 'DS' }), 200);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      staffId: staff.id,
      staffName: 'Sara Staff',
      action: 'analysis.status',
      recordType: 'analysis',
      recordId: id,
      before: { status: 'DS', version: 1 },
      after: { status: 'AI', version: 2 },
    });
  });

  it('GET /staff/analyses/{aid}/ gives the calibration, the images file id and the owner; a staff download of the images is audited', async () => {
    const dosimetry = await createOrder(t.app, staff, ana, { serviceId: 'dosi-clin' });
    const { id } = await createAnalysis(t.app, ana, dosimetry, { analysisName: 'Com calibração' });
    const response = await t.app.inject({ url: staffAnalysisUrl(id), headers: { cookie: staff.cookies } });
    expectStatus(response, 200);
    const analysis = response.json<StaffAnalysis>();
    expect(analysis).toMatchObject({ user: { id: ana.id, name: 'Ana Fluxo' }, orderCode: dosimetry.code });
    expect(analysis.calibration?.id).toBe(analysis.calibrationId);
    const images = await t.app.inject({ url: `${API}/files/${analysis.imagesFileId}/`, headers: { cookie: staff.cookies } });
    expectStatus(images, 200);
    const [download] = await auditOf(analysis.imagesFileId!);
    expect(download).toMatchObject({ staffId: staff.id, action: 'file.download', recordType: 'file', before: null, after: { ownerId: ana.id } });
    expectStatus(await t.app.inject({ url: `${API}/files/${analysis.imagesFileId}/`, headers: { cookie: ana.cookies } }), 200);
    expect(await auditOf(analysis.imagesFileId!)).toHaveLength(1);
  });
});
