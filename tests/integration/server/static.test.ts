import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'locales', 'pt-BR'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'locales', 'pt-BR', 'common.json'), '{"a":"b"}');
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static serving of the built client', () => {
  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/sw.js', '/locales/pt-BR/common.json'])('revalidates %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/qualquer-coisa', '/dashboard/profile', '/services/dosi-clin/hire'])(
    'serves the app for client-side route %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('does not answer a missing file with the app', async () => {
    const response = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large responses', async () => {
    const response = await t.app.inject({ url: '/api/v1/services/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
