/**
 * Upload throughput (issue 6): a 500 MB file sent to the real server over loopback as the browser sends
 * it (tus 1.0, 5 MB PATCHes, the SHA-256 checked at the end), against a plain streamed copy of the same
 * file on the same disk (medians of three runs each), and the server's resident memory during the
 * uploads, sampled every 50 ms from /proc. Exits 1 when the server's memory grows by more than MEMORY_LIMIT_MB (the body must be streamed
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

/** tus creation, then the file in CHUNK_BYTES PATCHes read from disk as streams. Returns the seconds taken. */
async function upload(serverUrl: string, user: ApiUser, file: string, size: number, sha256: string): Promise<number> {
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
  return (performance.now() - started) / 1000;
}

async function streamedCopySeconds(from: string, to: string): Promise<number> {
  const started = performance.now();
  await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
  fs.rmSync(to);
  return (performance.now() - started) / 1000;
}

async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-upload-bench-'));
  const smtp = await startSmtpCapture();
  const server = await startServer(path.join(work, 'data'), { SMTP_URL: smtp.url });
  try {
    const file = path.join(work, 'spect.zip');
    const size = FILE_MB * MB;
    const sha256 = randomZip(file, size);
    const user = await confirmedUser(server.url, smtp, `bench-${crypto.randomUUID()}@hospital.example`);

    const copies: number[] = [];
    const uploads: number[] = [];
    const before = residentBytes(server.pid);
    const peakOf = watchMemory(server.pid);
    for (let run = 0; run < RUNS; run++) {
      copies.push(await streamedCopySeconds(file, path.join(work, 'copy.zip')));
      uploads.push(await upload(server.url, user, file, size, sha256));
    }
    const peak = peakOf();
    const [copySeconds, uploadSeconds] = [median(copies), median(uploads)];

    const growthMb = (peak - before) / MB;
    const uploadRate = FILE_MB / uploadSeconds;
    const copyRate = FILE_MB / copySeconds;
    console.log(`\nUpload of ${FILE_MB} MB over loopback (tus, ${CHUNK_BYTES / 1024 / 1024} MiB PATCHes, SHA-256 checked), ${os.cpus().length} cores, median of ${RUNS}\n`);
    console.log('| what | seconds | MB/s |');
    console.log('|---|---:|---:|');
    console.log(`| upload to the server | ${uploadSeconds.toFixed(2)} | ${uploadRate.toFixed(0)} |`);
    console.log(`| streamed file copy, same disk | ${copySeconds.toFixed(2)} | ${copyRate.toFixed(0)} |`);
    console.log(`\nupload / copy: ${(uploadRate / copyRate).toFixed(2)}`);
    console.log(`server memory (RSS): ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at the peak (+${growthMb.toFixed(0)} MB)`);
    if (growthMb > MEMORY_LIMIT_MB) {
      console.error(`The server's memory grew by ${growthMb.toFixed(0)} MB (limit ${MEMORY_LIMIT_MB} MB): the upload is buffered, not streamed.`);
      return 1;
    }
    return 0;
  } finally {
    await server.stop();
    await smtp.close();
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
