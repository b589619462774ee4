/**
 * The S3 runs of the upload tests: with TEST_S3_ENDPOINT set (.ci/ceph-up.sh writes it, with the keys, to
 * `$CEPH_DIR/s3.env`), every test app and e2e server keeps its uploads in a bucket of its own on that
 * S3-compatible server instead of `<dataDir>/uploads`. The bucket is read here with the AWS SDK directly, not
 * through our store, so a test sees what really is in it.
 */
import { randomUUID } from 'node:crypto';
import { S3 } from '@aws-sdk/client-s3';
import { loadConfig, type S3Config } from '#server/config.ts';

/** The S3-compatible server of this run, or null (uploads on disk). */
export function testS3Server(): { endpoint: string; accessKeyId: string; secretAccessKey: string } | null {
  const { TEST_S3_ENDPOINT: endpoint, TEST_S3_ACCESS_KEY_ID: accessKeyId, TEST_S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  if (!endpoint) return null;
  if (!accessKeyId || !secretAccessKey) throw new Error('TEST_S3_ENDPOINT needs TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY');
  return { endpoint, accessKeyId, secretAccessKey };
}

/** A client for the test's own look at the bucket (and set-up), with the settings the server uses. */
export function s3Client(config: Pick<S3Config, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey'>): S3 {
  return new S3({
    endpoint: config.endpoint ?? undefined,
    region: config.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
}

/**
 * A fresh, empty bucket on the run's S3 server, as the server reads its settings from the README's variables
 * (so its defaults are the ones tested; `env` adds or overrides some); null when the run has no S3 server.
 */
export async function createTestBucket(env: Record<string, string> = {}): Promise<S3Config | null> {
  const server = testS3Server();
  if (!server) return null;
  const bucket = `dosehub-test-${randomUUID()}`;
  const settings = { S3_BUCKET: bucket, S3_ENDPOINT: server.endpoint, S3_ACCESS_KEY_ID: server.accessKeyId, S3_SECRET_ACCESS_KEY: server.secretAccessKey, ...env };
  const config = loadConfig(settings).s3!;
  await s3Client(config).createBucket({ Bucket: bucket });
  return config;
}

/** The server environment (S3_*) for a bucket, as an operator would set it. */
export const s3Env = (config: S3Config): Record<string, string> => ({
  S3_BUCKET: config.bucket,
  S3_REGION: config.region,
  S3_ENDPOINT: config.endpoint!,
  S3_ACCESS_KEY_ID: config.accessKeyId!,
  S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
});

/** What the bucket holds: its objects' keys, and the keys of its pending (unfinished) multipart uploads. */
export async function bucketContents(config: S3Config): Promise<{ objects: string[]; pending: string[] }> {
  const s3 = s3Client(config);
  const objects: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.listObjectsV2({ Bucket: config.bucket, ContinuationToken: token });
    objects.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const pending = ((await s3.listMultipartUploads({ Bucket: config.bucket })).Uploads ?? []).map((upload) => upload.Key!);
  return { objects: objects.sort(), pending: pending.sort() };
}

/** Empties the bucket (objects and pending uploads) and deletes it. */
export async function dropTestBucket(config: S3Config): Promise<void> {
  const s3 = s3Client(config);
  for (const upload of (await s3.listMultipartUploads({ Bucket: config.bucket })).Uploads ?? []) {
    await s3.abortMultipartUpload({ Bucket: config.bucket, Key: upload.Key!, UploadId: upload.UploadId! });
  }
  const { objects } = await bucketContents(config);
  if (objects.length > 0) await s3.deleteObjects({ Bucket: config.bucket, Delete: { Objects: objects.map((Key) => ({ Key })) } });
  await s3.deleteBucket({ Bucket: config.bucket });
}
