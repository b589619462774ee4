// Issue 19: DICOM that arrives still identifying its patient (sent without the browser's de-identification,
// by an older client or another tool) is accepted, and flagged for staff in the analysis queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { deidentified, rawStudy, zipOf } from '#tests/utils/dicom.ts';
import { createAnalysis, createOrder, staffUser, type Analysis, type Order } from '#tests/utils/orders.ts';
import { uploadFile } from '#tests/utils/uploads.ts';

let t: MailingTestApp;
let staff: SignedInUser;
let ana: SignedInUser;
let order: Order;

const rawFiles = rawStudy(3);

async function queued(id: string): Promise<Analysis> {
  const response = await t.app.inject({ url: `${API}/staff/analyses/?limit=100`, headers: { cookie: staff.cookies } });
  expectStatus(response, 200);
  return response.json<{ row: Analysis[] }>().row.find((analysis) => analysis.id === id)!;
}

beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
  ana = await verifiedUser(t, { name: 'Ana Dicom' });
  order = await createOrder(t.app, staff, ana, { serviceId: 'seg-quant', quantity: 5 });
});
afterAll(() => t?.close());

describe('the staff queue flags DICOM that was not de-identified', () => {
  it('a zip of raw DICOM sent as a multipart file: accepted, flagged with the elements found', async () => {
    const analysis = await createAnalysis(t.app, ana, order, {}, { images: await zipOf(rawFiles) });
    const seen = await queued(analysis.id);
    expect(seen.notDeidentified).toBe(true);
    expect(seen.identifyingElements).toEqual(expect.arrayContaining(["Patient's Name", "Patient's Birth Date", 'Institution Name', 'Patient Identity Removed']));
  });

  it('one raw DICOM file through a resumable upload: flagged', async () => {
    const uploadId = await uploadFile(t.app, ana, rawFiles[0]!, { filename: 'IM0001.dcm', filetype: 'application/dicom' });
    const analysis = await createAnalysis(t.app, ana, order, { imagesUploadId: uploadId }, { images: null });
    expect((await queued(analysis.id)).notDeidentified).toBe(true);
  });

  it('a zip the browser de-identified, through a resumable upload: not flagged', async () => {
    const uploadId = await uploadFile(t.app, ana, await zipOf(deidentified(rawFiles)), { filename: 'dicom-deidentified.zip', filetype: 'application/zip' });
    const analysis = await createAnalysis(t.app, ana, order, { imagesUploadId: uploadId }, { images: null });
    const seen = await queued(analysis.id);
    expect(seen.notDeidentified).toBe(false);
    expect(seen.identifyingElements).toEqual([]);
  });

  it('a ZIP64 zip of raw DICOM (ZIP64 records, as past 4 GB), through a resumable upload: read and flagged', async () => {
    const uploadId = await uploadFile(t.app, ana, await zipOf(rawFiles, { zip64: true }), { filename: 'study.zip', filetype: 'application/zip' });
    const analysis = await createAnalysis(t.app, ana, order, { imagesUploadId: uploadId }, { images: null });
    expect((await queued(analysis.id)).identifyingElements).toEqual(expect.arrayContaining(["Patient's Name", "Patient's Birth Date"]));
  });

  it('images that are not DICOM carry no flag, and the clinician never sees the fields', async () => {
    const analysis = await createAnalysis(t.app, ana, order);
    const seen = await queued(analysis.id);
    expect(seen).not.toHaveProperty('notDeidentified');
    expect(analysis).not.toHaveProperty('notDeidentified');
    expect(analysis).not.toHaveProperty('identifyingElements');
  });
});
