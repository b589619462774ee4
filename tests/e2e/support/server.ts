import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '#server/config.ts';
import { createTestBucket, s3Env } from '#tests/utils/s3.ts';
import { migratedDatabaseTemplate } from './database-template.ts';

export interface RunningServer {
  url: string;
  /** The server process, for benches that watch its memory. */
  pid: number;
  dataDir: string;
  /** The bucket startServer made for it (S3 runs; the caller drops it); null: on disk, or a bucket the caller named. */
  s3: S3Config | null;
  output: () => string;
  /** SIGTERM, then the process's exit code once it has exited. */
  stop(): Promise<number | null>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-e2e-'));
}

/** A data directory whose database is a copy of the migrated template (no initdb at start; see database-template.ts). */
export async function migratedDataDir(): Promise<string> {
  const dataDir = tempDataDir();
  fs.cpSync(await migratedDatabaseTemplate(), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts the real server (`src/server/main.ts`, or `src/server/start.ts` as `npm start` runs it) as its
 * own process on a free port, with its own data directory; in the S3 runs (TEST_S3_ENDPOINT, tests/utils/s3.ts)
 * with a bucket of its own too, unless `env` names one.
 */
export async function startServer(dataDir?: string, env: Record<string, string> = {}, script = 'src/server/main.ts', nodeArgs: string[] = []): Promise<RunningServer> {
  const bucket = env.S3_BUCKET ? null : await createTestBucket();
  return { ...(await spawnServer(dataDir ?? (await migratedDataDir()), { ...(bucket ? s3Env(bucket) : {}), ...env }, script, nodeArgs)), s3: bucket };
}

function spawnServer(dataDir: string, env: Record<string, string>, script: string, nodeArgs: string[]): Promise<Omit<RunningServer, 's3'>> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DoseHub is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        resolve({
          url: match[1]!.replace('localhost', '127.0.0.1'),
          pid: child.pid!,
          dataDir,
          output: () => output,
          stop: async () => {
            stopping = true;
            child.kill('SIGTERM');
            return waitForExit(child);
          },
        });
        // A server that dies under a test says why (its last output), instead of a later ECONNREFUSED alone.
        child.once('exit', (code, signal) => {
          if (!stopping) console.error(`server ${child.pid} exited (${code ?? signal}) during the test:\n${output.slice(-4000)}`);
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

/** Runs the server expecting it to fail at start; resolves with its exit code and output. */
export function runServerExpectingFailure(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return waitForExit(child).then((code) => ({ code, output }));
}
