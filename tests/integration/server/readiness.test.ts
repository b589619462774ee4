// GET /api/v1/health/ready (issue 32): the load balancer's readiness check, beside the cheap liveness /health/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

const READY = '/api/v1/health/ready';
let t: TestApp;
let dataDir: string;
// Each test an app of its own, its uploads on disk in a data directory of its own (built in the hook: it takes a while).
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-ready-'));
  t = await createTestApp({ dataDir, s3: null });
});
afterEach(async () => {
  await t.close().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('readiness', () => {
  it('answers 200 ready, never cached, when the database is migrated and the store writable', async () => {
    const response = await t.app.inject({ url: READY });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the upload store when its directory cannot be written, in the request language', async () => {
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    fs.writeFileSync(path.join(dataDir, 'uploads'), 'a file where the directory should be');
    const response = await t.app.inject({ url: READY, headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ errors: ['No está listo: el almacenamiento de cargas (el directorio de cargas o el bucket S3) no se puede alcanzar ni escribir.'] });
    // Liveness stays as it was: the process and its database answer.
    expect((await t.app.inject({ url: '/api/v1/health/' })).statusCode).toBe(200);
  });

  it("answers 503 naming the migrations when the database lacks this version's newest one", async () => {
    await t.app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
    const response = await t.app.inject({ url: READY, headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: ["Not ready: the database is missing this version's migrations."] });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const client = (t.app.db as unknown as { $client: { end?: () => Promise<void>; close?: () => Promise<void> } }).$client;
    await (client.end ?? client.close)!.call(client);
    const response = await t.app.inject({ url: READY });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: ['Não está pronto: o banco de dados não responde.'] });
  });
});
