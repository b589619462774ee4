/**
 * The API document as a test oracle: every answer the server suites observe through `inject` (test-app.ts wraps
 * it) must be one the OpenAPI document describes: the status listed for the operation, the content type, the
 * body valid against the schema, the required headers present and every documented header's value valid. A new route or answer nobody documented fails
 * the test that met it.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenAPI objects are walked as plain JSON
type Json = Record<string, any>;

export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  /** null: the client broke the answer off (a stream it closed), so only the status and headers are checked. */
  body: Buffer | null;
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/** The body as text, undoing the compression the security plugin applies to large answers. */
function bodyText({ headers, body }: Exchange): string | null {
  if (body === null) return null;
  const decode = DECODERS[String(headers['content-encoding'] ?? '')];
  return (decode && body.length > 0 ? decode(body) : body).toString('utf8');
}

interface PathEntry {
  path: string;
  regex: RegExp;
  isStatic: boolean;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
/** The documentation UI itself (plugins/docs.ts) is not part of the API it documents. */
const UNDOCUMENTED = /^\/api\/v1\/docs(\/|$)/;
/** A path without this method, or no path at all: the answers every /api URL can get (the document's info). */
const ANY_PATH = new Set([400, 403, 404, 405, 413, 414, 415, 503]);

const mediaType = (value: unknown) => (typeof value === 'string' ? value.split(';')[0]!.trim().toLowerCase() : undefined);

function matchesRange(range: string, type: string) {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

/** The document's info: a HEAD error has no body and no Content-Type. */
function headErrorProblems(type: string | undefined, body: string | null): string[] {
  return [...(type ? [`Content-Type ${type} on a HEAD error, which has no body`] : []), ...(body ? [`a body on a HEAD answer: ${body.slice(0, 120)}`] : [])];
}

export function contractOf(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Json) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Json);
      validators.set(key, validate);
    }
    return validate;
  };

  const paths: PathEntry[] = Object.keys(document.paths as Json).map((path) => ({
    path,
    regex: new RegExp(`^${path.replace(/\/+$/, '').replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    isStatic: !path.includes('{'),
  }));
  const pathOf = (url: string) => {
    const matches = paths.filter(({ regex }) => regex.test(url));
    return (matches.find(({ isStatic }) => isStatic) ?? matches[0])?.path;
  };

  function checkBody(key: string, type: string | undefined, schema: Json | undefined, body: string | null): string[] {
    if (type !== 'application/json' || !schema || body === null) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [`body is not JSON: ${body.slice(0, 120)}`];
    }
    const validate = validatorFor(key, schema);
    if (validate(parsed)) return [];
    return [`body does not match the schema: ${ajv.errorsText(validate.errors)}; body ${body.slice(0, 300)}`];
  }

  function checkResponse(exchange: Exchange, response: Json, key: string): string[] {
    const { method, headers } = exchange;
    const body = bodyText(exchange);
    const problems: string[] = [];
    const type = mediaType(headers['content-type']);
    const content = response.content as Json | undefined;
    if (method === 'HEAD' && exchange.status >= 400) {
      problems.push(...headErrorProblems(type, body));
    } else if (!content) {
      if (body) problems.push(`a body where the document says none: ${body.slice(0, 120)}`);
      if (type && method !== 'HEAD') problems.push(`Content-Type ${type} where the document says no body`);
    } else {
      const range = type && Object.keys(content).find((candidate) => matchesRange(candidate, type));
      if (!range) problems.push(`Content-Type ${type ?? '(none)'} not in ${Object.keys(content).join(', ')}`);
      else if (method !== 'HEAD') problems.push(...checkBody(`${key} ${range}`, type, content[range].schema, body));
    }
    for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} missing`);
      } else if (header.schema) {
        const validate = validatorFor(`${key} header ${name}`, header.schema as Json);
        if (!validate(String(value))) problems.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors, { dataVar: 'value' })}`);
      }
    }
    return problems;
  }

  /** What the document does not say about this answer (empty when it describes it). */
  function problemsOf(exchange: Exchange): string[] {
    const { method, status, headers } = exchange;
    const body = bodyText(exchange);
    // As the server gets it: dot segments resolved (`/api/v1/./health/` is `/api/v1/health/`).
    const url = new URL(exchange.url.split('?')[0]!, 'http://test').pathname;
    if (!url.startsWith('/api/') || UNDOCUMENTED.test(url)) return [];
    const path = pathOf(url);
    const operations: Json = path ? document.paths[path] : {};
    const op = operations[method.toLowerCase()] ?? (method === 'HEAD' ? operations.get : undefined);
    if (!op) {
      const problems = ANY_PATH.has(status) ? [] : [`status ${status} for a method or path the document does not have`];
      if (status === 405 && !headers.allow) problems.push('405 without Allow');
      if (method === 'HEAD') problems.push(...headErrorProblems(mediaType(headers['content-type']), body));
      else problems.push(...checkBody('ErrorBody', mediaType(headers['content-type']), { $ref: '#/components/schemas/ErrorBody' }, body));
      return problems;
    }
    const response = op.responses[String(status)] as Json | undefined;
    if (!response) return [`status ${status} not documented for ${method} ${path} (documented: ${Object.keys(op.responses).join(', ')})`];
    return checkResponse(exchange, response, `${method} ${path} ${status}`);
  }

  return { problemsOf, pathOf };
}

export type Contract = ReturnType<typeof contractOf>;

/** Throws when the document does not describe the answer, naming the request and what is missing. */
export function assertDocumented(contract: Contract, exchange: Exchange) {
  const problems = contract.problemsOf(exchange);
  if (problems.length === 0) return;
  throw new Error(`The API document does not describe this answer (${exchange.method} ${exchange.url} → ${exchange.status}):\n- ${problems.join('\n- ')}`);
}
