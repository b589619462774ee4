/**
 * Upload throughput (issue 6): a 500 MB file sent to the real server over loopback as the browser sends
 * it (tus 1.0, 5 MB PATCHes, the SHA-256 checked at the end), against a plain streamed copy of the same
 * file on the same disk (medians of three runs each), and the server's resident memory during the
 * uploads, sampled every 50 ms from /proc; to the file store, and to S3 as well when TEST_S3_ENDPOINT names an
 * S3-compatible server (issue 20: .ci/ceph-up.sh's RADOS Gateway on loopback). Exits 1 when the server's memory grows by more than MEMORY_LIMIT_MB (the body must be streamed
 * to disk, not buffered) or the upload does not finish.
 *
 *   npx tsx tests/bench/upload.bench.ts        UPLOAD_BENCH_MB=500 by default
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { confirmedUser, type ApiUser } from '#tests/e2e/support/accounts.ts';
import { randomZip } from '#tests/e2e/support/orders.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { createTestBucket, dropTestBucket, s3Env } from '#tests/utils/s3.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';

const MB = 1_000_000;
const FILE_MB = Number(process.env.UPLOAD_BENCH_MB ?? 500);
/** The client's tus chunk (src/app/lib/uploads/tus-upload.ts). */
const CHUNK_BYTES = 5 * 1024 * 1024;
const MEMORY_LIMIT_MB = 150;
const SAMPLE_MS = 50;
const RUNS = 3;

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

function watchMemory(pid: number) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid));
  };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(url: string, method: string, headers: Record<string, string | number>, body?: fs.ReadStream): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

/** tus creation, then the file in CHUNK_BYTES PATCHes read from disk as streams. Returns the seconds taken and the upload's URL. */
async function upload(serverUrl: string, user: ApiUser, file: string, size: number, sha256: string): Promise<{ seconds: number; uploadUrl: string }> {
  const started = performance.now();
  const auth = { cookie: user.cookie, 'tus-resumable': '1.0.0' };
  const created = await request(`${serverUrl}/api/v1/uploads/`, 'POST', {
    ...auth,
    'upload-length': size,
    'upload-metadata': `filename ${base64('spect.zip')},filetype ${base64('application/zip')},sha256 ${base64(sha256)}`,
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}: ${created.body}`);
  const uploadUrl = new URL(String(created.headers.location), serverUrl).href;
  for (let offset = 0; offset < size; ) {
    const end = Math.min(size, offset + CHUNK_BYTES);
    const patched = await request(
      uploadUrl,
      'PATCH',
      { ...auth, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream', 'content-length': end - offset },
      fs.createReadStream(file, { start: offset, end: end - 1 }),
    );
    if (patched.status !== 204) throw new Error(`PATCH at ${offset} answered ${patched.status}: ${patched.body}`);
    offset = Number(patched.headers['upload-offset']);
  }
  return { seconds: (performance.now() - started) / 1000, uploadUrl };
}

async function streamedCopySeconds(from: string, to: string): Promise<number> {
  const started = performance.now();
  await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
  fs.rmSync(to);
  return (performance.now() - started) / 1000;
}

/** The tus creation's Location, for the DELETE that frees the store between runs. */
async function removeUpload(serverUrl: string, user: ApiUser, uploadUrl: string) {
  const answer = await request(uploadUrl, 'DELETE', { cookie: user.cookie, 'tus-resumable': '1.0.0' });
  if (answer.status !== 204) throw new Error(`DELETE ${uploadUrl} on ${serverUrl} answered ${answer.status}: ${answer.body}`);
}

interface StoreRun {
  store: string;
  uploadSeconds: number;
  before: number;
  peak: number;
}

/** RUNS uploads of the file to a fresh server on one store (each removed after, so the store does not fill up). */
async function benchStore(store: string, env: Record<string, string>, work: string, file: string, sha256: string): Promise<StoreRun> {
  const smtp = await startSmtpCapture();
  const server = await startServer(fs.mkdtempSync(path.join(work, 'data-')), { SMTP_URL: smtp.url, ...env });
  try {
    const user = await confirmedUser(server.url, smtp, `bench-${crypto.randomUUID()}@hospital.example`);
    const uploads: number[] = [];
    const before = residentBytes(server.pid);
    const peakOf = watchMemory(server.pid);
    for (let run = 0; run < RUNS; run++) {
      const { seconds, uploadUrl } = await upload(server.url, user, file, FILE_MB * MB, sha256);
      uploads.push(seconds);
      await removeUpload(server.url, user, uploadUrl);
    }
    return { store, uploadSeconds: median(uploads), before, peak: peakOf() };
  } finally {
    await server.stop();
    await smtp.close();
  }
}

/**
 * The file store always; S3 too when the run has an S3 server (TEST_S3_ENDPOINT, e.g. .ci/ceph-up.sh's
 * RADOS Gateway on loopback): the server then gets a bucket of its own.
 */
async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-upload-bench-'));
  const bucket = await createTestBucket();
  // The file store's server must not get a bucket (startServer gives one in S3 runs).
  delete process.env.TEST_S3_ENDPOINT;
  try {
    const file = path.join(work, 'spect.zip');
    const sha256 = randomZip(file, FILE_MB * MB);
    const copies: number[] = [];
    for (let run = 0; run < RUNS; run++) copies.push(await streamedCopySeconds(file, path.join(work, 'copy.zip')));
    const runs = [await benchStore('file store (DATA_DIR)', {}, work, file, sha256)];
    if (bucket) runs.push(await benchStore(`S3 (${bucket.endpoint}, path-style)`, s3Env(bucket), work, file, sha256));

    const copyRate = FILE_MB / median(copies);
    console.log(`\nUpload of ${FILE_MB} MB over loopback (tus, ${CHUNK_BYTES / 1024 / 1024} MiB PATCHes, SHA-256 checked), ${os.cpus().length} cores, median of ${RUNS}\n`);
    console.log('| where the bytes go | seconds | MB/s | upload / copy | server RSS before → peak |');
    console.log('|---|---:|---:|---:|---|');
    for (const run of runs) {
      const rate = FILE_MB / run.uploadSeconds;
      console.log(`| ${run.store} | ${run.uploadSeconds.toFixed(2)} | ${rate.toFixed(0)} | ${(rate / copyRate).toFixed(2)} | ${(run.before / MB).toFixed(0)} → ${(run.peak / MB).toFixed(0)} MB (+${((run.peak - run.before) / MB).toFixed(0)}) |`);
    }
    console.log(`| streamed file copy, same disk | ${median(copies).toFixed(2)} | ${copyRate.toFixed(0)} | 1 | |`);
    if (!bucket) console.log('\n(no S3 server: set TEST_S3_ENDPOINT and its keys, e.g. `.ci/ceph-up.sh && source /tmp/dosehub-ceph/s3.env`)');
    const buffered = runs.filter((run) => (run.peak - run.before) / MB > MEMORY_LIMIT_MB);
    for (const run of buffered) {
      console.error(`${run.store}: the server's memory grew by ${((run.peak - run.before) / MB).toFixed(0)} MB (limit ${MEMORY_LIMIT_MB} MB): the upload is buffered, not streamed.`);
    }
    return buffered.length ? 1 : 0;
  } finally {
    if (bucket) await dropTestBucket(bucket);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Upload bench failed:', error);
    process.exit(1);
  },
);
