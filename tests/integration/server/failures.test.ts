import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/utils/test-app.ts';

describe('when the database goes away', () => {
  it('health answers 503 and other routes a translated 500, without leaking details', async () => {
    const t = await createTestApp();
    const { app } = t;
    // Close only the database, as a crashed database server would.
    const pool = (app.db as unknown as { $client: { end?: () => Promise<void>; close?: () => Promise<void> } }).$client;
    await (pool.end ?? pool.close)!.call(pool);

    const health = await app.inject({ url: '/api/v1/health/', headers: { 'accept-language': 'en' } });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ errors: ['The database is unavailable.'] });

    const list = await app.inject({ url: '/api/v1/isotopes/', headers: { 'accept-language': 'es' } });
    expect(list.statusCode).toBe(500);
    expect(list.json()).toEqual({ errors: ['Error interno del servidor. Inténtelo de nuevo en unos instantes.'] });
    await app.close().catch(() => {});
    await t.close().catch(() => {});
  });
});
