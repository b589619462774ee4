import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's `prometheus` (or PROMETHEUS_PATH); CI installs the package (.ci/run). */
export function prometheusPath(): string {
  const found = process.env.PROMETHEUS_PATH ?? spawnSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' }).stdout.trim();
  if (!found || !fs.existsSync(found)) {
    throw new Error("Prometheus is not installed: `apt-get install prometheus` (Debian's package; CI installs it in .ci/run) or set PROMETHEUS_PATH");
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface RunningPrometheus {
  /** Runs a PromQL instant query through the HTTP API; the result's samples as labels and a number. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

/**
 * A real Prometheus on loopback with a storage directory of its own, scraping `target` (host:port of a metrics
 * port, with `token` as its bearer token) every second in the job `dosehub`, with the shipped alert rules loaded.
 */
export async function startPrometheus(target: string, token: string): Promise<RunningPrometheus> {
  const binary = prometheusPath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-prometheus-'));
  const config = [
    'global: { scrape_interval: 1s, evaluation_interval: 1s }',
    `rule_files: [${JSON.stringify(path.resolve('deploy/prometheus/alerts.yml'))}]`,
    'scrape_configs:',
    '  - job_name: dosehub',
    `    authorization: { credentials: ${JSON.stringify(token)} }`,
    `    static_configs: [{ targets: [${JSON.stringify(target)}] }]`,
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const child = spawn(binary, [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${base}/-/ready`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`prometheus not ready within 15 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async query(promql) {
      const response = await fetch(`${base}/api/v1/query?${new URLSearchParams({ query: promql })}`);
      const body = (await response.json()) as { status: string; error?: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
      if (body.status !== 'success') throw new Error(`PromQL ${promql}: ${body.error}`);
      return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
