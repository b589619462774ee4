import { buildApp, type App } from '#server/app.ts';
import { DEFAULT_BODY_LIMIT, type Config, type S3Config } from '#server/config.ts';
import type { InjectOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { assertDocumented, contractOf, type Contract } from './contract.ts';
import { createTestBucket, dropTestBucket } from './s3.ts';
import { createTestDatabase } from './test-database.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '.test-data',
    database: { kind: 'pglite', dir: null },
    logLevel: 'silent',
    staffEmail: 'staff@dosehub.test',
    distDir: null,
    bodyLimit: DEFAULT_BODY_LIMIT,
    uploadLimit: 20 * 1024 * 1024,
    secretKey: 'test-signing-key-that-is-long-enough-0123456789',
    smtpUrl: null,
    mailFrom: 'DoseHub <no-reply@dosehub.test>',
    publicUrl: 'http://dosehub.test',
    trustProxy: true,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  /** The app's own bucket when the run has an S3 server (TEST_S3_ENDPOINT, utils/s3.ts); null: uploads on disk. */
  s3: S3Config | null;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own (PGlite in memory, or PostgreSQL under TEST_DB=postgres), and with
 * TEST_S3_ENDPOINT set its uploads in a bucket of its own (unless the test sets `s3`).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const s3 = overrides.s3 === undefined ? await createTestBucket() : null;
  const app = await buildApp(testConfig({ database: testDb.database, s3, ...overrides }));
  checkAnswersAgainstDocument(app);
  const socketProblems = checkSocketAnswersAgainstDocument(app);
  return {
    app,
    s3,
    close: async () => {
      await app.close();
      await testDb.drop();
      if (socketProblems.length > 0) throw new Error(`The API document does not describe answers sent over a socket:\n${socketProblems.join('\n')}`);
      if (s3) await dropTestBucket(s3);
    },
  };
}

/**
 * Every answer a test gets through `app.inject(options)` is checked against the app's own OpenAPI document
 * (utils/contract.ts): an answer it does not describe fails that test.
 */
const contracts = new Map<string, Contract>();

/** Built on the first answer, once per route table: every test app has the same document, which takes a while. */
function contractFor(app: App): Contract {
  const key = JSON.stringify(app.apiRoutes());
  let contract = contracts.get(key);
  if (!contract) contracts.set(key, (contract = contractOf(app.swagger())));
  return contract;
}

function checkAnswersAgainstDocument(app: App) {
  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const contract = contractFor(app);
    const { method = 'GET', url = '' } = typeof options === 'string' ? { url: options } : options;
    const path = typeof url === 'string' ? url : (url.pathname ?? '');
    assertDocumented(contract, { method: method.toUpperCase(), url: path, status: response.statusCode, headers: response.headers, body: response.rawPayload });
    return response;
  };
  // The chained form (`app.inject()`) and callbacks are left as they are: the suites use neither.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined ? (inject as (...args: unknown[]) => unknown)(options, callback) : checked(options)) as App['inject'];
}

/**
 * The answers a listening test app sends over real sockets (the events stream, fetch and raw-HTTP tests), checked
 * the same way when each response closes; the problems fail the app's `close()`. The body of a response the client
 * broke off (a stream it closed) is not checked, its status and headers are.
 */
function checkSocketAnswersAgainstDocument(app: App): string[] {
  const problems: string[] = [];
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    // Headers given to writeHead are sent without being stored where getHeaders() reads them.
    let written: Record<string, unknown> = {};
    const { write, end, writeHead } = response;
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((value) => typeof value === 'object' && value !== null);
      if (headers && !Array.isArray(headers)) written = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      return (writeHead as (...args: unknown[]) => ServerResponse).call(response, status, ...rest);
    }) as typeof writeHead;
    response.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk), (write as (...args: unknown[]) => boolean).call(response, chunk, ...rest))) as typeof write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => (keep(chunk), (end as (...args: unknown[]) => ServerResponse).call(response, chunk, ...rest))) as typeof end;
    response.on('close', () => {
      if (!response.headersSent) return;
      const exchange = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        status: response.statusCode,
        headers: { ...written, ...response.getHeaders() },
        body: response.writableFinished ? Buffer.concat(chunks) : null,
      };
      try {
        assertDocumented(contractFor(app), exchange);
      } catch (error) {
        problems.push((error as Error).message);
      }
    });
  });
  return problems;
}
