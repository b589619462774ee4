/**
 * Helpers for the accounts API tests: register and sign in users, read their session cookies, and read
 * the links the server mails them (from the SMTP capture, or from the .eml outbox when the app has no
 * SMTP_URL).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { Config } from '#server/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { linkFrom, parseMail, startSmtpCapture, type ParsedMail, type SmtpCapture } from './smtp.ts';

export type App = TestApp['app'];
export type { InjectResponse };

export const API = '/api/v1';
export const ACCESS_COOKIE = 'jwt-access-token';
export const REFRESH_COOKIE = 'jwt-refresh-token';
export const REFRESH_COOKIE_PATH = '/api/v1/users/auth/token/';
/** Accepted by every password rule, and not similar to the e-mails of `uniqueEmail()`. */
export const PASSWORD = 'Dosimetria-2024!';

/**
 * `n` in `width` lower-case letters (base 26). Letters only: a run's digits in an address made the password rules'
 * similarity check find a numeric test password (`84920571634`) "too similar to the e-mail" now and then.
 */
function letters(n: number, width: number): string {
  let text = '';
  for (let rest = n; text.length < width; rest = Math.floor(rest / 26)) text = String.fromCharCode(97 + (rest % 26)) + text;
  return text;
}

let sequence = 0;
const runId = `${letters(process.pid, 5)}${letters(Date.now(), 4)}`;

/** A fresh address, unique across test files and runs (lower-case, as the server stores it). */
export function uniqueEmail(prefix = 'ana'): string {
  sequence += 1;
  return `${prefix}.${runId}${letters(sequence, 4)}@example.com`;
}

let ipSequence = 0;
/**
 * A client address of its own, so that the per-IP rate limits (register 10/h, login 30/15 min, reset 10/h)
 * do not leak between tests. Pass it as `remoteAddress` to `inject`.
 */
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(process.pid >> 8) & 0xff}.${(ipSequence >> 8) & 0xff}.${ipSequence & 0xff}`;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Defaults to a fresh `uniqueIp()`. */
  remoteAddress?: string;
}

export type RegistrationOverrides = Record<string, unknown> & { password?: string };

/** A valid registration body (camelCase); `email` also fills `confirmedEmail`, `password` both passwords. */
export function registrationBody(overrides: RegistrationOverrides = {}): Record<string, unknown> {
  const { password = PASSWORD, ...rest } = overrides;
  const email = (rest.email as string | undefined) ?? uniqueEmail();
  return {
    name: 'Ana Souza',
    email,
    confirmedEmail: email,
    password1: password,
    password2: password,
    acceptTerms: true,
    ...rest,
  };
}

/** Asserts the status; when it differs, the failure shows the response body (and `context`). */
export function expectStatus(response: InjectResponse, status: number, context?: string): void {
  expect({ status: response.statusCode, body: response.body, ...(context === undefined ? {} : { context }) }).toEqual({
    status,
    body: expect.any(String),
    ...(context === undefined ? {} : { context }),
  });
}

/** POST /users/register/ and its raw response. */
export function registerRequest(app: App, body: Record<string, unknown>, options: RequestOptions = {}) {
  return app.inject({
    method: 'POST',
    url: `${API}/users/register/`,
    payload: body,
    headers: options.headers,
    remoteAddress: options.remoteAddress ?? uniqueIp(),
  });
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  /** A `cookie` request header carrying both session cookies. */
  cookies: string;
  response: InjectResponse;
}

/** Registers a new user (a valid body unless overridden) and fails loudly unless the answer is 201. */
export async function registerUser(app: App, overrides: RegistrationOverrides = {}, options: RequestOptions = {}): Promise<SignedInUser> {
  const body = registrationBody(overrides);
  const response = await registerRequest(app, body, options);
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return {
    id: response.json<{ id: string }>().id,
    email: String(body.email).toLowerCase(),
    password: String(body.password1),
    cookies: cookieHeader(response),
    response,
  };
}

/** The session cookies a response sets, by name (light-my-request's parse of Set-Cookie). */
export function sessionCookies(response: InjectResponse): Record<string, InjectResponse['cookies'][number]> {
  return Object.fromEntries(
    response.cookies.filter((cookie) => cookie.name === ACCESS_COOKIE || cookie.name === REFRESH_COOKIE).map((cookie) => [cookie.name, cookie]),
  );
}

/** A `cookie` request header with the (non-empty) jwt-access-token and jwt-refresh-token a response set. */
export function cookieHeader(response: InjectResponse): string {
  return Object.values(sessionCookies(response))
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** One cookie of a `cookie` header string, e.g. only the refresh token: `pickCookie(user.cookies, REFRESH_COOKIE)`. */
export function pickCookie(header: string, name: string): string {
  const pair = header.split(/;\s*/).find((part) => part.startsWith(`${name}=`));
  if (!pair) throw new Error(`no ${name} in "${header}"`);
  return pair;
}

/** POST /users/login/ and its raw response. */
export function loginRequest(app: App, body: Record<string, unknown>, options: RequestOptions = {}) {
  return app.inject({
    method: 'POST',
    url: `${API}/users/login/`,
    payload: body,
    headers: options.headers,
    remoteAddress: options.remoteAddress ?? uniqueIp(),
  });
}

/** Signs in and fails loudly unless the answer is 200. */
export async function login(app: App, email: string, password: string, options: RequestOptions = {}): Promise<SignedInUser> {
  const response = await loginRequest(app, { email, password }, options);
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return { id: response.json<{ id: string }>().id, email, password, cookies: cookieHeader(response), response };
}

// ---------------------------------------------------------------------------------------------------
// Mail.

/** Where the app's mail goes: the SMTP capture (app built with its `url` as smtpUrl) or the data directory's outbox. */
export type MailSource = SmtpCapture | { dataDir: string };

/** Every .eml file in `<dataDir>/mail`, parsed, oldest first. */
export function readOutbox(dataDir: string): ParsedMail[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ name, stat: fs.statSync(path.join(dir, name), { bigint: true }) }))
    .toSorted((a, b) => (a.stat.mtimeNs === b.stat.mtimeNs ? a.name.localeCompare(b.name) : a.stat.mtimeNs < b.stat.mtimeNs ? -1 : 1))
    .map(({ name }) => parseMail(fs.readFileSync(path.join(dir, name))));
}

/** Every mail sent to `address` so far, oldest first. */
export function mailsTo(source: MailSource, address: string): ParsedMail[] {
  if ('messagesTo' in source) return source.messagesTo(address);
  return readOutbox(source.dataDir).filter((mail) => mail.to.includes(address.toLowerCase()));
}

/**
 * Every mail sent to `address`, once there are more than `count` (waits up to `timeoutMs`): a mail goes through the
 * mail queue after the answer of the request that caused it, so a test that counted the mails before the request waits
 * for the next one.
 */
export async function mailsAfter(source: MailSource, address: string, count: number, timeoutMs = 5000): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(source, address);
    if (mails.length > count) return mails;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} after the ${count} there were, within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The newest mail sent to `address` (waits up to `timeoutMs` for the first one). */
export async function latestMailTo(source: MailSource, address: string, timeoutMs = 5000): Promise<ParsedMail> {
  if ('waitForMessage' in source) {
    return source.waitForMessage((message) => message.envelope.to.includes(address.toLowerCase()), timeoutMs);
  }
  return (await mailsAfter(source, address, 0, timeoutMs)).at(-1)!;
}

/**
 * The link containing `pathPart` ("email-confirm", "reset-password") in the newest mail to `address` that has one
 * (waits up to `timeoutMs` for it: a reset mail asked after the sign-up's confirmation comes after it).
 */
export async function latestLinkTo(source: MailSource, address: string, pathPart: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(source, address).findLast((candidate) => candidate.text.includes(pathPart));
    if (mail) return linkFrom(mail, pathPart);
    if (Date.now() > deadline) return linkFrom(await latestMailTo(source, address, 0), pathPart);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The `token` query parameter of a mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Confirms the user's e-mail with the newest verification link mailed to it. */
export async function verifyEmail(app: App, source: MailSource, user: { id: string; email: string }): Promise<void> {
  const token = tokenOf(await latestLinkTo(source, user.email, `/users/${user.id}/email-confirm`));
  const response = await app.inject({ method: 'POST', url: `${API}/users/${user.id}/email/verify/`, payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}: ${response.body}`);
}

// ---------------------------------------------------------------------------------------------------
// Apps.

export interface MailingTestApp extends TestApp {
  smtp: SmtpCapture;
  /** The app's own data directory (its .eml outbox stays empty while SMTP works). */
  dataDir: string;
}

/** A fresh temporary data directory (removed by the caller). */
export const makeDataDir = () => fsp.mkdtemp(path.join(os.tmpdir(), 'dosehub-accounts-'));

/** The real app, mailing through a fresh SMTP capture server, with a data directory of its own. */
export async function createMailingTestApp(overrides: Partial<Config> = {}): Promise<MailingTestApp> {
  const smtp = await startSmtpCapture();
  const dataDir = await makeDataDir();
  try {
    const testApp = await createTestApp({ smtpUrl: smtp.url, dataDir, ...overrides });
    return {
      ...testApp,
      smtp,
      dataDir,
      close: async () => {
        await testApp.close();
        await smtp.close();
        await fsp.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await smtp.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Header helpers. */
export const lang = (acceptLanguage: string | undefined): Record<string, string> =>
  acceptLanguage ? { 'accept-language': acceptLanguage } : {};
