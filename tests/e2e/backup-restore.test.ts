// Issue 32: `npm run backup` while the server runs, the data directory (and, on PostgreSQL, the database) wiped,
// `npm run restore`, and the restored server gives the same answers and the same bytes: on PGlite (the snapshot
// taken by the running server through DATA_DIR/backup.sock) and on PostgreSQL (pg_dump / pg_restore).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEntries, filesUnder, sha256File } from '#server/backup/archive.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { createPostgresDatabase, type TestDatabase } from '#tests/utils/test-database.ts';
import { confirmedUser, createCalibrationViaApi, type ApiUser } from './support/accounts.ts';
import { staffSession, type StaffSession } from './support/orders.ts';
import { migratedDataDir, startServer, tempDataDir, type RunningServer } from './support/server.ts';

let smtp: SmtpCapture;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-backup-test-'));
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs `npm run backup` / `npm run restore`'s script with the server's environment; its exit code and output. */
function runScript(script: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/backup/${script}-cli.ts`, file], { env: { ...inherited, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function post(server: RunningServer, cookie: string, url: string, body: unknown) {
  const response = await fetch(`${server.url}/api/v1${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Calibrations with images, an order with its boleto, a subscription. */
async function createData(server: RunningServer, user: ApiUser, staff: StaffSession) {
  await createCalibrationViaApi(server.url, user, 'Fantoma A');
  await createCalibrationViaApi(server.url, user, 'Fantoma B');
  const order = await post(server, staff.cookie, '/staff/orders/', { userId: user.id, serviceId: 'dosi-clin', quantity: 2, price: 1500.5 });
  await post(server, staff.cookie, `/staff/orders/${String(order.id)}/bill/`, { provider: 'sandbox', cpf: uniqueCpf() });
  await post(server, user.cookie, `/users/${user.id}/signatures/`, { plan: 'monthly' });
}

/** What the API answers about the data, and the SHA-256 of every file it links to. */
async function answers(server: RunningServer, user: ApiUser, staff: StaffSession) {
  const read = async (url: string, cookie: string) => {
    const response = await fetch(`${server.url}/api/v1${url}`, { headers: { cookie } });
    expect({ url, status: response.status }).toEqual({ url, status: 200 });
    return (await response.json()) as unknown;
  };
  const json = {
    calibrations: await read(`/users/${user.id}/calibrations/`, user.cookie),
    orders: await read(`/users/${user.id}/orders/`, user.cookie),
    signatures: await read(`/users/${user.id}/signatures/`, user.cookie),
    staffOrders: await read('/staff/orders/', staff.cookie),
  };
  const links = [...new Set(JSON.stringify(json).match(/\/api\/v1\/files\/[^"?]+/g) ?? [])].sort();
  const downloads: Record<string, string> = {};
  for (const link of links) {
    const response = await fetch(`${server.url}${link}`, { headers: { cookie: user.cookie } });
    expect({ link, status: response.status }).toEqual({ link, status: 200 });
    downloads[link] = createHash('sha256').update(Buffer.from(await response.arrayBuffer())).digest('hex');
  }
  return { json, downloads };
}

/** SHA-256 of every file of DATA_DIR but the database and the server's own. */
async function dataFiles(dataDir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await dataEntries(dataDir)) {
    const full = path.join(dataDir, entry);
    const files = fs.statSync(full).isDirectory() ? (await filesUnder(full)).map((file) => path.join(entry, file)) : [entry];
    for (const file of files) hashes[file] = await sha256File(path.join(dataDir, file));
  }
  return hashes;
}

const kinds = [
  { kind: 'PGlite', database: async () => null },
  { kind: 'PostgreSQL', database: () => createPostgresDatabase() },
] as const;

describe.each(kinds)('backup and restore on $kind', ({ kind, database }) => {
  it.skipIf(kind === 'PostgreSQL' && !process.env.TEST_DATABASE_URL)('restores into an empty data directory the same answers and the same bytes', async () => {
    const databases: TestDatabase[] = [];
    const dbEnv = async (): Promise<Record<string, string>> => {
      const created = await database();
      if (!created) return {};
      databases.push(created);
      return { DATABASE_URL: (created.database as { url: string }).url };
    };
    const dataDir = kind === 'PGlite' ? await migratedDataDir() : tempDataDir();
    const before = { env: { SMTP_URL: smtp.url, ...(await dbEnv()) } };
    let server = await startServer(dataDir, before.env);
    try {
      const user = await confirmedUser(server.url, smtp, `backup.${kind.toLowerCase()}.${Date.now()}@example.com`);
      const staff = await staffSession(server);
      await createData(server, user, staff);
      const expected = await answers(server, user, staff);
      const expectedFiles = await dataFiles(dataDir);
      expect(Object.keys(expected.downloads).length).toBeGreaterThanOrEqual(3); // two calibrations' images, the boleto
      expect(Object.keys(expectedFiles).length).toBeGreaterThanOrEqual(3);

      const file = path.join(work, `${kind}.tar`);
      const backup = await runScript('backup', file, { DATA_DIR: dataDir, ...before.env });
      expect(backup).toEqual({ code: 0, output: expect.any(String) });
      await server.stop();

      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir);
      const after = { env: { SMTP_URL: smtp.url, ...(await dbEnv()) } };
      const restored = await runScript('restore', file, { DATA_DIR: dataDir, ...after.env });
      expect(restored).toEqual({ code: 0, output: expect.any(String) });
      // Never over data: a second restore into the now full directory is refused.
      const again = await runScript('restore', file, { DATA_DIR: dataDir, ...after.env });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/restore into an empty data directory/);

      server = await startServer(dataDir, after.env);
      expect(await answers(server, user, staff)).toEqual(expected);
      expect(await dataFiles(dataDir)).toEqual(expectedFiles);
    } finally {
      await server.stop();
      for (const created of databases) await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
