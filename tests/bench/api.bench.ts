/**
 * HTTP throughput of the real app against a bare Fastify baseline, over loopback, and the cost of the metrics
 * (issue 32): the same route on a server process with METRICS_PORT set, whose requests/s must stay ≥ 0.95 of one without.
 * Run with `npm run bench`. BENCH_DURATION (seconds), BENCH_CONNECTIONS and
 * BENCH_DATABASE_URL (PostgreSQL instead of in-memory PGlite) are optional.
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import { freePort } from '#tests/e2e/support/deploy.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { testConfig } from '#tests/utils/test-app.ts';

const HOST = '127.0.0.1';
const WARM_UP_SECONDS = 1;
/** Requests/s with metrics on, as a share of those without: the least accepted. */
const METRICS_BOUND = 0.95;
const METRICS_ROUTE = '/api/v1/isotopes/';

interface Target {
  name: string;
  url: string;
}

interface Measurement {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

function positiveNumberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function benchConfig(): Config {
  const url = process.env.BENCH_DATABASE_URL;
  return testConfig({ host: HOST, dataDir: os.tmpdir(), database: url ? { kind: 'postgres', url } : { kind: 'pglite', dir: null } });
}

/**
 * The metrics' cost: the same route on two servers of their own (src/server/main.ts, as production runs it), one with
 * METRICS_PORT set, measured in turns, ROUNDS times each, so that the machine's load weighs on both alike, and in
 * alternate order: the server measured first in a round measured up to 5 % faster, whichever it was (1.030 and 0.950
 * with the order swapped). Each server is its own process: in one process with the load generator and the other
 * app, the app built second measured 0.87–0.92 of the first. Besides requests/s, each server's CPU time per request
 * (/proc) is printed.
 */
const ROUNDS = 4;

interface Server {
  url: string;
  metricsPort: number | null;
  cpuMs(): number;
  stop(): Promise<unknown>;
}

/** User and system CPU milliseconds of a process (all its threads), from /proc (clock ticks of 10 ms). */
const processCpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function startBenchServer(metricsPort: number | null): Promise<Server> {
  const url = process.env.BENCH_DATABASE_URL;
  const env = { ...(url ? { DATABASE_URL: url } : {}), ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) };
  const server = await startServer(undefined, env);
  return { url: `${server.url}${METRICS_ROUTE}`, metricsPort, cpuMs: () => processCpuMs(server.pid), stop: () => server.stop().finally(() => fs.rmSync(server.dataDir, { recursive: true, force: true })) };
}

type Side = Measurement & { cpuMsPerRequest: number };

const meanOf = (sides: Side[]): Side => {
  const average = (pick: (side: Side) => number) => sides.reduce((sum, side) => sum + pick(side), 0) / sides.length;
  const rounded = (pick: (side: Side) => number) => Math.round(average(pick));
  return {
    target: `${sides[0]!.target}, mean of ${sides.length}`,
    requestsPerSecond: rounded((m) => m.requestsPerSecond),
    p50Ms: rounded((m) => m.p50Ms),
    p99Ms: rounded((m) => m.p99Ms),
    errors: rounded((m) => m.errors),
    non2xx: rounded((m) => m.non2xx),
    cpuMsPerRequest: average((m) => m.cpuMsPerRequest),
  };
};

async function metricsCost(connections: number, duration: number): Promise<{ off: Side; on: Side; ratio: number }> {
  const offServer = await startBenchServer(null);
  const onServer = await startBenchServer(await freePort());
  try {
    const rounds: { off: Side; on: Side }[] = [];
    const measureOff = () => measure({ name: `GET ${METRICS_ROUTE} (server without metrics)`, url: offServer.url }, connections, duration, offServer.cpuMs);
    const measureOn = () => measure({ name: `GET ${METRICS_ROUTE} (server with metrics)`, url: onServer.url }, connections, duration, onServer.cpuMs);
    // A round not counted: a new server's first seconds cost 2–3 times the CPU per request of later ones (its code,
    // PGlite's WebAssembly too, reaching the optimising tiers), more than the warm-up before each measurement covers.
    await measureOff();
    await measureOn();
    for (let round = 0; round < ROUNDS; round++) {
      // Off first, then on first, and so on: whichever goes first in a round measured faster here.
      if (round % 2 === 0) rounds.push({ off: await measureOff(), on: await measureOn() });
      else rounds.push({ on: await measureOn(), off: await measureOff() });
    }
    const scrape = await fetch(`http://${HOST}:${onServer.metricsPort}/metrics`);
    if (!(await scrape.text()).includes(`route="${METRICS_ROUTE}"`)) throw new Error('the server with metrics did not count its requests');
    const off = meanOf(rounds.map((r) => r.off));
    const on = meanOf(rounds.map((r) => r.on));
    return { off, on, ratio: on.requestsPerSecond / off.requestsPerSecond };
  } finally {
    await Promise.all([offServer.stop(), onServer.stop()]);
  }
}

function buildBareApp(): FastifyInstance {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ status: 'ok' }));
  return bare;
}

/** requests/s and latency of one target; with `cpuMs` (its server's CPU time so far), the server's CPU per request. */
async function measure(target: Target, connections: number, duration: number, cpuMs = () => 0): Promise<Side> {
  await autocannon({ url: target.url, connections, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuMs();
  const result = await autocannon({ url: target.url, connections, duration });
  return {
    cpuMsPerRequest: (cpuMs() - cpuBefore) / Math.max(1, result.requests.total),
    target: target.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function markdownTable(measurements: Measurement[]): string {
  const rows = measurements.map(
    (m) =>
      `| ${m.target} | ${Math.round(m.requestsPerSecond)} | ${m.p50Ms} | ${m.p99Ms} | ${m.errors} / ${m.non2xx} |`,
  );
  return [
    '| target | requests/s (mean) | p50 latency ms | p99 latency ms | errors / non-2xx |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

function machineFacts(connections: number, duration: number, databaseKind: string): string {
  const cpus = os.cpus();
  return [
    `- Node ${process.version}`,
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores`,
    `- Database: ${databaseKind}`,
    `- ${connections} connections, ${duration} s measured after ${WARM_UP_SECONDS} s warm-up, loopback`,
  ].join('\n');
}

async function main(): Promise<number> {
  const duration = positiveNumberFromEnv('BENCH_DURATION', 5);
  const connections = Math.round(positiveNumberFromEnv('BENCH_CONNECTIONS', 10));
  const config = benchConfig();

  const app = await buildApp(config);
  const bare = buildBareApp();
  try {
    const appUrl = await app.listen({ host: HOST, port: 0 });
    const bareUrl = await bare.listen({ host: HOST, port: 0 });
    const targets: Target[] = [
      { name: `GET ${METRICS_ROUTE}`, url: `${appUrl}${METRICS_ROUTE}` },
      { name: 'GET /api/v1/health/', url: `${appUrl}/api/v1/health/` },
      { name: 'bare Fastify GET /', url: `${bareUrl}/` },
    ];
    const measurements: Measurement[] = [];
    for (const target of targets) measurements.push(await measure(target, connections, duration));
    const { off, on, ratio } = await metricsCost(connections, duration);
    measurements.push(off, on);

    process.stdout.write(`${markdownTable(measurements)}\n\n${machineFacts(connections, duration, config.database.kind)}\n`);
    process.stdout.write(`- Metrics on / off, requests/s of GET ${METRICS_ROUTE}: ${ratio.toFixed(3)} (bound ≥ ${METRICS_BOUND})\n`);
    process.stdout.write(`- Server CPU per request, without / with metrics: ${off.cpuMsPerRequest.toFixed(3)} / ${on.cpuMsPerRequest.toFixed(3)} ms\n`);
    return measurements.some((m) => m.errors > 0 || m.non2xx > 0) || ratio < METRICS_BOUND ? 1 : 0;
  } finally {
    await Promise.all([app.close(), bare.close()]);
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
