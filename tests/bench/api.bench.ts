/**
 * HTTP throughput of the real app against a bare Fastify baseline, over loopback, and the cost of the metrics
 * (issue 32): the same route on an app with METRICS_PORT set, whose requests/s must stay ≥ 0.95 of the app without.
 * Run with `npm run bench`. BENCH_DURATION (seconds), BENCH_CONNECTIONS and
 * BENCH_DATABASE_URL (PostgreSQL instead of in-memory PGlite) are optional.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import type { Config } from '#server/config.ts';
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

function benchConfig(overrides: Partial<Config> = {}): Config {
  const url = process.env.BENCH_DATABASE_URL;
  return testConfig({ host: HOST, dataDir: os.tmpdir(), database: url ? { kind: 'postgres', url } : { kind: 'pglite', dir: null }, ...overrides });
}

/**
 * The metrics' cost: the same route on the app without metrics and on one serving them (its own metrics port on
 * loopback), measured in turns, ROUNDS times each, so that the machine's load weighs on both alike. (prom-client's
 * event-loop monitor, once started, samples for the whole process; it is a libuv timer, and both apps share it.)
 */
const ROUNDS = 3;

async function metricsCost(offUrl: string, connections: number, duration: number): Promise<{ off: Measurement; on: Measurement; ratio: number }> {
  const app = await buildApp(benchConfig({ metrics: { port: 0, host: HOST, token: null } }));
  try {
    const onUrl = `${await app.listen({ host: HOST, port: 0 })}${METRICS_ROUTE}`;
    const rounds: { off: Measurement; on: Measurement }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const off = await measure({ name: `GET ${METRICS_ROUTE} (metrics off)`, url: offUrl }, connections, duration);
      rounds.push({ off, on: await measure({ name: `GET ${METRICS_ROUTE} (metrics on)`, url: onUrl }, connections, duration) });
    }
    const scrape = await fetch(`http://${HOST}:${app.metricsPort()}/metrics`);
    if (!(await scrape.text()).includes(`route="${METRICS_ROUTE}"`)) throw new Error('the metrics-on app did not count its requests');
    const mean = (side: 'off' | 'on'): Measurement => {
      const all = rounds.map((r) => r[side]);
      const average = (pick: (m: Measurement) => number) => Math.round(all.reduce((sum, m) => sum + pick(m), 0) / all.length);
      return { target: `${all[0]!.target}, mean of ${ROUNDS}`, requestsPerSecond: average((m) => m.requestsPerSecond), p50Ms: average((m) => m.p50Ms), p99Ms: average((m) => m.p99Ms), errors: average((m) => m.errors), non2xx: average((m) => m.non2xx) };
    };
    const off = mean('off');
    const on = mean('on');
    return { off, on, ratio: on.requestsPerSecond / off.requestsPerSecond };
  } finally {
    await app.close();
  }
}

function buildBareApp(): FastifyInstance {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ status: 'ok' }));
  return bare;
}

async function measure(target: Target, connections: number, duration: number): Promise<Measurement> {
  await autocannon({ url: target.url, connections, duration: WARM_UP_SECONDS });
  const result = await autocannon({ url: target.url, connections, duration });
  return {
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
    const cost = await metricsCost(targets[0]!.url, connections, duration);
    measurements.push(cost.off, cost.on);
    const { ratio } = cost;

    process.stdout.write(`${markdownTable(measurements)}\n\n${machineFacts(connections, duration, config.database.kind)}\n`);
    process.stdout.write(`- Metrics on / off, requests/s of GET ${METRICS_ROUTE}: ${ratio.toFixed(3)} (bound ≥ ${METRICS_BOUND})\n`);
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
