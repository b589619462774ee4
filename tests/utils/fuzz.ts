/**
 * Seeded generators for the server's fuzz test: one PRNG (mulberry32) drives every choice, so a seed replays
 * the same requests. `FUZZ_SEED` overrides the seed a run picks (and prints).
 */

export type Random = ReturnType<typeof seededRandom>;

export function fuzzSeed(): number {
  const fromEnv = process.env.FUZZ_SEED;
  return fromEnv ? Number(fromEnv) >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
}

export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    string: (length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~%/?#&=+;:@!$\'()*, ') =>
      Array.from({ length }, () => alphabet[int(alphabet.length)]).join(''),
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => int(256))),
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
}

export const ODD_METHODS = ['QUERY', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'TRACE', 'REPORT', 'PURGE', 'LINK', 'UNLINK', 'MKCALENDAR', 'NOTIFY', 'SUBSCRIBE'];
export const PLAIN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Path parameter values: valid-looking, wrong, badly encoded, traversals and over-long ones (the router's limit is 100). */
export function paramValue(random: Random, own: { uid: string; ids: string[] }): string {
  return random.pick<() => string>([
    () => own.uid,
    () => random.pick(own.ids),
    () => random.uuid(),
    () => 'not-a-uuid',
    () => String(random.int(1e6) - 10),
    () => 'dosi-clin',
    () => random.pick(['%zz', '%', '%E0%A4%A', '%C0%AE%C0%AE', '%00', '%ff%fe', '%uD800']),
    () => random.pick(['..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2e%2e%5c', '....//', '.%2e']),
    () => 'a'.repeat(95 + random.int(300)),
    () => encodeURIComponent(random.pick(['ção', '名前', '😀', '<script>', "' OR 1=1 --", '${7*7}', '\u202e'])),
    () => random.string(1 + random.int(30), 'abcdef0123456789-%'),
  ])();
}

/** A route URL pattern with its parameters filled, sometimes bent (traversal, doubled slashes, a bad query). */
export function pathFor(random: Random, pattern: string, own: { uid: string; ids: string[] }): string {
  let path = pattern.replace(/:[a-zA-Z]+/g, () => paramValue(random, own)).replace(/\*$/, () => random.string(random.int(20)));
  if (random.chance(0.1)) path = path.replace(/\/$/, '');
  if (random.chance(0.08)) path = path.replace('/api/v1/', random.pick(['/api/v1/../../', '/api/v1//', '/api/v1/./', '/api/v1/%2e%2e/', '/API/V1/', '/api/v1/..;/']));
  if (random.chance(0.05)) path += random.pick(['../../etc/passwd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%00/', '%zz', 'x'.repeat(2000)]);
  if (random.chance(0.2)) {
    path += `?${random.pick(['page=-1', 'page=1e99', 'page_size=0', 'page_size=999999', 'q=%zz', 'q=' + 'x'.repeat(500), '__proto__[x]=1', 'status=nope&status=also', 'a=%', 'ordering=;DROP', 'limit=NaN&offset=Infinity'])}`;
  }
  return path;
}

const JSON_VALUES: ((random: Random) => unknown)[] = [
  () => null,
  () => true,
  (random) => random.int(1e9) - 5e8,
  () => 1e308 * 10,
  (random) => random.string(random.int(40)),
  () => 'x'.repeat(70_000),
  () => 'nul\u0000inside',
  () => [],
  () => ({}),
  () => ['a', 1, null],
  () => ({ nested: { deeper: [1, { x: 'y' }] } }),
];
const FILE_FIELDS = ['images', 'report', 'bill'];
const FIELDS = ['name', 'email', 'password', 'password1', 'password2', 'cpf', 'phone', 'isotope', 'calibrationName', 'calibration_name', 'status', 'message', 'id', 'uid', 'plan', 'service', 'endpoint', 'keys', 'analysisName', 'imagesUploadId', 'oldPassword', 'token', 'code'];

function jsonBody(random: Random): string {
  const shape = random.int(8);
  if (shape === 0) return JSON.stringify(JSON_VALUES[random.int(JSON_VALUES.length)]!(random));
  if (shape === 1) return random.pick(['{"broken": ', '[1,2', '{"a":1}}', "{'single':1}", '', ' ', 'null', '"str"', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}']);
  if (shape === 2) return '['.repeat(5000) + ']'.repeat(5000);
  const body: Record<string, unknown> = {};
  for (let i = random.int(6); i >= 0; i--) body[random.pick(FIELDS)] = JSON_VALUES[random.int(JSON_VALUES.length)]!(random);
  return JSON.stringify(body);
}

/**
 * Multipart bodies that are broken in one way or another: no boundary or a wrong one, a part without a name,
 * duplicate names, a file where a field goes, part headers far over any sane size, a truncated body.
 */
export function brokenMultipart(random: Random): { contentType: string; payload: Buffer } {
  const boundary = `----fuzz${random.int(1e9)}`;
  const disposition = (name: string | null, filename?: string) =>
    `Content-Disposition: form-data${name === null ? '' : `; name="${name}"`}${filename === undefined ? '' : `; filename="${filename}"`}`;
  const part = (name: string | null, content: string, filename?: string) => {
    const headers = [disposition(name, filename)];
    if (filename !== undefined) headers.push('Content-Type: application/zip');
    if (random.chance(0.05)) headers.push(`X-Padding: ${'p'.repeat(50_000 + random.int(200_000))}`);
    return `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
  };
  const fileName = () => random.pick(['a.zip', '../../x.zip', 'ç.dcm', '', 'report.pdf', 'bill.pdf']);
  const fileBytes = () => random.bytes(random.int(400)).toString('latin1');
  const fieldValue = () => (random.chance(0.2) ? 'a\u0000b' : random.string(random.int(30)));
  const parts = Array.from({ length: random.int(6) }, () =>
    random.pick<() => string>([
      () => part(random.pick(FILE_FIELDS), fileBytes(), fileName()),
      () => part(random.pick(FIELDS), fieldValue()),
      // A part without a name, as a field or as a file.
      () => part(null, fieldValue(), random.chance(0.5) ? fileName() : undefined),
      // The same name twice, as fields or a field then a file.
      () => { const name = random.pick([...FIELDS, ...FILE_FIELDS]); return part(name, fieldValue()) + part(name, fileBytes(), random.chance(0.5) ? fileName() : undefined); },
      // A file where a field is expected.
      () => part(random.pick(FIELDS), fileBytes(), fileName()),
      () => `--${boundary}\r\nContent-Disposition: ${random.pick(['attachment', 'form-data; name=', 'form-data; name="a"; name="b"', ';;;', ''])}\r\n\r\nx\r\n`,
    ])(),
  ).join('');
  const ending = random.pick([`--${boundary}--\r\n`, '', `--${boundary}`, '--other--\r\n', `--${boundary}--`]);
  const contentType = random.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; charset=utf-8',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary=wrong`,
    `multipart/mixed; boundary=${boundary}`,
    `multipart/form-data; boundary="${'b'.repeat(80)}"`,
  ]);
  const payload = Buffer.from(parts + ending, 'latin1');
  // A body cut short somewhere.
  return { contentType, payload: random.chance(0.2) ? payload.subarray(0, random.int(payload.length + 1)) : payload };
}

export interface FuzzBody {
  contentType?: string;
  payload?: Buffer | string;
}

export function bodyFor(random: Random, bodyLimit: number): FuzzBody {
  const kind = random.int(10);
  if (kind <= 1) return {};
  if (kind <= 4) return { contentType: random.pick(['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/vnd.api+json']), payload: jsonBody(random) };
  if (kind === 5) return brokenMultipart(random);
  if (kind === 6) return { contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', ';;;', 'application/offset+octet-stream', '*/*', 'image/png']), payload: random.bytes(random.int(300)) };
  if (kind === 7) return { payload: random.string(random.int(100)) };
  if (kind === 8 && random.chance(0.15)) return { contentType: 'application/json', payload: JSON.stringify({ blob: 'x'.repeat(bodyLimit + 1) }) };
  return { contentType: 'application/offset+octet-stream', payload: random.bytes(random.int(2000)) };
}

const LANGUAGES = ['pt-BR', 'en', 'en-US,en;q=0.9', 'es-AR', 'fr', '*', ';;;', 'q=0', 'en;q=abc', 'x'.repeat(300), ''];

/** Headers of every sort: session or garbage cookies, tus and conditional headers, odd languages, cross-site origins. */
export function headersFor(random: Random, cookies: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (random.chance(0.8)) headers['accept-language'] = random.pick(LANGUAGES);
  if (random.chance(0.55)) headers.cookie = random.pick(cookies);
  if (random.chance(0.1)) headers.cookie = random.pick(['jwt-access-token=garbage', 'jwt-access-token=a.b.c', `jwt-access-token=${'x'.repeat(6000)}`, '=;=;;', `a=${'%zz'.repeat(500)}`]);
  if (random.chance(0.35)) {
    headers['tus-resumable'] = random.pick(['1.0.0', '0.2.2', '', 'x']);
    const tus = (name: string, values: string[]) => random.chance(0.5) && (headers[name] = random.pick(values));
    tus('upload-length', ['1', '0', '-1', 'abc', '99999999999999999999', '1e3', String(random.int(1e6))]);
    tus('upload-offset', ['0', '-5', 'abc', '1e3', String(random.int(1e6))]);
    tus('upload-metadata', ['filename YS56aXA=,filetype YXBwbGljYXRpb24vemlw', 'filename', 'a b c d', '!!!', `filename ${'A'.repeat(5000)}`, 'sha256 ' + Buffer.from('0'.repeat(64)).toString('base64'), `filename ${Buffer.from('a\u0000.zip').toString('base64')},filetype YXBwbGljYXRpb24vemlw`]);
    tus('upload-defer-length', ['1', '0', 'x']);
    tus('upload-checksum', ['sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=', 'md5 x', 'garbage']);
    tus('x-http-method-override', ['PATCH', 'DELETE', 'GET', 'BREW']);
    tus('upload-concat', ['final;/a /b', 'partial']);
  }
  if (random.chance(0.1)) headers['if-match'] = random.pick(['"abc"', '*', 'W/"1"', 'garbage', '""']);
  if (random.chance(0.1)) headers['idempotency-key'] = random.pick(['short', 'k'.repeat(300), random.uuid(), 'ção-ção-ção']);
  if (random.chance(0.08)) headers.origin = random.pick(['http://evil.test', 'null', 'http://dosehub.test']);
  if (random.chance(0.05)) headers['sec-fetch-site'] = random.pick(['cross-site', 'same-origin', 'none']);
  if (random.chance(0.05)) headers['access-control-request-method'] = random.pick(['POST', 'PATCH', 'DELETE']);
  if (random.chance(0.05)) headers['x-forwarded-for'] = random.pick(['not-an-ip', '1.2.3.4, 5.6.7.8', '::1', '999.999.999.999']);
  if (random.chance(0.05)) headers['last-event-id'] = random.pick(['abc', '-1', random.uuid()]);
  if (random.chance(0.05)) headers.range = random.pick(['bytes=0-10', 'bytes=-5', 'bytes=99999999-', 'lines=1-2', 'bytes=5-1']);
  if (random.chance(0.05)) headers.accept = random.pick(['text/html', 'text/event-stream', 'application/xml', '*/*;q=abc']);
  if (random.chance(0.03)) headers['x-big'] = random.string(8000);
  return headers;
}

/**
 * A complete request as bytes for a bare socket: odd or invalid methods, targets and versions, headers Node's
 * parser refuses (no colon, conflicting lengths, over 16 kB), sometimes no Host. Always complete, so that the
 * server never waits for more: each one must get an answer.
 */
export function rawRequestFor(random: Random, paths: string[]): Buffer {
  const method = random.pick([...PLAIN_METHODS, ...ODD_METHODS, 'CONNECT', 'M-SEARCH', 'FOO', 'get', 'G ET', 'GET\t', '\u0000', '']);
  const target = random.pick([
    () => random.pick(paths),
    () => `/api/v1/plans/${random.pick(['%zz', '%', 'a'.repeat(150)])}/`,
    () => random.pick(['*', 'http://x/api/v1/health/', '//evil.test/api', '/a b', '/\u0001', '/ç', '/api/v1/\u00ff/']),
    () => `/api/v1/${'x'.repeat(17_000)}`,
  ])();
  const version = random.pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1', 'HTTPS/1.1', '']);
  const headers = random.chance(0.9) ? ['Host: dosehub.test'] : [];
  if (random.chance(0.5)) headers.push(`Accept-Language: ${random.pick(['en', 'es', 'pt-BR', 'fr'])}`);
  const odd = random.pick([
    '',
    '',
    'NoColonHere',
    'Bad Name: x',
    'X-Nul: a\u0000b',
    'Content-Length: abc',
    'Content-Length: -1',
    'Content-Length: 5\r\nContent-Length: 6',
    'Transfer-Encoding: chunked\r\nContent-Length: 3',
    'Transfer-Encoding: gzip, chunked',
    'Expect: the-unexpected',
    `X-Big: ${'a'.repeat(17_000)}`,
    `Cookie: ${'c=1; '.repeat(4000)}`,
    Array.from({ length: 2100 }, (_, i) => `X-${i}: v`).join('\r\n'),
    ' Folded: header',
  ]);
  if (odd) headers.push(odd);
  const body = random.chance(0.3) ? random.string(random.int(200)) : '';
  // A valid length when none was set, so the request is complete; Connection: close so every answer ends.
  if (body && !/content-length|transfer-encoding/i.test(odd)) headers.push(`Content-Length: ${Buffer.byteLength(body)}`);
  headers.push('Connection: close');
  const chunkedBody = /chunked/i.test(odd) ? `${random.pick(['ZZ', '3', '0'])}\r\nabc\r\n0\r\n\r\n` : '';
  return Buffer.from(`${method} ${target} ${version}\r\n${headers.join('\r\n')}\r\n\r\n${chunkedBody || body}`, 'latin1');
}
