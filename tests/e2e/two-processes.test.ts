// docs/architecture.md §7, issue 13: two real server processes (src/server/main.ts) on one fresh PostgreSQL database,
// as docs/deployment.md describes them: events through pg_notify, idempotency keys and rate limits in the
// database, migrations and the upload sweep under advisory locks. Runs whenever TEST_DATABASE_URL is set
// (.ci/run sets it when PostgreSQL answers); without it the file is reported as skipped.
import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '#server/config.ts';
import { imageBytes } from '#tests/utils/calibrations.ts';
import { createTestBucket, dropTestBucket, s3Env } from '#tests/utils/s3.ts';
import { json, openSse, type SseStream } from '#tests/utils/sse.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { createPostgresDatabase, type TestDatabase } from '#tests/utils/test-database.ts';
import { expectOnlyLiveUploadsOfServer, isStored } from '#tests/utils/upload-store.ts';
import { confirmedUser, E2E_PASSWORD, type ApiUser } from './support/accounts.ts';
import { startServer, tempDataDir, type RunningServer } from './support/server.ts';

const API = '/api/v1';
const journal = JSON.parse(fs.readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };

let database: TestDatabase & { database: { url: string } };
let smtp: SmtpCapture;
/** Shared by both processes, as a shared volume would be (uploads' bytes); PostgreSQL holds the rest. */
let dataDir: string;
let a: RunningServer;
let b: RunningServer;
const streams: SseStream[] = [];

/** In the S3 runs (TEST_S3_ENDPOINT), one bucket for both, as operators set it; null: the shared dataDir. */
let bucket: S3Config | null;
const startProcess = () =>
  startServer(dataDir, { DATABASE_URL: database.database.url, SMTP_URL: smtp.url, LOG_LEVEL: 'info', ...(bucket ? s3Env(bucket) : {}) });
const startBoth = async () => ([a, b] = await Promise.all([startProcess(), startProcess()]));

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function openEvents(server: RunningServer, user: ApiUser) {
  const stream = await openSse(`${server.url}${API}/users/${user.id}/events/`, { cookie: user.cookie });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.next('unread');
  return stream;
}

const CALIBRATION_FIELDS = { isotope: 'Lu-177', syringeActivity: '50', residualSyringeActivity: '1', measurementDatetime: '2026-11-20T10:00:00Z', phantomVolume: '200', acquisitionTime: '1800' };

/** A calibration created with its image set (multipart), as the app sends it. */
function createCalibration(server: RunningServer, user: ApiUser, calibrationName: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  const fields = { ...CALIBRATION_FIELDS, calibrationName };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('images', new Blob([imageBytes(1024)], { type: 'application/zip' }), 'phantom.zip');
  return fetch(`${server.url}${API}/users/${user.id}/calibrations/`, { method: 'POST', headers: { cookie: user.cookie, ...headers }, body: form });
}

const login = (server: RunningServer, email: string) =>
  fetch(`${server.url}${API}/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'not-the-password' }) });

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  let user: ApiUser;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    smtp = await startSmtpCapture();
    dataDir = tempDataDir();
    bucket = await createTestBucket();
    await startBoth();
    user = await confirmedUser(a.url, smtp, 'duas-instancias@hospital.example');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await Promise.all([a?.stop(), b?.stop()]);
    // After the file: the store holds what live records need, nothing more, no pending multipart upload.
    if (database && dataDir) await expectOnlyLiveUploadsOfServer({ dataDir, s3: bucket }, database.database);
    if (bucket) await dropTestBucket(bucket);
    await smtp?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('started together on a fresh database: each migration applied once, one staff account, both serving', async () => {
    const applied = await query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
    expect([a, b].filter((server) => /password:\s+\S{20}/.test(server.output()))).toHaveLength(1);
    expect(await query('SELECT id FROM users WHERE is_staff')).toHaveLength(1);
    for (const server of [a, b]) expect(await (await fetch(`${server.url}${API}/health/`)).json()).toEqual({ status: 'ok' });
  });

  it('a notification created through A reaches the stream open on B within 2 s', async () => {
    const onB = await openEvents(b, user);
    expect((await createCalibration(a, user, 'Fantoma A')).status).toBe(201);
    const event = await onB.next('notification', 2_000);
    expect(json<{ notification: { message: string } }>(event).notification.message).toContain('Fantoma A');
  });

  it("a create replayed with the same Idempotency-Key on B answers A's stored answer; one row", async () => {
    const key = randomUUID();
    const first = await createCalibration(a, user, 'Fantoma idempotente', { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const replay = await createCalibration(b, user, 'Fantoma idempotente', { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('location')).toBe(first.headers.get('location'));
    expect(await replay.json()).toEqual(await first.json());
    expect(await query("SELECT id FROM calibrations WHERE calibration_name = 'Fantoma idempotente'")).toHaveLength(1);
  });

  it('the login rate limit counts the attempts made through both (10 an account per 15 minutes)', async () => {
    const email = 'alvo@hospital.example';
    for (let attempt = 0; attempt < 10; attempt++) expect((await login(attempt % 2 ? b : a, email)).status).not.toBe(429);
    for (const server of [a, b]) {
      const refused = await login(server, email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a tus upload begun on A is resumed and finished on B; its calibration deleted on A takes it out of the store', async () => {
    const bytes = imageBytes(2_000_000, 61);
    const digest = createHash('sha256').update(bytes).digest('hex');
    const tus = { 'tus-resumable': '1.0.0', cookie: user.cookie };
    const created = await fetch(`${a.url}${API}/uploads/`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${btoa('fantoma.zip')},filetype ${btoa('application/zip')},sha256 ${btoa(digest)}` },
    });
    expect(created.status).toBe(201);
    const id = /([0-9a-f-]{36})/.exec(created.headers.get('location')!)![1]!;
    const patch = (server: RunningServer, offset: number, end: number) =>
      fetch(`${server.url}${API}/uploads/${id}/`, {
        method: 'PATCH',
        headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: bytes.subarray(offset, end),
      });
    expect((await patch(a, 0, 800_000)).status).toBe(204);
    const head = await fetch(`${b.url}${API}/uploads/${id}/`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe('800000');
    expect((await patch(b, 800_000, bytes.length)).status).toBe(204);

    const calibration = await fetch(`${b.url}${API}/users/${user.id}/calibrations/`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CALIBRATION_FIELDS, calibrationName: 'Fantoma tus', imagesUploadId: id }),
    });
    expect(calibration.status).toBe(201);
    const { id: cid, imagesUrl } = (await calibration.json()) as { id: string; imagesUrl: string };
    const download = await fetch(`${a.url}${imagesUrl}`, { headers: { cookie: user.cookie } });
    expect(createHash('sha256').update(Buffer.from(await download.arrayBuffer())).digest('hex')).toBe(digest);
    expect(await isStored({ dataDir, s3: bucket }, id)).toBe(true);

    expect((await fetch(`${a.url}${API}/users/${user.id}/calibrations/${cid}/`, { method: 'DELETE', headers: { cookie: user.cookie } })).status).toBe(200);
    expect(await isStored({ dataDir, s3: bucket }, id)).toBe(false);
  });

  it('the upload sweep runs once when both start together: expired uploads removed by one of them', async () => {
    await Promise.all([a.stop(), b.stop()]);
    const expired = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of expired) {
      await query(
        "INSERT INTO uploads (id, user_id, filename, type, size, sha256, expires_at) VALUES ($1, $2, 'phantom.zip', 'application/zip', 10, $3, now() - interval '1 hour')",
        [id, user.id, '0'.repeat(64)],
      );
    }
    await startBoth();
    expect(await query('SELECT id FROM uploads WHERE id = ANY($1)', [expired])).toEqual([]);
    const sweeps = [a, b].flatMap((server) => server.output().match(/"removed":\d+/g) ?? []);
    expect(sweeps).toEqual(['"removed":3']);
  });

  it('stopping A while streams are open on both ends A\'s stream only: B keeps serving and hearing events', async () => {
    const onA = await openEvents(a, user);
    const onB = await openEvents(b, user);
    await a.stop();
    await onA.ended;
    expect((await fetch(`${b.url}${API}/health/`)).status).toBe(200);
    expect((await createCalibration(b, user, 'Fantoma B')).status).toBe(201);
    expect(json<{ notification: { message: string } }>(await onB.next('notification', 2_000)).notification.message).toContain('Fantoma B');
    expect(await (await fetch(`${b.url}${API}/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: E2E_PASSWORD }) })).status).toBe(200);
  });
});
