// The S3 upload store's byte source (ranged GetObjects), against the run's S3 server (TEST_S3_ENDPOINT;
// vitest.config.ts runs *.s3.test.ts only when it is set): the contract the local store passes too.
import { afterAll } from 'vitest';
import type { S3Config } from '#server/config.ts';
import { createTestBucket, dropTestBucket } from '#tests/utils/s3.ts';
import { s3StoreUnderTest, storedObjectContract } from '#tests/utils/stored-objects.ts';

let bucket: S3Config | null = null;
afterAll(async () => {
  if (bucket) await dropTestBucket(bucket);
});

storedObjectContract('uploads in S3', async () => {
  bucket = await createTestBucket();
  return bucket && s3StoreUnderTest(bucket);
});
