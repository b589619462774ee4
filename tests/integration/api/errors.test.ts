import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

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
      // A route that takes POST: on a GET-only one the 405 comes first, before the body is read.
      url: '/api/v1/users/login/',
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
    const response = await fetch(`${address}/api/v1/users/login/`, {
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

describe("Fastify's own refusals, in our shape", () => {
  it.each([
    ['en', 'The address is not valid: it has a malformed percent-encoding.'],
    ['es', 'La dirección no es válida: tiene una codificación porcentual mal formada.'],
    [undefined, 'O endereço não é válido: tem uma codificação percentual malformada.'],
  ])('a path that does not decode (a bad percent-encoding in /plans/:id) → 400, Accept-Language %s', async (acceptLanguage, message) => {
    const response = await t.app.inject({ url: '/api/v1/plans/%zz', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-language']).toBe(acceptLanguage === 'es' ? 'es' : acceptLanguage ? 'en-US' : 'pt-BR');
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('a path parameter over 100 characters → 414', async () => {
    const response = await t.app.inject({ url: `/api/v1/services/${'a'.repeat(101)}/`, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ errors: ['The address is too long.'] });
  });

  it('outside /api too (the app shell paths): a bad encoding is a JSON 400', async () => {
    const response = await t.app.inject({ url: '/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['O endereço não é válido: tem uma codificação percentual malformada.'] });
  });
});

describe('odd methods on known paths → 405 with Allow', () => {
  it.each(['QUERY', 'PROPFIND', 'TRACE', 'SEARCH'])('%s /health/ → 405 with Allow: GET, HEAD (QUERY without a Content-Type was 400)', async (method) => {
    const response = await t.app.inject({ method: method as 'GET', url: '/api/v1/health/', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ errors: [`Method "${method}" not allowed.`] });
  });

  it('QUERY on an unknown path → 404, and a wrong method with a malformed body → 405 (the body is not read)', async () => {
    const unknown = await t.app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Não encontrado.'] });
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/v1/isotopes/', headers: { 'content-type': 'application/json' }, payload: '{"broken": ' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
  });
});

describe('text PostgreSQL cannot store, and JSON nested too deep (were 500s)', () => {
  it('a NUL character in a path parameter → 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/plans/%00/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Não encontrado.'] });
  });

  it.each([
    ['en', 'q: Null characters are not allowed.'],
    ['es', 'q: No se permiten caracteres nulos.'],
    [undefined, 'q: Caracteres nulos não são permitidos.'],
  ])('a NUL character in the query → 400 naming the field, as v1 (Accept-Language %s)', async (acceptLanguage, message) => {
    const response = await t.app.inject({ url: '/api/v1/isotopes/?q=Lu%00', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('a NUL character in a JSON field → 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: 'ana\u0000@example.com', password: 'x' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['email: Null characters are not allowed.'] });
  });

  it('JSON nested 5000 deep → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: `{"email": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The JSON body is nested too deeply.'] });
  });
});
