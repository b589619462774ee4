/**
 * Issue 35: signed-in reads under 50 clinics. 50 sessions, each its own user with its own calibrations, read
 * their list and one of its items in turn, 100 ms apart, for 30 s, against real server processes
 * (src/server/main.ts): on PGlite, on PostgreSQL, and with 2 processes on one PostgreSQL database (the sessions
 * shared between them as a proxy would). Prints p50/p95/p99 and reads/s; exits 1 on any error or a p99 above
 * 150 ms. PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where databases can be created); without
 * one its runs are reported as not run, and the bench fails.
 * BENCH_SESSIONS, BENCH_READS_SECONDS and BENCH_READS_TARGETS (`pglite,postgres,postgres×2`) are optional;
 * BENCH_CPU_PROF_DIR has each server process write a CPU profile there (node --cpu-prof) when it stops.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/bench/reads.bench.ts
 */
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '#server/db/client.ts';
import { calibrations, users } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed.ts';
import { loadSigningKey } from '#server/services/secrets.ts';
import { authenticatedNow, startSession } from '#server/services/sessions.ts';
import type { Config } from '#server/config.ts';
import { migratedDataDir, startServer, type RunningServer } from '#tests/e2e/support/server.ts';
import { createPostgresDatabase } from '#tests/utils/test-database.ts';
import { startNodeFlags } from './start-flags.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS || 50);
const SECONDS = Number(process.env.BENCH_READS_SECONDS || 30);
const WARM_UP_SECONDS = 3;
const THINK_MS = 100;
const CALIBRATIONS_PER_USER = 12;
const P99_GOAL_MS = 150;
const SECRET_KEY = 'reads-bench-signing-key-0123456789abcdef';
const ACCESS_COOKIE = 'jwt-access-token';

interface Session {
  userId: string;
  cookie: string;
  calibrationIds: string[];
}

interface Outcome {
  target: string;
  latenciesMs: number[];
  errors: number;
  seconds: number;
  /** The server processes' CPU time (user + system) during the measured reads: less swayed by other load than latency. */
  serverCpuMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat's utime and stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const serversCpuMs = (servers: RunningServer[]) => servers.reduce((sum, server) => sum + cpuMs(server.pid), 0);

/** Users with their calibrations, and a signed-in session each, written before the servers start. */
async function seed(database: Config['database']): Promise<Session[]> {
  const { db, close } = await openDatabase(database);
  try {
    await seedCatalog(db);
    const key = await loadSigningKey(db, SECRET_KEY);
    return await Promise.all(
      Array.from({ length: SESSIONS }, async (_, n) => {
        const [user] = await db
          .insert(users)
          .values({ email: `reads-${n}-${randomUUID()}@dosehub.test`, passwordHash: 'x', name: `Clínica ${n}`, emailVerifiedAt: new Date() })
          .returning({ id: users.id });
        const rows = Array.from({ length: CALIBRATIONS_PER_USER }, (_, i) => ({
          id: randomUUID(),
          userId: user!.id,
          isotope: 'Lu-177',
          calibrationName: `Fantoma ${i + 1}`,
          syringeActivity: 50 + i,
          residualSyringeActivity: 1,
          measurementDatetime: new Date(Date.UTC(2026, 10, 1 + i, 10)),
          phantomVolume: 200,
          acquisitionTime: 1800,
        }));
        await db.insert(calibrations).values(rows);
        const tokens = await startSession(db, key, user!.id, authenticatedNow(['pwd']), { userAgent: 'reads bench', ipAddress: '127.0.0.1' });
        return { userId: user!.id, cookie: `${ACCESS_COOKIE}=${tokens.access}`, calibrationIds: rows.map((row) => row.id) };
      }),
    );
  } finally {
    await close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS });

/** One GET as a browser sends it (its cookie, compressed answers accepted); resolves with the status. */
function get(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}

/** Each session reads its list, then one of its items, THINK_MS apart, until `until`; latencies after `from`. */
async function runSessions(servers: RunningServer[], sessions: Session[], from: number, until: number) {
  const latenciesMs: number[] = [];
  let errors = 0;
  await Promise.all(
    sessions.map(async (session, n) => {
      const base = `${servers[n % servers.length]!.url}/api/v1/users/${session.userId}/calibrations/`;
      for (let i = 0; Date.now() < until; i++) {
        const url = i % 2 === 0 ? base : `${base}${session.calibrationIds[i % session.calibrationIds.length]}/`;
        const started = performance.now();
        const status = await get(url, session.cookie).catch(() => 0);
        if (Date.now() >= from) {
          latenciesMs.push(performance.now() - started);
          if (status !== 200) errors += 1;
        }
        await sleep(THINK_MS);
      }
    }),
  );
  return { latenciesMs, errors };
}

async function measure(target: string, database: Config['database'], processes: number, dataDir: string): Promise<Outcome> {
  const sessions = await seed(database);
  const env = { SECRET_KEY, ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}) };
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const nodeArgs = [...startNodeFlags(), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const servers = await Promise.all(Array.from({ length: processes }, () => startServer(dataDir, env, 'src/server/main.ts', nodeArgs)));
  try {
    const from = Date.now() + WARM_UP_SECONDS * 1000;
    let cpuBefore = 0;
    const cpuAtStart = setTimeout(() => (cpuBefore = serversCpuMs(servers)), WARM_UP_SECONDS * 1000);
    const { latenciesMs, errors } = await runSessions(servers, sessions, from, from + SECONDS * 1000);
    clearTimeout(cpuAtStart);
    return { target, latenciesMs, errors, seconds: SECONDS, serverCpuMs: serversCpuMs(servers) - cpuBefore };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function onPostgres(target: string, processes: number): Promise<Outcome | null> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return null;
  process.env.TEST_DATABASE_URL = url;
  const testDb = await createPostgresDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-bench-reads-'));
  try {
    return await measure(target, testDb.database, processes, dataDir);
  } finally {
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(target: string): Promise<Outcome> {
  const dataDir = await migratedDataDir();
  try {
    return await measure(target, { kind: 'pglite', dir: path.join(dataDir, 'db') }, 1, dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function row(outcome: Outcome): string {
  const sorted = outcome.latenciesMs.toSorted((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(0));
  const perSecond = (outcome.latenciesMs.length / outcome.seconds).toFixed(0);
  const cpuPerRead = (outcome.serverCpuMs / Math.max(1, outcome.latenciesMs.length)).toFixed(2);
  return `| ${outcome.target} | ${p50} | ${p95} | ${p99} | ${perSecond} | ${cpuPerRead} | ${outcome.errors} |`;
}

const passes = (outcome: Outcome) => outcome.errors === 0 && outcome.latenciesMs.length > 0 && percentile(outcome.latenciesMs.toSorted((a, b) => a - b), 99) <= P99_GOAL_MS;

const RUNS: Record<string, () => Promise<Outcome | null>> = {
  pglite: () => onPglite('PGlite, 1 process'),
  postgres: () => onPostgres('PostgreSQL, 1 process', 1),
  'postgres×2': () => onPostgres('PostgreSQL, 2 processes', 2),
};

async function main(): Promise<number> {
  const chosen = (process.env.BENCH_READS_TARGETS || Object.keys(RUNS).join(',')).split(',');
  const lines = ['| target | p50 ms | p95 ms | p99 ms | reads/s | server CPU ms/read | errors |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  let failed = false;
  for (const name of chosen) {
    const run = RUNS[name];
    if (!run) throw new Error(`unknown target ${name}; known: ${Object.keys(RUNS).join(', ')}`);
    const outcome = await run();
    if (!outcome) {
      lines.push(`| ${name} | not run: no BENCH_DATABASE_URL / TEST_DATABASE_URL | | | | | |`);
      failed = true;
      continue;
    }
    lines.push(row(outcome));
    failed ||= !passes(outcome);
  }
  const [one, five] = os.loadavg();
  process.stdout.write(
    [
      `Signed-in reads: ${SESSIONS} sessions × ${SECONDS} s (after ${WARM_UP_SECONDS} s warm-up), list + item, ${THINK_MS} ms think time; Node ${process.version}, ${os.cpus().length} cores`,
      '',
      ...lines,
      '',
      `load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min); goal p99 ≤ ${P99_GOAL_MS} ms, 0 errors: ${failed ? 'MISSED' : 'met'}`,
      '',
    ].join('\n'),
  );
  return failed ? 1 : 0;
}

process.exitCode = await main();
agent.destroy();
