/**
 * Replaying an offline queue against the local server: 1,000 notification toggles and 200 calibration
 * creates, each sent as the outbox drainer does (one at a time, with its Idempotency-Key), then every
 * create sent again as after a lost answer. Prints the times and the server-side duplicates (must be 0).
 */
import { imageBytes } from '#tests/utils/calibrations.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '#server/app.ts';
import { users } from '#server/db/schema.ts';
import { notify } from '#server/services/notifications.ts';
import { testConfig } from '#tests/utils/test-app.ts';

const TOGGLES = 1_000;
const CREATES = 200;
const PASSWORD = 'Cintilografia#2026';

interface Row {
  operation: string;
  requests: number;
  totalMs: number;
  duplicates: number | string;
}

async function signedInUser(app: App, base: string) {
  const email = 'bench@dosehub.test';
  const response = await fetch(`${base}/api/v1/users/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, confirmedEmail: email, password1: PASSWORD, password2: PASSWORD, acceptTerms: true }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { id, cookie };
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
}

async function replayToggles(base: string, user: { id: string; cookie: string }, ids: string[]) {
  for (const nid of ids) {
    const response = await fetch(`${base}/api/v1/users/${user.id}/notifications/${nid}/toogle_check/`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ checked: true }),
    });
    expectOk(response, 'toggle');
  }
}

function calibrationForm(index: number, id: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    id,
    isotope: 'Lu-177',
    calibrationName: `Bench ${index}`,
    syringeActivity: '50',
    residualSyringeActivity: '0.3',
    measurementDatetime: '2026-11-20T10:00:00Z',
    phantomVolume: '200',
    acquisitionTime: '1800',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('images', new Blob([imageBytes(4096, index + 1)], { type: 'application/zip' }), `phantom-${index}.zip`);
  return form;
}

async function sendCreates(base: string, user: { id: string; cookie: string }, queue: Array<{ key: string; id: string }>) {
  for (const [index, item] of queue.entries()) {
    const response = await fetch(`${base}/api/v1/users/${user.id}/calibrations/`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'idempotency-key': item.key },
      body: calibrationForm(index, item.id),
    });
    expectOk(response, 'create');
  }
}

async function main(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-bench-'));
  const app = await buildApp(testConfig({ dataDir, database: { kind: 'pglite', dir: null } }));
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const user = await signedInUser(app, base);
    for (let i = 0; i < TOGGLES; i++) await notify(app.db, user.id, 'update', 'calibrationUpdated', { name: `n${i}` });
    const list = (await (await fetch(`${base}/api/v1/users/${user.id}/notifications/?checked=false&limit=500`, { headers: { cookie: user.cookie } })).json()) as { count: number };
    const ids: string[] = [];
    for (let offset = 0; offset < list.count; offset += 500) {
      const page = (await (await fetch(`${base}/api/v1/users/${user.id}/notifications/?limit=500&offset=${offset}`, { headers: { cookie: user.cookie } })).json()) as { row: Array<{ id: string }> };
      ids.push(...page.row.map((n) => n.id));
    }

    const rows: Row[] = [];
    rows.push({ operation: 'notification toggles', requests: TOGGLES, totalMs: await timed(() => replayToggles(base, user, ids)), duplicates: '—' });
    const queue = Array.from({ length: CREATES }, () => ({ key: randomUUID(), id: randomUUID() }));
    rows.push({ operation: 'calibration creates (multipart, 4 KiB file)', requests: CREATES, totalMs: await timed(() => sendCreates(base, user, queue)), duplicates: '—' });
    const replayMs = await timed(() => sendCreates(base, user, queue));
    const stored = (await (await fetch(`${base}/api/v1/users/${user.id}/calibrations/`, { headers: { cookie: user.cookie } })).json()) as { count: number };
    const unread = (await (await fetch(`${base}/api/v1/users/${user.id}/notifications/?checked=false&limit=1`, { headers: { cookie: user.cookie } })).json()) as { count: number };
    rows.push({ operation: 'the same creates replayed (lost answers)', requests: CREATES, totalMs: replayMs, duplicates: stored.count - CREATES });

    process.stdout.write(
      [
        '| replay | requests | total ms | ms per request | server-side duplicates |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...rows.map((r) => `| ${r.operation} | ${r.requests} | ${Math.round(r.totalMs)} | ${(r.totalMs / r.requests).toFixed(2)} | ${r.duplicates} |`),
        '',
        `- calibrations stored: ${stored.count} of ${CREATES}; notifications still unread: ${unread.count - CREATES} of ${TOGGLES}`,
        `- sequential, as the outbox drainer sends; in-memory PGlite; Node ${process.version}`,
      ].join('\n') + '\n',
    );
    // Each create also adds one (unread) notification, hence `unread.count - CREATES` above.
    return stored.count === CREATES && unread.count === CREATES ? 0 : 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
