// The upload store failing under a client (issue 20): S3 unreachable or refusing is 503 `{errors}` with
// Retry-After, never 500, and the log says what S3 answered (code, HTTP status, request id); once the store is
// back the upload resumes from HEAD's offset. The first test needs no S3 server (an endpoint nobody listens
// on); store-outage.s3.test.ts runs against the run's S3 server.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE, appWithLog } from '#tests/utils/store-outage.ts';
import { expectStatus, registerUser, type SignedInUser } from '#tests/utils/accounts.ts';
import { createUploadRequest } from '#tests/utils/uploads.ts';

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
