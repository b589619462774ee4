/**
 * "Download my data" (issue 30): the export of an account with 2 GB of files (PRIVACY_EXPORT_BENCH_MB), built by
 * the real server from its local store: MB/s of the build and of the download, and the server's resident memory
 * (peak over the baseline, sampled every 50 ms from /proc). The files are cheap: calibrations made through the API,
 * whose stored images are then grown into sparse files (zeros after their bytes) while the server is stopped, with
 * their rows' size and SHA-256 set to match. Exits 1 when memory grows by more than MEMORY_LIMIT_MB (the zip must
 * be streamed) or the export does not finish.
 *
 *   npx tsx tests/bench/privacy-export.bench.ts        PRIVACY_EXPORT_BENCH_MB=2048 by default
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { files } from '#server/db/schema.ts';
import type { DataExportLatest, DataExportState } from '#shared/schemas/data-export.ts';
import { confirmedUser, createCalibrationViaApi } from '#tests/e2e/support/accounts.ts';
import { migratedDataDir, startServer } from '#tests/e2e/support/server.ts';
import { startSmtpCapture } from '#tests/utils/smtp.ts';

const MB = 1_000_000;
const TOTAL_MB = Number(process.env.PRIVACY_EXPORT_BENCH_MB ?? 2048);
const FILES = 8;
const MEMORY_LIMIT_MB = 150;
const SAMPLE_MS = 50;
const TIMEOUT_MS = 30 * 60_000;

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Grows every stored file of the account to `bytes` (sparse) and writes its size and hash in its row. */
async function growFiles(dataDir: string, userId: string, bytes: number) {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    for (const row of await database.db.select().from(files).where(eq(files.userId, userId))) {
      const key = row.storageKey;
      const file = key.startsWith('upload:') ? path.join(dataDir, 'uploads', key.slice('upload:'.length)) : path.join(dataDir, 'files', key);
      fs.truncateSync(file, bytes);
      await database.db.update(files).set({ size: bytes, sha256: await sha256Of(file) }).where(eq(files.id, row.id));
    }
  } finally {
    await database.close();
  }
}

async function main() {
  // The files are grown on disk: this bench measures the local store (S3's path is the same stream, see docs/privacy-export.md).
  delete process.env.TEST_S3_ENDPOINT;
  const smtp = await startSmtpCapture();
  const dataDir = await migratedDataDir();
  const perFile = Math.floor((TOTAL_MB * MB) / FILES);
  let server = await startServer(dataDir, { SMTP_URL: smtp.url });
  const user = await confirmedUser(server.url, smtp, 'bench-export@hospital.example');
  for (let i = 0; i < FILES; i++) await createCalibrationViaApi(server.url, user, `Fantoma ${i + 1}`);
  await server.stop();
  await growFiles(dataDir, user.id, perFile);
  server = await startServer(dataDir, { SMTP_URL: smtp.url });
  const { pid } = server;
  try {
    const url = `${server.url}/api/v1/users/${user.id}/data-export/`;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseline = residentBytes(pid);
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), SAMPLE_MS);
    const started = performance.now();
    const asked = await fetch(url, { method: 'POST', headers: { cookie: user.cookie } });
    if (asked.status !== 202) throw new Error(`export answered ${asked.status}: ${await asked.text()}`);
    let state: DataExportState | null = null;
    while (performance.now() - started < TIMEOUT_MS) {
      state = ((await (await fetch(url, { headers: { cookie: user.cookie } })).json()) as DataExportLatest).export;
      if (state?.state === 'ready' || state?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const built = (performance.now() - started) / 1000;
    if (state?.state !== 'ready') throw new Error(`export not ready: ${JSON.stringify(state)}`);
    const downloadStart = performance.now();
    const download = await fetch(`${server.url}${state.downloadUrl}`, { headers: { cookie: user.cookie } });
    let downloaded = 0;
    for await (const chunk of download.body!) downloaded += (chunk as Uint8Array).length;
    const downloadSeconds = (performance.now() - downloadStart) / 1000;
    clearInterval(timer);
    const growth = (peak - baseline) / MB;
    console.log(`privacy export: ${FILES} files, ${((FILES * perFile) / MB).toFixed(0)} MB, zip ${(state.size! / MB).toFixed(0)} MB (downloaded ${(downloaded / MB).toFixed(0)} MB)`);
    console.log('| step | time | MB/s |');
    console.log('|---|---|---|');
    console.log(`| build (request → ready) | ${built.toFixed(1)} s | ${(state.size! / MB / built).toFixed(1)} |`);
    console.log(`| download | ${downloadSeconds.toFixed(1)} s | ${(downloaded / MB / downloadSeconds).toFixed(1)} |`);
    console.log(`server RSS: baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${growth.toFixed(0)} MB; limit +${MEMORY_LIMIT_MB} MB)`);
    if (downloaded !== state.size || growth > MEMORY_LIMIT_MB) process.exitCode = 1;
  } finally {
    await server.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
