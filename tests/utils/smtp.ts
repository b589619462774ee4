/**
 * A real SMTP server for tests: it accepts every message on 127.0.0.1 (no auth, no TLS) and keeps it,
 * parsed. Point the app at it with `createTestApp({ smtpUrl: smtp.url })`.
 *
 * `mailparser` is not available here, so `parseMail` reads the MIME itself: unfolded headers with RFC 2047
 * encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), nested multiparts, quoted-printable and base64 bodies,
 * and the charset of each text part. Enough for the mails src/server/mail/mime.ts writes.
 */
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ParsedMail {
  /** Header values by lower-cased name (the first occurrence), unfolded and decoded. */
  headers: Record<string, string>;
  from: string;
  /** Addresses of the To header, lower-cased. */
  to: string[];
  subject: string;
  /** The text/plain part (or the whole body of a text/plain message), with `\n` line ends; "" when absent. */
  text: string;
  /** The text/html part, or null. */
  html: string | null;
  /** The message as received. */
  raw: string;
}

export interface CapturedMail extends ParsedMail {
  /** SMTP envelope (MAIL FROM / RCPT TO), addresses lower-cased. */
  envelope: { from: string; to: string[] };
}

// ---------------------------------------------------------------------------------------------------
// MIME parsing. The message is handled as a "binary string" (latin1: one char per byte) so that each
// part can be decoded with its own charset once its transfer encoding is undone.

const toBinary = (raw: Buffer | string) => (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw).toString('latin1');

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  const label = charset.split('*')[0]!.trim().toLowerCase();
  try {
    return new TextDecoder(label === 'us-ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** A header value that may carry raw 8-bit UTF-8 (RFC 6532) back into text. */
const binaryHeaderToText = (value: string) =>
  /[\x80-\xff]/.test(value) ? decodeBytes(Buffer.from(value, 'latin1')) : value;

function decodeQEncoding(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '_') bytes.push(0x20);
    else if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}

/**
 * RFC 2047: `=?charset?Q?…?=` and `=?charset?B?…?=` words become text; whitespace between two adjacent
 * encoded words is dropped, and the bytes of adjacent words in one charset are joined before decoding
 * (an encoder may split a multi-byte character between words).
 */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;
  let out = '';
  let last = 0;
  let pending: { charset: string; chunks: Buffer[] } | null = null;
  const flush = () => {
    if (pending) out += decodeBytes(Buffer.concat(pending.chunks), pending.charset);
    pending = null;
  };
  for (let match = word.exec(value); match; match = word.exec(value)) {
    const gap = value.slice(last, match.index);
    const [, charset = 'utf-8', encoding = 'Q', payload = ''] = match;
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(payload, 'base64') : decodeQEncoding(payload);
    const continues = pending !== null && /^[ \t\r\n]*$/.test(gap);
    if (continues && pending!.charset.toLowerCase() === charset.toLowerCase()) {
      pending!.chunks.push(bytes);
    } else {
      flush();
      if (!continues) out += gap;
      pending = { charset, chunks: [bytes] };
    }
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}

/** Quoted-printable (RFC 2045 §6.7) → bytes: soft line breaks `=\r\n` removed, `=XX` decoded. */
export function decodeQuotedPrintable(binary: string): Buffer {
  const text = binary.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}

function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncodedWords(binaryHeaderToText(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** `text/plain; charset="utf-8"` → { type: 'text/plain', params: { charset: 'utf-8' } }. */
export function parseHeaderParams(value: string | undefined, fallback = ''): { value: string; params: Record<string, string> } {
  const [head = fallback, ...rest] = (value ?? fallback).split(';');
  const params: Record<string, string> = {};
  const param = /;\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  const tail = rest.length > 0 ? `;${rest.join(';')}` : '';
  for (let match = param.exec(tail); match; match = param.exec(tail)) {
    const raw = match[2]!.trim();
    params[match[1]!.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  return { value: head.trim().toLowerCase(), params };
}

interface Entity {
  headers: Record<string, string>;
  type: string;
  params: Record<string, string>;
  /** The body with its transfer encoding undone. */
  bytes: Buffer;
  parts: Entity[];
}

function splitHeadersAndBody(binary: string): [string, string] {
  const blank = /\r?\n\r?\n/.exec(binary);
  if (!blank) return [binary, ''];
  return [binary.slice(0, blank.index), binary.slice(blank.index + blank[0].length)];
}

function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start: number | null = null;
  for (let match = delimiter.exec(body); match; match = delimiter.exec(body)) {
    if (start !== null) parts.push(body.slice(start, match.index));
    if (match[1]) break;
    start = match.index + match[0].length;
  }
  return parts;
}

function parseEntity(binary: string, isRoot = false): Entity {
  const [headerBlock, fullBody] = splitHeadersAndBody(binary);
  // The line end that closes a whole message is not part of a single-part body.
  const body = isRoot ? fullBody.replace(/\r?\n$/, '') : fullBody;
  const headers = parseHeaderBlock(headerBlock);
  const { value: type, params } = parseHeaderParams(headers['content-type'], 'text/plain');
  if (type.startsWith('multipart/') && params.boundary) {
    return { headers, type, params, bytes: Buffer.alloc(0), parts: splitMultipart(body, params.boundary).map((part) => parseEntity(part)) };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').trim().toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'latin1');
  return { headers, type, params, bytes, parts: [] };
}

function findPart(entity: Entity, type: string): Entity | null {
  if (entity.parts.length === 0) {
    const disposition = parseHeaderParams(entity.headers['content-disposition'], 'inline').value;
    return entity.type === type && disposition !== 'attachment' ? entity : null;
  }
  for (const part of entity.parts) {
    const found = findPart(part, type);
    if (found) return found;
  }
  return null;
}

const partText = (part: Entity | null) => (part ? decodeBytes(part.bytes, part.params.charset).replace(/\r\n/g, '\n') : null);

/** Addresses of an address-list header ("Ana <ana@x.org>, bob@y.org"), lower-cased. */
export function parseAddresses(value: string | undefined): string[] {
  if (!value) return [];
  const withoutNames = value.replace(/"(?:[^"\\]|\\.)*"/g, '');
  return (withoutNames.match(/[^\s<>,;:"]+@[^\s<>,;:"]+/g) ?? []).map((address) => address.toLowerCase());
}

/** Parses a raw RFC 5322 message (as src/server/mail/mime.ts writes it). */
export function parseMail(raw: Buffer | string): ParsedMail {
  const binary = toBinary(raw);
  const root = parseEntity(binary, true);
  return {
    headers: root.headers,
    from: root.headers.from ?? '',
    to: parseAddresses(root.headers.to),
    subject: root.headers.subject ?? '',
    text: partText(findPart(root, 'text/plain')) ?? '',
    html: partText(findPart(root, 'text/html')),
    raw: decodeBytes(Buffer.from(binary, 'latin1')),
  };
}

/** The first link in the mail's text whose URL contains `pathPart` (e.g. "/email-confirm"). Throws when there is none. */
export function linkFrom(message: Pick<ParsedMail, 'text'>, pathPart: string): string {
  const links = message.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no link containing "${pathPart}" in the mail text:\n${message.text}`);
  return link;
}

// ---------------------------------------------------------------------------------------------------
// The capture server.

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>?ignoreTLS=true`, usable as SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message received since start (or the last `clear()`), oldest first. */
  readonly messages: readonly CapturedMail[];
  /** Messages whose envelope or To header includes `address` (case-insensitive), oldest first. */
  messagesTo(address: string): CapturedMail[];
  /**
   * The newest message (already received or arriving within `timeoutMs`) that satisfies `predicate`.
   * A mail sent during a request is already here when the response arrives: nodemailer waits for the
   * server's 250, which is given once the message is stored.
   */
  waitForMessage(predicate?: (message: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  /**
   * Stalls the server: each message sent from now on is read but neither kept nor acknowledged, its connection held,
   * until the returned function resumes it (the held ones are then kept and acknowledged, in order).
   */
  stall(): () => void;
  close(): Promise<void>;
}

const addressedTo = (message: CapturedMail, address: string) => {
  const wanted = address.toLowerCase();
  return message.envelope.to.includes(wanted) || message.to.includes(wanted);
};

/** Starts a capture server on 127.0.0.1, on a free port or on `port` (a server "coming back" where it was). */
export async function startSmtpCapture({ port: wantedPort = 0 }: { port?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const arrivals = new EventEmitter();
  let stalled: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', async () => {
        await stalled;
        try {
          const message: CapturedMail = {
            ...parseMail(Buffer.concat(chunks)),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            },
          };
          messages.push(message);
          arrivals.emit('message', message);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wantedPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A failing client connection must not crash the test process.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    get messages() {
      return messages;
    },
    messagesTo: (address) => messages.filter((message) => addressedTo(message, address)),
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const existing = messages.findLast(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const onMessage = (message: CapturedMail) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          arrivals.off('message', onMessage);
          resolve(message);
        };
        const timer = setTimeout(() => {
          arrivals.off('message', onMessage);
          const seen = messages.map((m) => `${m.envelope.to.join(',')}: ${m.subject}`).join('\n  ') || '(none)';
          reject(new Error(`no matching mail within ${timeoutMs} ms; received:\n  ${seen}`));
        }, timeoutMs);
        arrivals.on('message', onMessage);
      });
    },
    clear: () => {
      messages.length = 0;
    },
    stall() {
      let resume!: () => void;
      stalled = new Promise<void>((resolve) => (resume = resolve));
      return () => {
        stalled = null;
        resume();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A predicate for `waitForMessage`: mail addressed to `address`. */
export const mailTo = (address: string) => (message: CapturedMail) => addressedTo(message, address);
