/**
 * The OpenAPI document itself: valid against the OpenAPI 3.1 JSON Schema (the OpenAPI Initiative's, as packaged by
 * @seriousme/openapi-schema-validator), clean under Redocly's recommended rules (the exceptions below, each with
 * its reason), and covering every /api route the app registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';
import { contractOf } from '#tests/utils/contract.ts';


/** Redocly's recommended rules we turn off, and why. */
const EXCEPTIONS = {
  // v1's paths end in a slash (docs/v1-contract.md); clients depend on them.
  'no-path-trailing-slash': 'off',
  // Operations are named by method and path; generated clients (openapi-typescript) key them the same way.
  'operation-operationId': 'off',
  // v1's `/users/{uid}/…` beside `/users/register/`, `/users/login/`: the router prefers the static path (owned.ts).
  'no-ambiguous-paths': 'off',
} as const;
/** Stricter than recommended: every example (openapi-examples.ts puts one on each JSON body) valid against its schema. */
const STRICTER = {
  'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenAPI objects are walked as plain JSON
type Json = Record<string, any>;

let t: TestApp;
let document: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as unknown as Record<string, unknown>;
}, 60_000);
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect({ version: validator.version, errors: result.errors ?? [] }).toEqual({ version: '3.1', errors: [] });
  });

  it("lints clean with Redocly's recommended rules (exceptions listed with their reason)", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { ...EXCEPTIONS, ...STRICTER } });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const described = problems.map((problem) => `${problem.ruleId} (${problem.severity}): ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(described).toEqual([]);
  });

  it('shows an example of every JSON request body and JSON answer', () => {
    const paths = document.paths as Record<string, Record<string, { requestBody?: Json; responses: Record<string, Json> }>>;
    const withoutExample = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, op]) =>
        ([['request', op.requestBody], ...Object.entries(op.responses)] as [string, Json | undefined][])
          .filter(([, part]) => part?.content?.['application/json'] && part.content['application/json'].example === undefined)
          .map(([which]) => `${method.toUpperCase()} ${path} ${which}`),
      ),
    );
    expect(withoutExample).toEqual([]);
  });

  it('says what every answer body is: no empty schema (files are bytes with their media type, events text/event-stream)', () => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
    const undescribed = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, op]) =>
        Object.entries(op.responses).flatMap(([status, response]) =>
          Object.entries<Json>(response.content ?? {})
            .filter(([, media]) => Object.keys(media.schema ?? {}).length === 0)
            .map(([type]) => `${method.toUpperCase()} ${path} ${status} ${type}`),
        ),
      ),
    );
    expect(undescribed).toEqual([]);
    const content = (path: string) => Object.fromEntries(Object.entries<Json>(paths[path]!.get!.responses['200']!.content).map(([type, media]) => [type, media.schema.contentMediaType ?? media.schema.type]));
    expect(content('/api/v1/files/{id}/')).toEqual({ '*/*': 'application/octet-stream' });
    expect(content('/api/v1/users/{uid}/orders/{oid}/analysis/{aid}/report/')).toEqual({ '*/*': 'application/octet-stream' });
    expect(content('/api/v1/users/{uid}/events/')).toEqual({ 'text/event-stream': 'string' });
  });

  it('describes every /api route the app has, with each of its methods (only the docs UI itself is left out)', () => {
    const contract = contractOf(document);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const missing = t.app
      .apiRoutes()
      .filter(({ url }) => !url.startsWith('/api/v1/docs'))
      .flatMap(({ url, methods }) => {
        const path = contract.pathOf(url.replace(/:([a-zA-Z]+)/g, 'x'));
        // A GET's HEAD is the GET without its body (HTTP), so it is not listed apart.
        const listed = (method: string) => path !== undefined && (paths[path]![method.toLowerCase()] !== undefined || (method === 'HEAD' && paths[path]!.get !== undefined));
        return methods.filter((method) => !listed(method)).map((method) => `${method} ${url}`);
      });
    expect(missing).toEqual([]);
  });
});
