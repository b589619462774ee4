import crypto from 'node:crypto';
import fs from 'node:fs';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiUser } from './accounts.ts';
import type { RunningServer } from './server.ts';
import { startAppByPointer } from './browser.ts';
import { nextCode, signInWithCode } from './second-factor.ts';

/**
 * The back-office side of the My services tests, over HTTP like the staff's own tools: the staff
 * account the server created (and printed) on its first start, orders created and paid through the
 * staff routes, and the owner's view of analyses and uploads.
 */

export interface StaffSession {
  cookie: string;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** The authenticator secret each server's staff account enrolled (issue 31: staff sessions need a second factor). */
const staffSecrets = new Map<string, string>();

/** The staff account's authenticator secret, once `staffSession` enrolled it on this server (for a sign-in in the browser). */
export function staffSecretOf(server: RunningServer): string {
  const secret = staffSecrets.get(server.url);
  if (!secret) throw new Error('call staffSession(server) first: it enrols the staff account an authenticator');
  return secret;
}

async function post(server: RunningServer, path: string, body: unknown, cookie = '') {
  return fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}

/** The first sign-in of the staff account: the password, then an authenticator app enrolled over the API (codes by otplib). */
async function enrolStaff(server: RunningServer, signedIn: Response): Promise<StaffSession> {
  const { id } = (await signedIn.json()) as { id: string };
  const started = await post(server, `/users/${id}/security/totp/`, {}, cookieOf(signedIn));
  expect(started.status).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await post(server, `/users/${id}/security/totp/confirm/`, { code: await generate({ secret }) }, cookieOf(signedIn));
  expect(confirmed.status).toBe(200);
  staffSecrets.set(server.url, secret);
  return { cookie: cookieOf(confirmed) };
}

/** Signs in as the staff account printed by the server's first start, with both factors (enrolling the first time). */
export async function staffSession(server: RunningServer): Promise<StaffSession> {
  const email = /e-mail:\s+(\S+)/.exec(server.output())?.[1];
  const password = /password:\s+(\S+)/.exec(server.output())?.[1];
  if (!email || !password) throw new Error(`no staff credentials in the server's output:\n${server.output()}`);
  const response = await post(server, '/users/login/', { email, password });
  if (response.status === 200) return enrolStaff(server, response);
  expect(response.status).toBe(202);
  const secret = staffSecrets.get(server.url);
  if (!secret) throw new Error('the staff account has an authenticator this test run did not enrol');
  return { cookie: (await signInWithCode(server.url, email, password, secret)).cookie };
}

export interface ApiOrder {
  id: string;
  remainingOfAnalyzes: number;
}

/** An order of `serviceId` for the user, created and its payment confirmed by the staff. */
export async function paidOrder(server: RunningServer, staff: StaffSession, user: ApiUser, serviceId: string, quantity = 3): Promise<ApiOrder> {
  const headers = { cookie: staff.cookie, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/v1/staff/orders/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userId: user.id, serviceId, quantity, price: 2400 }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as ApiOrder;
  const confirmed = await fetch(`${server.url}/api/v1/staff/orders/${id}/confirm-payment/`, {
    method: 'POST',
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Transfer received' }),
  });
  expect(confirmed.status).toBe(200);
  return (await confirmed.json()) as ApiOrder;
}

/** The staff moves an analysis on (AI, PR, CO with the report PDF), as the back-office does. */
export async function moveAnalysis(server: RunningServer, staff: StaffSession, analysisId: string, status: string, report?: Buffer) {
  const read = await fetch(`${server.url}/api/v1/staff/analyses/${analysisId}/`, { headers: { cookie: staff.cookie } });
  expect(read.status).toBe(200);
  const form = new FormData();
  form.append('status', status);
  form.append('from', ((await read.json()) as { statusCode: string }).statusCode);
  if (report) form.append('report', new Blob([new Uint8Array(report)], { type: 'application/pdf' }), 'laudo.pdf');
  const response = await fetch(`${server.url}/api/v1/staff/analyses/${analysisId}/status/`, { method: 'POST', headers: { cookie: staff.cookie }, body: form });
  expect(response.status).toBe(200);
}

export interface ApiAnalysis {
  id: string;
  analysisName: string;
  statusCode: string;
  imagesUrl: string | null;
  reportUrl: string | null;
}

export async function ownerGet<T>(server: RunningServer, user: ApiUser, path: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/users/${user.id}/${path}`, { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

export const analysesOf = (server: RunningServer, user: ApiUser, orderId: string) =>
  ownerGet<{ count: number; row: ApiAnalysis[] }>(server, user, `orders/${orderId}/analysis/`);

/** The SHA-256 of what the server hands the owner at `url` (an analysis's images, a report). */
export async function sha256OfDownload(server: RunningServer, user: ApiUser, url: string): Promise<string> {
  const response = await fetch(new URL(url, server.url), { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  const hash = crypto.createHash('sha256');
  for await (const chunk of response.body!) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** The server's answer to a tus HEAD of an upload, as its owner: 200 with the bytes it holds, 404 once ended. */
export async function uploadHead(server: RunningServer, user: ApiUser, uploadUrl: string): Promise<{ status: number; offset: number }> {
  const response = await fetch(new URL(new URL(uploadUrl).pathname, server.url), { method: 'HEAD', headers: { cookie: user.cookie, 'tus-resumable': '1.0.0' } });
  return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
}

/** How many bytes of an upload the server holds. */
export async function uploadOffset(server: RunningServer, user: ApiUser, uploadUrl: string): Promise<number> {
  const head = await uploadHead(server, user, uploadUrl);
  expect(head.status).toBe(200);
  return head.offset;
}

/** A zip's first bytes: the server checks what an upload holds, not only its name. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A "zip" of random bytes (written in 1 MiB pieces) and its SHA-256. */
export function randomZip(path: string, bytes: number): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(path, 'w');
  try {
    for (let written = 0; written < bytes; ) {
      const piece = crypto.randomBytes(Math.min(1 << 20, bytes - written));
      if (written === 0) ZIP_SIGNATURE.copy(piece);
      fs.writeSync(fd, piece);
      hash.update(piece);
      written += piece.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Signs the staff account in through the login page (pt-BR) with its authenticator code (`staffSession` enrolled it first). */
export async function staffSignInThroughUi(page: Page, server: RunningServer) {
  const auth = JSON.parse(fs.readFileSync('locales/pt-BR/auth.json', 'utf8'));
  await page.goto(`${server.url}/login`);
  await startAppByPointer(page);
  await page.getByLabel(/^E-mail( \*)?$/).fill(/e-mail:\s+(\S+)/.exec(server.output())![1]!);
  await page.getByLabel(/^Senha( \*)?$/).fill(/password:\s+(\S+)/.exec(server.output())![1]!);
  await page.getByRole('main').getByRole('button', { name: auth.login.submit }).click();
  await page.getByLabel(new RegExp(`^${auth.secondStep.code}( \\*)?$`)).fill(await nextCode(staffSecretOf(server)));
  await page.getByRole('main').getByRole('button', { name: auth.secondStep.submit }).click();
  await page.waitForURL(/\/(dashboard|staff)/);
}
