/**
 * A seeded pass over the whole document (FUZZ_SEED replays it): for every path, every method, signed out, as the
 * user and as staff, requests built from the operation's own schema: a valid-looking one, one with its body
 * broken (not an object), one with a parameter over its limit (64 characters, or not a UUID). test-app.ts checks each answer against the document; here,
 * a broken request must get a 4xx, and no answer a 5xx.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureStaffAccount } from '#server/services/staff-account.ts';
import { login, registerUser } from '#tests/utils/accounts.ts';
import { PLAIN_METHODS, fuzzSeed, seededRandom, type Random } from '#tests/utils/fuzz.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema walked as plain JSON
type Json = Record<string, any>;

const seed = fuzzSeed();
let t: TestApp;
let document: Json;
let users: { uid: string; cookie?: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const staffAccount = await ensureStaffAccount(t.app.db, 'pass-staff@dosehub.test');
  const staff = await login(t.app, staffAccount!.email, staffAccount!.password);
  const user = await registerUser(t.app);
  users = [{ uid: user.id }, { uid: user.id, cookie: user.cookies }, { uid: staff.id, cookie: staff.cookies }];
  document = t.app.swagger() as unknown as Json;
}, 120_000);
afterAll(() => t?.close());

const resolve = (schema: Json | undefined): Json => {
  const name = typeof schema?.$ref === 'string' ? (schema.$ref as string).split('/').pop()! : undefined;
  return name ? resolve(document.components.schemas[name] as Json) : (schema ?? {});
};

/** A value of the schema's shape: formats, enums and lengths honoured; patterns only as far as a sample goes. */
function sample(random: Random, raw: Json | undefined, own: string, depth = 0): unknown {
  const schema = resolve(raw);
  if ('const' in schema) return schema.const;
  if (schema.enum) return random.pick(schema.enum as unknown[]);
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return sample(random, random.pick(options), own, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate: string) => candidate !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    const entries = Object.entries<Json>(schema.properties ?? {}).filter(([key]) => (schema.required ?? []).includes(key) || random.chance(0.5));
    return Object.fromEntries(entries.map(([key, value]) => [key, sample(random, value, own, depth + 1)]));
  }
  if (type === 'array') return depth > 4 ? [] : [sample(random, schema.items as Json, own, depth + 1)];
  if (type === 'integer' || type === 'number') return Math.max(Number(schema.minimum ?? 0), 1);
  if (type === 'boolean') return random.chance(0.5);
  if (schema.format === 'uuid') return random.chance(0.5) ? own : random.uuid();
  if (schema.format === 'email') return `pass${random.int(1e6)}@dosehub.test`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2025, 0, 1)).toISOString();
  if (schema.format === 'uri') return 'https://push.example.org/x';
  return 'a'.repeat(Math.max(Number(schema.minLength ?? 1), 3)).slice(0, Number(schema.maxLength ?? 64));
}

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  broken: boolean;
}

/** The requests of one path: each method (documented or not), each caller, valid and broken. */
function requestsFor(random: Random, path: string, operations: Json): Built[] {
  return PLAIN_METHODS.flatMap((method) =>
    users.flatMap((caller) => {
      const op = operations[method.toLowerCase()] as Json | undefined;
      const params = (op?.parameters ?? []) as Json[];
      const fill = (tooLong: boolean) =>
        path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          if (tooLong) return 'x'.repeat(65);
          if (name === 'uid') return caller.uid;
          return String(sample(random, params.find((parameter) => parameter.name === name)?.schema, caller.uid));
        });
      const headers: Record<string, string> = { 'accept-language': 'en', ...(caller.cookie ? { cookie: caller.cookie } : {}) };
      const json = op?.requestBody?.content?.['application/json']?.schema as Json | undefined;
      const body = json ? JSON.stringify(sample(random, json, caller.uid)) : undefined;
      const withBody = (payload: string | undefined) => (payload === undefined ? {} : { payload, headers: { ...headers, 'content-type': 'application/json' } });
      const built: Built[] = [{ method, url: fill(false), headers, ...withBody(body), broken: false }];
      const limited = params.some((parameter) => parameter.in === 'path' && (parameter.schema?.format === 'uuid' || Number(parameter.schema?.maxLength) < 65));
      if (op && limited) built.push({ method, url: fill(true), headers, ...withBody(body), broken: true });
      if (json) built.push({ method, url: fill(false), headers, ...withBody(JSON.stringify(random.pick([[], 42, 'x']))), broken: true });
      return built.map((request) => ({ ...request, headers: { ...headers, ...request.headers } }));
    }),
  );
}

it(`every path × method × caller, from the document's own schemas (seed ${seed}): each answer documented, broken ones 4xx`, async () => {
  const random = seededRandom(seed);
  const started = Date.now();
  // Signing out would end the callers' sessions for the requests after it.
  const requests = Object.entries<Json>(document.paths)
    .filter(([path]) => !path.includes('/logout/') && !path.endsWith('/events/'))
    .flatMap(([path, operations]) => requestsFor(random, path, operations));
  const failures: string[] = [];
  for (const request of requests) {
    const label = `${request.method} ${request.url} ${request.payload ?? ''}`.slice(0, 200);
    try {
      const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
      if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode}`);
      if (request.broken && (response.statusCode < 400 || response.statusCode >= 500)) failures.push(`${label} (broken) → ${response.statusCode}`);
    } catch (error) {
      failures.push(`${label} → ${(error as Error).message}`);
    }
  }
  console.info(`contract pass seed ${seed}: ${requests.length} requests in ${Date.now() - started} ms`);
  expect(failures, `seed ${seed}`).toEqual([]);
}, 60_000);
