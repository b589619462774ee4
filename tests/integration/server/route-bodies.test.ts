/**
 * Every write route describes its body with the shared schema its handler checks, which is also its OpenAPI
 * description (http/openapi.ts refuseUndescribedBody): none takes "any" body, not even those that check it in
 * v1's order or read a multipart form (http/body-checked-by-handler.ts).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { docsPlugin } from '#server/plugins/docs.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

it('refuses to register an /api write route whose body is z.any() or z.unknown()', async () => {
  for (const body of [z.any(), z.unknown()]) {
    const app = Fastify();
    await app.register(docsPlugin);
    expect(() => app.post('/api/v1/anything/', { schema: { body } }, async () => null)).toThrow('POST /api/v1/anything/: describe the body with the shared schema its handler checks');
    await app.close();
  }
});

it("builds the app (every write route has its body schema) and documents the quote's body from it: one shape per service", () => {
  type Paths = Record<string, { post?: { requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> } } }>;
  const quote = (t.app.swagger() as { paths: Paths }).paths['/api/v1/users/{uid}/budget/']?.post?.requestBody?.content;
  expect(Object.keys(quote ?? {})).toEqual(['application/json']);
  expect(quote!['application/json']!.schema.anyOf).toHaveLength(5);
});
