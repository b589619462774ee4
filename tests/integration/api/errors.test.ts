import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every error is {"errors": [...]} translated by Accept-Language', () => {
  it.each([
    [undefined, 'Não encontrado.'],
    ['en', 'Not found.'],
    ['es-AR,es;q=0.9', 'No encontrado.'],
    ['fr-FR', 'Não encontrado.'],
  ])('unknown /api path with Accept-Language %s → 404 %s', async (acceptLanguage, message) => {
    const response = await t.app.inject({
      url: '/api/v1/does-not-exist/',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('answers an unknown path outside /api/v1 but under /api as JSON too', async () => {
    const response = await t.app.inject({ url: '/api/v2/anything' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Não encontrado.'] });
  });

  it.each([
    ['pt-BR', undefined, 'Método "POST" não permitido.'],
    ['en-US', 'en-US', 'Method "POST" not allowed.'],
    ['es', 'es', 'Método "POST" no permitido.'],
  ])('wrong method on a known path → 405 with Allow, in %s', async (_lng, acceptLanguage, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/isotopes/',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('405 also applies to a path with a parameter and without its trailing slash', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/services/dosi-clin' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toMatch(/GET/);
  });

  it.each([
    ['GET', '/api/v1/users/not-a-uuid/calibrations/'],
    ['POST', '/api/v1/users/not-a-uuid/calibrations/'],
    ['GET', '/api/v1/users/123/orders/'],
  ] as const)('an owned route whose uid is not a UUID: %s %s → 404, not 405 (the method is right)', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
    expect(response.json()).toEqual({ errors: ['Não encontrado.'] });
  });
});

describe('request bodies', () => {
  const json = (payload: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/isotopes/',
      headers: { 'content-type': 'application/json', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      payload,
    });

  it.each([
    ['pt-BR', undefined, 'O corpo da requisição não é um JSON válido.'],
    ['en-US', 'en', 'The request body is not valid JSON.'],
    ['es', 'es', 'El cuerpo de la solicitud no es un JSON válido.'],
  ])('malformed JSON → 400 in %s', async (_lng, acceptLanguage, message) => {
    const response = await json('{"broken": ', acceptLanguage);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('an empty JSON body → 400 with its own message', async () => {
    const response = await json('', 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The request body is empty, but its content type is JSON.'] });
  });

  it('a 10 MB body over a real socket → 413, and the server keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = JSON.stringify({ blob: 'x'.repeat(10 * 1024 * 1024) });
    const response = await fetch(`${address}/api/v1/isotopes/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: ['The request body is too large.'] });
    const health = await fetch(`${address}/api/v1/health/`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});

describe('query validation', () => {
  it('names the field in a translated message', async () => {
    const response = await t.app.inject({ url: `/api/v1/isotopes/?q=${'x'.repeat(65)}`, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['q: Ensure this field has no more than 64 characters.'] });
  });
});
