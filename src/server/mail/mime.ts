import { randomUUID } from 'node:crypto';
import { LOGO_CID, readLogo } from './layout.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Every outgoing mail as RFC 5322 / MIME (2045–2047) text, built here rather than by nodemailer's streaming composer,
 * which cost ~1 CPU ms per mail (README). The message is 7-bit ASCII with CRLF line ends and no line over 78
 * characters: headers folded, non-ASCII header text as UTF-8 encoded words, bodies quoted-printable, the logo base64.
 * The encoders work on a latin1 view of the UTF-8 bytes (one char per byte) with regular expressions.
 */

export interface BuiltMessage {
  /** SMTP MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  raw: string;
}

const CRLF = '\r\n';
const MAX_LINE = 78;
/** An encoded word's text, so that `=?UTF-8?Q?…?=` stays within 66 characters and fits after "Reply-To: ". */
const WORD_PAYLOAD = 54;
/** Q: at most WORD_PAYLOAD characters, cut neither inside an =XX nor before a UTF-8 continuation byte (=80–=BF). */
const Q_WORD = new RegExp(`.{1,${WORD_PAYLOAD}}(?<!=[0-9A-F]?)(?!=[89AB])`, 'g');
/** B: whole base64 quanta within WORD_PAYLOAD (39 bytes), cut before a UTF-8 lead byte or ASCII. */
const B_WORD = new RegExp(`[\\s\\S]{1,${Math.floor(WORD_PAYLOAD / 4) * 3}}(?![\\x80-\\xbf])`, 'g');

const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
/** Quoted-printable escapes by byte; `\n` becomes the CRLF hard line break. */
const QP_ESCAPES = Array.from({ length: 256 }, (_, byte) => (byte === 0x0a ? CRLF : hex(byte)));
/** Q-encoding escapes by byte (RFC 2047 §4.2, with §5's phrase rule: only letters, digits and `!*+-/` stay). */
const Q_ESCAPES = Array.from({ length: 256 }, (_, byte) => (byte === 0x20 ? '_' : hex(byte)));

const utf8Latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

// ---------------------------------------------------------------------------------------------------
// Bodies.

/**
 * Quoted-printable (RFC 2045 §6.7) of UTF-8 text: line ends become CRLF, '=' and every byte outside printable ASCII
 * are escaped, so is the last space or tab of a line, and a line over 76 characters is cut with soft breaks (`=`),
 * never inside an `=XX`.
 */
export function quotedPrintable(text: string): string {
  return utf8Latin1(text.replace(/\r\n?/g, '\n'))
    .replace(/[^\t\x20-\x3c\x3e-\x7e]/g, (c) => QP_ESCAPES[c.charCodeAt(0)]!)
    .replace(/[ \t](?=\r\n|$)/g, (c) => hex(c.charCodeAt(0)))
    .replace(/(?=[^\r\n]{77})([^\r\n]{1,75})(?<!=[0-9A-F]?)/g, `$1=${CRLF}`);
}

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}(?=.)/g, `$&${CRLF}`);

let logoPart: string | undefined;

/** The logo the layout's HTML shows (`cid:logo@dosehub`), as a MIME part: encoded once per process. */
const logo = () =>
  (logoPart ??=
    'Content-Type: image/png; name=dosehub.png' +
    CRLF +
    `Content-ID: <${LOGO_CID}>` +
    CRLF +
    'Content-Disposition: inline; filename=dosehub.png' +
    CRLF +
    'Content-Transfer-Encoding: base64' +
    CRLF +
    CRLF +
    base64Lines(readLogo()));

const textPart = (subtype: 'plain' | 'html', text: string) =>
  `Content-Type: text/${subtype}; charset=utf-8${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}${quotedPrintable(text)}`;

const multipart = (subtype: string, boundary: string, parts: string[], extra = '') =>
  `Content-Type: multipart/${subtype};${extra}${CRLF} boundary="${boundary}"${CRLF}${CRLF}` +
  parts.map((part) => `--${boundary}${CRLF}${part}${CRLF}`).join('') +
  `--${boundary}--${CRLF}`;

function body(mail: MailMessage, id: string): string {
  const html = textPart('html', mail.html);
  const shown = mail.html.includes(`cid:${LOGO_CID}`) ? multipart('related', `=_rel_${id}`, [html, logo()], ' type="text/html";') : html;
  return multipart('alternative', `=_alt_${id}`, [textPart('plain', mail.text), shown]);
}

// ---------------------------------------------------------------------------------------------------
// Headers.

/** UTF-8 text as encoded words of at most 66 characters, none splitting a character: Q, or B when shorter. */
export function encodedWords(text: string): string[] {
  if (!text) return [];
  const bytes = utf8Latin1(text);
  const escaped = bytes.replace(/[^A-Za-z0-9!*+\-/]/g, (c) => Q_ESCAPES[c.charCodeAt(0)]!);
  if (escaped.length <= Math.ceil(bytes.length / 3) * 4) return escaped.match(Q_WORD)!.map((word) => `=?UTF-8?Q?${word}?=`);
  return bytes.match(B_WORD)!.map((chunk) => `=?UTF-8?B?${Buffer.from(chunk, 'latin1').toString('base64')}?=`);
}

/** ASCII that reads the same unencoded: printable words with single spaces, no "=?" and no word too long for a line. */
const PLAIN = /^(?!.*=\?)[\x21-\x7e]{1,60}(?: [\x21-\x7e]{1,60})*$/;

/** `Name: token token…`, folded (CRLF + space) before a token that would take its line past 78 characters. */
function header(name: string, tokens: string[]): string {
  let out = `${name}:`;
  let line = out.length;
  for (const token of tokens) {
    if (line + 1 + token.length > MAX_LINE) {
      out += CRLF;
      line = 0;
    }
    out += ` ${token}`;
    line += 1 + token.length;
  }
  return out + CRLF;
}

const unstructured = (text: string) => (PLAIN.test(text) ? text.split(' ') : encodedWords(text));

export interface Address {
  name: string;
  address: string;
}

const NAME_ADDR = /^\s*(.*?)\s*<([^<>\s,;"]+@[^<>\s,;"]+)>\s*$/s;
/** A bare address, its empty first group standing for the name. */
const BARE_ADDR = /^\s*()([^<>\s,;"]+@[^<>\s,;"]+)\s*$/;

/** `Name <address>`, `"Name, Inc." <address>` or a bare address; anything else (a list, a line break) throws. */
export function parseAddress(value: string): Address {
  const match = NAME_ADDR.exec(value) ?? BARE_ADDR.exec(value);
  if (!match) throw new Error(`not one mail address: ${JSON.stringify(value)}`);
  const [, name = '', address = ''] = match;
  const unquoted = /^"(.*)"$/s.exec(name);
  return { name: unquoted ? unquoted[1]!.replace(/\\(.)/g, '$1') : name, address };
}

const SPECIALS = /[()<>[\]:;@\\,."]/;

/** A display name's tokens: as written, in a quoted string when it has specials, or as encoded words. */
function phrase(name: string): string[] {
  if (!name) return [];
  if (!PLAIN.test(name) || name.length > 60) return encodedWords(name);
  return [SPECIALS.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name];
}

const addressTokens = ({ name, address }: Address) => [...phrase(name), name ? `<${address}>` : address];

/** RFC 5322 date in UTC: "Sun, 29 Nov 2026 12:00:00 +0000". */
export const mailDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

// ---------------------------------------------------------------------------------------------------

/** The message `from` sends: headers, multipart/alternative text and HTML (with the logo when the HTML shows it). */
export function buildMessage(mail: MailMessage, from: string, date = new Date()): BuiltMessage {
  const sender = parseAddress(from);
  const recipient = parseAddress(mail.to);
  const id = randomUUID().replaceAll('-', '');
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1) || 'localhost';
  const raw =
    header('From', addressTokens(sender)) +
    header('To', addressTokens(recipient)) +
    (mail.replyTo ? header('Reply-To', addressTokens(parseAddress(mail.replyTo))) : '') +
    header('Subject', unstructured(mail.subject)) +
    header('Date', [mailDate(date)]) +
    header('Message-ID', [`<${randomUUID()}@${domain}>`]) +
    `MIME-Version: 1.0${CRLF}` +
    body(mail, id);
  return { envelope: { from: sender.address, to: [recipient.address] }, raw };
}
