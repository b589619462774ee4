// The upload store failing under a client (issue 20): S3 unreachable or refusing is 503 `{errors}` with
// Retry-After, never 500, and the log says what S3 answered (code, HTTP status, request id); once the store is
// back the upload resumes from HEAD's offset. The first test needs no S3 server (an endpoint nobody listens
// on); the others run against the run's S3 server (TEST_S3_ENDPOINT: .ci/ceph-up.sh's RADOS Gateway),
// reached through a TCP link the test cuts and restores.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { createMailingTestApp, expectStatus, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { calibrationFields, calibrationsUrl, imageBytes, sha256, verifiedUser } from '#tests/utils/calibrations.ts';
import { createTestBucket, dropTestBucket, testS3Server } from '#tests/utils/s3.ts';
import { expectOnlyLiveUploads, readStored } from '#tests/utils/upload-store.ts';
import { createUpload, createUploadRequest, headUpload, patchUpload, uploadFile } from '#tests/utils/uploads.ts';
import { openNetworkLink, type NetworkLink } from '../../../e2e/support/network.ts';

const UNAVAILABLE = {
  'pt-BR': 'O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes: um envio continua de onde parou.',
  'en-US': 'File storage is unavailable at the moment. Try again in a moment: an upload resumes where it stopped.',
  es: 'El almacenamiento de archivos no está disponible en este momento. Inténtelo de nuevo en unos instantes: una carga continúa donde se detuvo.',
};

interface LogLine {
  level: number;
  msg: string;
  store?: { code: string; httpStatus?: number; requestId?: string };
}

/** An app whose log lines are kept, to read what it told the operator. */
async function appWithLog(overrides: Partial<Config>) {
  const lines: LogLine[] = [];
  const t = await createMailingTestApp({ logLevel: 'error', logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) }, ...overrides });
  const storeErrors = () => lines.filter((line) => line.msg === 'upload store failed').map((line) => line.store);
  return { t, storeErrors };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('S3 unreachable', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  let user: SignedInUser;
  beforeAll(async () => {
    const s3 = { bucket: 'dosehub-nowhere', region: 'us-east-1', endpoint: `http://127.0.0.1:${await closedPort()}`, accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, checksums: 'WHEN_REQUIRED' as const };
    app = await appWithLog({ s3 });
    user = await registerUser(app.t.app);
  }, 30_000);
  afterAll(() => app?.t.close());

  it.each(Object.entries(UNAVAILABLE))('a creation → 503 with Retry-After and a translated message (%s); the log names the failure', async (language, message) => {
    const response = await createUploadRequest(app.t.app, user, { size: 1000, acceptLanguage: language });
    expectStatus(response, 503);
    expect(response.json()).toEqual({ errors: [message] });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(app.storeErrors().at(-1)).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe.skipIf(!testS3Server())('S3 failing, then back (the run\'s S3 server)', () => {
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
