/**
 * Issue 13: the server `npm start` runs (src/server/start.ts) holds no more memory after the start that
 * built the client (a fresh clone: no dist/) than after a start on that build. Starts it twice on a
 * temporary DIST_DIR and data directory, samples the server process's resident memory at rest, and
 * exits 1 when the two differ by more than 10%, or (issue 35) when the first is above 300 MB: a 512 MB
 * container must hold the server with room for its work (docs/benchmarks.md says where the memory goes).
 *
 *   npx tsx tests/bench/start-memory.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, tempDataDir } from '#tests/e2e/support/server.ts';
import { startNodeFlags } from './start-flags.ts';

const SETTLE_MS = 3_000;
const SAMPLES = 10;
const SAMPLE_EVERY_MS = 300;
const MAX_DIFFERENCE = 0.1;
const MAX_RESIDENT_MB = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS: resident now; VmHWM: the most the process has held so far (a 512 MB container must hold its start too). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kiB = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kiB) throw new Error(`no ${field} for process ${pid}`);
  return Number(kiB) * 1024;
}

/** Starts the server, lets it settle, and returns the median of its resident memory samples (bytes). */
async function residentAtRest(env: Record<string, string>, dataDir: string): Promise<{ bytes: number; peakBytes: number; startMs: number }> {
  const started = Date.now();
  const server = await startServer(dataDir, env, 'src/server/start.ts', startNodeFlags());
  const startMs = Date.now() - started;
  try {
    await fetch(`${server.url}/api/v1/health/`);
    await sleep(SETTLE_MS);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      samples.push(statusBytes(server.pid, 'VmRSS'));
      await sleep(SAMPLE_EVERY_MS);
    }
    return { bytes: samples.toSorted((a, b) => a - b)[Math.floor(SAMPLES / 2)]!, peakBytes: statusBytes(server.pid, 'VmHWM'), startMs };
  } finally {
    await server.stop();
  }
}

async function main() {
  const distDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-start-')), 'dist');
  const dataDir = tempDataDir();
  const env = { DIST_DIR: distDir, LOG_LEVEL: 'warn' };
  try {
    const first = await residentAtRest(env, dataDir);
    if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error('the first start did not build the client');
    const second = await residentAtRest(env, dataDir);
    const MB = (bytes: number) => (bytes / 1e6).toFixed(0);
    const difference = Math.abs(first.bytes - second.bytes) / second.bytes;
    process.stdout.write(
      [
        `Server resident memory at rest (npm start's process, median of ${SAMPLES} samples after ${SETTLE_MS / 1000} s), Node ${process.version}, flags: ${startNodeFlags().join(' ') || 'none'}`,
        '',
        '| start | started in s | resident MB | peak MB |',
        '| --- | ---: | ---: | ---: |',
        `| first (no build: the client built in a child process) | ${(first.startMs / 1000).toFixed(1)} | ${MB(first.bytes)} | ${MB(first.peakBytes)} |`,
        `| second (on that build) | ${(second.startMs / 1000).toFixed(1)} | ${MB(second.bytes)} | ${MB(second.peakBytes)} |`,
        '',
        `difference ${(difference * 100).toFixed(1)}% (at most ${MAX_DIFFERENCE * 100}%); first start ${MB(first.bytes)} MB (at most ${MAX_RESIDENT_MB} MB)`,
        `load average ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`,
        '',
      ].join('\n'),
    );
    return difference <= MAX_DIFFERENCE && first.bytes / 1e6 <= MAX_RESIDENT_MB ? 0 : 1;
  } finally {
    fs.rmSync(path.dirname(distDir), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
