/**
 * Test helper (used only by *.test.ts(x)): an in-memory tus 1.0 server behind a tus-js-client
 * `HttpStack`, answering as `/api/v1/uploads/` does (relative Location, `{"errors"}` refusals, the
 * SHA-256 checked on the last byte). `failNext` makes the next request of a method (or a later one)
 * fail without an answer (a dropped connection) or with a status.
 */
import type { FileReader as TusFileReader, HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { Sha256 } from '../sha256.ts';

export interface FakeUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
  bytes: Uint8Array[];
  status: 'receiving' | 'complete' | 'failed';
}

export interface FakeTusCall {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const decode = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));

function parseMetadata(header: string | undefined) {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) out[key] = decode(value);
  }
  return out;
}

async function bytesOf(body: unknown): Promise<Uint8Array> {
  if (body == null) return new Uint8Array();
  if (body instanceof Uint8Array) return body;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new Error(`fake tus: unexpected body ${Object.prototype.toString.call(body)}`);
}

function response(status: number, headers: Record<string, string> = {}, body = ''): HttpResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { getStatus: () => status, getHeader: (name) => lower[name.toLowerCase()], getBody: () => body, getUnderlyingObject: () => null };
}

export function fakeTusServer({ maxBytes = Infinity }: { maxBytes?: number } = {}) {
  const uploads = new Map<string, FakeUpload>();
  const calls: FakeTusCall[] = [];
  const failures: Array<{ method: string; status: number | null; body?: string; skip: number }> = [];
  let counter = 0;
  /** Only this many bytes of a PATCH are taken before the "connection drops" (with failNext on PATCH). */
  let partialBytes: number | null = null;

  async function handle(method: string, url: string, headers: Record<string, string>, body: unknown, progress: (n: number) => void): Promise<HttpResponse> {
    calls.push({ method, url, headers: { ...headers } });
    const failure = failures.findIndex((f) => f.method === method);
    const path = new URL(url).pathname;
    if (failure >= 0 && failures[failure]!.skip > 0) failures[failure]!.skip -= 1;
    else if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      if (f!.status === null) {
        if (method === 'PATCH' && partialBytes !== null) {
          const upload = uploads.get(path.split('/').filter(Boolean).pop()!);
          const bytes = (await bytesOf(body)).subarray(0, partialBytes);
          if (upload) {
            upload.bytes.push(bytes);
            upload.offset += bytes.length;
          }
          partialBytes = null;
        }
        throw new Error('fake tus: connection dropped');
      }
      return response(f!.status, { 'Content-Type': 'application/json' }, f!.body ?? JSON.stringify({ errors: [`HTTP ${f!.status}`] }));
    }
    if (method === 'POST') {
      const length = Number(headers['Upload-Length']);
      if (length > maxBytes) return response(413, {}, JSON.stringify({ errors: ['O arquivo é grande demais (máximo 1 MB).'] }));
      const id = `0193a2b4-0000-7000-8000-${String(++counter).padStart(12, '0')}`;
      uploads.set(id, { id, length, offset: 0, metadata: parseMetadata(headers['Upload-Metadata']), bytes: [], status: 'receiving' });
      return response(201, { Location: `/api/v1/uploads/${id}`, 'Tus-Resumable': '1.0.0' });
    }
    const id = path.split('/').filter(Boolean).pop()!;
    const upload = uploads.get(id);
    if (!upload || upload.status === 'failed') return response(404, {}, JSON.stringify({ errors: ['Envio não encontrado.'] }));
    if (method === 'HEAD') return response(200, { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
    if (method === 'PATCH') {
      if (Number(headers['Upload-Offset']) !== upload.offset) return response(409, {}, JSON.stringify({ errors: ['offset'] }));
      const bytes = await bytesOf(body);
      upload.bytes.push(bytes);
      upload.offset += bytes.length;
      progress(bytes.length);
      if (upload.offset === upload.length) {
        const hash = new Sha256();
        for (const chunk of upload.bytes) hash.update(chunk);
        if (hash.hex() !== upload.metadata.sha256) {
          upload.status = 'failed';
          return response(422, {}, JSON.stringify({ errors: ['O arquivo chegou diferente do enviado (SHA-256). Envie de novo.'] }));
        }
        upload.status = 'complete';
      }
      return response(204, { 'Upload-Offset': String(upload.offset) });
    }
    if (method === 'DELETE') {
      uploads.delete(id);
      return response(204);
    }
    return response(405);
  }

  const stack: HttpStack = {
    getName: () => 'fake-tus',
    createRequest(method: string, url: string): HttpRequest {
      const headers: Record<string, string> = {};
      let progress: (n: number) => void = () => {};
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name] = value;
        },
        getHeader: (name) => headers[name],
        setProgressHandler: (handler) => {
          progress = handler;
        },
        send: (body) => handle(method, url, headers, body, (n) => progress(n)),
        abort: () => Promise.resolve(),
        getUnderlyingObject: () => null,
      };
    },
  };

  return {
    stack,
    uploads,
    calls,
    /** The next request of `method` (after `skip` answered ones) gets no answer (status null) or this status. */
    failNext(method: string, status: number | null = null, body?: string, skip = 0) {
      failures.push({ method, status, body, skip });
    },
    /** With failNext('PATCH'): that PATCH stores this many bytes before dropping. */
    dropAfter(bytes: number) {
      partialBytes = bytes;
    },
    /** The bytes the server holds for an upload. */
    bytesOf: (id: string) => {
      const chunks = uploads.get(id)?.bytes ?? [];
      const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.length;
      }
      return out;
    },
  };
}

/** tus-js-client's browser Blob reader (tests run its Node build, which reads only Buffers and streams). */
export const blobFileReader: TusFileReader = {
  openFile: async (input: Blob) => ({
    size: input.size,
    slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
    close: () => {},
  }),
};
