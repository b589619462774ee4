/**
 * tus discovery (OPTIONS, tus 1.0 core): what a plain client reads, a CORS preflight, and tus-js-client (our
 * client's library: it never sends OPTIONS itself) uploading over a real socket with only what was advertised.
 */
import { DefaultHttpStack, Upload, type HttpRequest } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type SignedInUser } from '#tests/utils/accounts.ts';
import { imageBytes, sha256 } from '#tests/utils/calibrations.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';
import { UPLOADS_URL, createUpload, uploadUrl } from '#tests/utils/uploads.ts';

const MAX_BYTES = 64 * 1024 * 1024;
let t: TestApp;
let user: SignedInUser;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: MAX_BYTES });
  user = await registerUser(t.app);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

const discover = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'OPTIONS', url, headers });

describe('OPTIONS /api/v1/uploads/: tus discovery', () => {
  it('204 with Tus-Resumable, Tus-Version, exactly the extensions served and Tus-Max-Size, without a session', async () => {
    const response = await discover(UPLOADS_URL);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    expect(response.headers['tus-version']).toBe('1.0.0');
    // Not creation-defer-length (a creation must declare Upload-Length) and not checksum (the SHA-256 goes in metadata).
    expect(response.headers['tus-extension']).toBe('creation,creation-with-upload,termination,expiration');
    expect(response.headers['tus-max-size']).toBe(String(MAX_BYTES));
  });

  it('the same on an upload URL, known or not', async () => {
    const id = await createUpload(t.app, user, imageBytes(100));
    for (const url of [uploadUrl(id), uploadUrl('00000000-0000-4000-8000-000000000000'), uploadUrl(id).replace(/\/$/, '')]) {
      const response = await discover(url, { cookie: user.cookies });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 204 });
      expect(response.headers['tus-version']).toBe('1.0.0');
      expect(response.headers['tus-max-size']).toBe(String(MAX_BYTES));
    }
  });

  it('a CORS preflight from another origin gets the discovery answer but no Access-Control-Allow-*: the browser stays out (not a 500)', async () => {
    const response = await discover(UPLOADS_URL, {
      origin: 'https://elsewhere.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'tus-resumable, upload-length, upload-metadata',
    });
    expect(response.statusCode).toBe(204);
    const corsHeaders = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
    expect(corsHeaders).toEqual([]);
  });

  it('a preflight on another API path is still a JSON 405 with Allow, not a 500', async () => {
    const response = await discover('/api/v1/health/', { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ errors: ['Método "OPTIONS" não permitido.'] });
  });

  it("a wrong method's Allow now lists OPTIONS", async () => {
    const response = await t.app.inject({ method: 'PUT', url: UPLOADS_URL });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('OPTIONS, POST');
  });
});

describe('tus-js-client against the advertised capabilities', () => {
  /** tus-js-client's own Node transport, recording the method of every request it makes. */
  function recordingStack(methods: string[]) {
    const stack = new DefaultHttpStack({});
    return {
      createRequest: (method: string, url: string): HttpRequest => {
        methods.push(method);
        return stack.createRequest(method, url);
      },
      getName: () => 'recording',
    };
  }

  it('uploads in chunks (creation-with-upload, then PATCH) and terminates, using no extension the server did not list', async () => {
    const advertised = (await discover(UPLOADS_URL)).headers;
    const extensions = String(advertised['tus-extension']).split(',');
    const bytes = imageBytes(50_000, 7);
    const methods: string[] = [];
    const options = {
      endpoint: `${origin}${UPLOADS_URL}`,
      headers: { cookie: user.cookies },
      httpStack: recordingStack(methods),
      chunkSize: 20_000,
      uploadDataDuringCreation: true,
      retryDelays: [],
      metadata: { filename: 'phantom.zip', filetype: 'application/zip', sha256: sha256(bytes) },
    };
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(Buffer.from(bytes), { ...options, onSuccess: () => resolve(upload.url!), onError: reject });
      upload.start();
    });
    expect(url).toMatch(/\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
    await Upload.terminate(url, options);

    expect(methods).toEqual(['POST', 'PATCH', 'PATCH', 'DELETE']);
    expect(methods).not.toContain('OPTIONS');
    // What it relied on was advertised: tus 1.0.0, creation, creation-with-upload, termination, and the size.
    expect(String(advertised['tus-version']).split(',')).toContain('1.0.0');
    expect(extensions).toEqual(expect.arrayContaining(['creation', 'creation-with-upload', 'termination']));
    expect(bytes.length).toBeLessThanOrEqual(Number(advertised['tus-max-size']));
    const gone = await t.app.inject({ method: 'HEAD', url: `${new URL(url).pathname}/`, headers: { 'tus-resumable': '1.0.0', cookie: user.cookies } });
    expect(gone.statusCode).toBe(404);
  });
});
