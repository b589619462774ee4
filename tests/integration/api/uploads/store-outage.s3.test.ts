// The upload store failing under a client, against the run's S3 server (TEST_S3_ENDPOINT: .ci/ceph-up.sh's
// RADOS Gateway; vitest.config.ts runs *.s3.test.ts only when it is set), reached through a TCP link the test
// cuts and restores: 503 with Retry-After while it is away, the upload resumed from HEAD's offset once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE, appWithLog } from '#tests/utils/store-outage.ts';
import { expectStatus, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { calibrationFields, calibrationsUrl, imageBytes, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import { createTestBucket, dropTestBucket } from '#tests/utils/s3.ts';
import { expectOnlyLiveUploads, readStored } from '#tests/utils/upload-store.ts';
import { createUpload, headUpload, patchUpload, uploadFile } from '#tests/utils/uploads.ts';
import { openNetworkLink, type NetworkLink } from '../../../e2e/support/network.ts';

describe('S3 failing, then back (the run\'s S3 server)', () => {
  let link: NetworkLink;
  let app: Awaited<ReturnType<typeof appWithLog>>;
  let t: MailingTestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    const s3 = (await createTestBucket())!;
    link = await openNetworkLink(s3.endpoint!);
    app = await appWithLog({ s3: { ...s3, endpoint: link.url } });
    t = { ...app.t, s3 };
    user = await registerUser(t.app);
  }, 30_000);
  afterAll(async () => {
    link?.restore();
    if (t) await expectOnlyLiveUploads(t);
    await app?.t.close();
    await link?.close();
    if (t?.s3) await dropTestBucket(t.s3);
  });

  it('a PATCH while S3 is down → 503 with Retry-After (HEAD too); once it is back, HEAD gives the offset and the upload finishes intact', async () => {
    const bytes = imageBytes(300_000, 51);
    const id = await createUpload(t.app, user, bytes);
    expectStatus(await patchUpload(t.app, user, id, 0, bytes.subarray(0, 120_000)), 204);

    link.cut();
    const failed = await patchUpload(t.app, user, id, 120_000, bytes.subarray(120_000), { 'accept-language': 'en-US' });
    expectStatus(failed, 503);
    expect(failed.json()).toEqual({ errors: [UNAVAILABLE['en-US']] });
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    expectStatus(await headUpload(t.app, user, id), 503);

    link.restore();
    const head = await headUpload(t.app, user, id);
    expectStatus(head, 200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(120_000);
    const last = await patchUpload(t.app, user, id, offset, bytes.subarray(offset));
    expectStatus(last, 204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    expect(sha256(await readStored(t, id))).toBe(sha256(bytes));
  });

  it('a download of images kept in S3 while S3 is down → 503 before any byte, not a cut 200; then the whole file', async () => {
    const owner = await verifiedUser(t, { name: 'Dora Download' });
    const bytes = imageBytes(50_000, 53);
    const id = await uploadFile(t.app, owner, bytes);
    const created = await t.app.inject({ method: 'POST', url: calibrationsUrl(owner.id), headers: { cookie: owner.cookies }, payload: { ...calibrationFields(), imagesUploadId: id } });
    expectStatus(created, 201);
    const download = () => t.app.inject({ url: created.json<{ imagesUrl: string }>().imagesUrl, headers: { cookie: owner.cookies } });

    link.cut();
    const failed = await download();
    expectStatus(failed, 503);
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    link.restore();
    const whole = await download();
    expectStatus(whole, 200);
    expect(sha256(whole.rawPayload)).toBe(sha256(bytes));
  });

  it("the SDK's default checksums (S3_CHECKSUMS=when_supported) on a store that refuses them → 503, and the log has S3's code, status and request id", async () => {
    const s3 = (await createTestBucket({ S3_CHECKSUMS: 'when_supported' }))!;
    const other = await appWithLog({ s3 });
    try {
      const owner = await registerUser(other.t.app);
      const bytes = imageBytes(10_000, 52);
      const id = await createUpload(other.t.app, owner, bytes);
      const response = await patchUpload(other.t.app, owner, id, 0, bytes);
      expectStatus(response, 503);
      expect(other.storeErrors().at(-1)).toEqual({ code: 'MissingContentLength', httpStatus: 411, requestId: expect.stringMatching(/\S{8,}/) });
    } finally {
      await other.t.close();
      await dropTestBucket(s3);
    }
  });
});
