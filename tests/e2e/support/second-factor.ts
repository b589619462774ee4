import fs from 'node:fs';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Strong sign-in (issue 31) for the browser suite: the authenticator app added on the enrolment screen or the
 * Security page, its codes computed with otplib, and the two-step sign-in over HTTP.
 */

const account = JSON.parse(fs.readFileSync('locales/pt-BR/account.json', 'utf8')) as {
  totp: { setUp: string; orType: string; qrAlt: string; code: string; confirm: string };
  recoveryCodes: { title: string };
};

const STEP_MS = 30_000;
/** The last step each secret's codes were spent for in this run: the server refuses a step used once, or an older one. */
const spentSteps = new Map<string, number>();

/**
 * A code the server has not seen: the next 30-second step's (never the one an enrolment of a moment ago spent), or,
 * when this run spent that step already (a second sign-in within the same half minute), the step after it, waiting
 * until the server accepts it (one step early at most).
 */
export async function nextCode(secret: string): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / STEP_MS) + 1, (spentSteps.get(secret) ?? 0) + 1);
  const acceptedFrom = (step - 1) * STEP_MS;
  if (Date.now() < acceptedFrom) await new Promise((resolve) => setTimeout(resolve, acceptedFrom - Date.now() + 100));
  spentSteps.set(secret, step);
  return generate({ secret, epoch: step * (STEP_MS / 1000) });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Adds an authenticator app on the page's enrolment form (pt-BR), reading the secret it shows; returns the secret. */
export async function enrolTotpInBrowser(page: Page): Promise<string> {
  await page.getByRole('button', { name: account.totp.setUp }).click();
  const secret = (await page.getByText(account.totp.orType).locator('code').textContent())!.trim();
  await page.getByRole('img', { name: account.totp.qrAlt }).waitFor();
  await page.getByLabel(new RegExp(`^${account.totp.code}( \\*)?$`)).fill(await generate({ secret }));
  await page.getByRole('button', { name: account.totp.confirm }).click();
  // The answer waits for the ten recovery codes' hashes (argon2): slow on a loaded machine.
  const codes = page.getByRole('list', { name: account.recoveryCodes.title });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  return secret;
}

/** Password, then the authenticator's code, over HTTP: the user id and the session's `cookie` header. */
export async function signInWithCode(baseUrl: string, email: string, password: string, secret: string) {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${baseUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const password202 = await post('/users/login/', { email, password });
  expect(password202.status).toBe(202);
  const finished = await post('/users/login/second-step/', { code: await nextCode(secret) }, cookieOf(password202));
  expect(finished.status).toBe(200);
  return { id: ((await finished.json()) as { id: string }).id, cookie: cookieOf(finished) };
}
