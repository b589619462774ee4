// GET /api/v1/health/ready with the uploads in S3 (issue 32), against the run's S3 server (TEST_S3_ENDPOINT;
// vitest.config.ts runs *.s3.test.ts only when it is set): the bucket is checked with HeadBucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestBucket } from '#tests/utils/s3.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

const READY = '/api/v1/health/ready';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // The test removed the bucket already.
  await t.close().catch(() => {});
});

describe('readiness with the uploads in S3', () => {
  it('is ready while the bucket answers, and 503 naming the upload store once it is gone', async () => {
    expect(t.s3, 'the run has an S3 server, so the app keeps its uploads in a bucket').not.toBeNull();
    expect((await t.app.inject({ url: READY })).statusCode).toBe(200);

    await dropTestBucket(t.s3!);
    const response = await t.app.inject({ url: READY, headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(503);
    expect(response.json().errors).toHaveLength(1);
    expect(response.json().errors[0]).toMatch(/upload store/);
  });
});
