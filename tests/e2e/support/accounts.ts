import { imageBytes } from '#tests/utils/calibrations.ts';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { linkFrom, mailTo, type SmtpCapture } from '#tests/utils/smtp.ts';
import { startAppByPointer } from './browser.ts';

export const E2E_PASSWORD = 'Cintilografia#2026';

export interface ApiUser {
  id: string;
  email: string;
  /** The session cookie, for checking the server's side through the API. */
  cookie: string;
}

/** An account made and confirmed through the API (register, then the mailed link's token). */
export async function confirmedUser(baseUrl: string, smtp: SmtpCapture, email: string): Promise<ApiUser> {
  const response = await fetch(`${baseUrl}/api/v1/users/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rita Moraes', email, confirmedEmail: email, password1: E2E_PASSWORD, password2: E2E_PASSWORD, acceptTerms: true }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = new URL(linkFrom(await smtp.waitForMessage(mailTo(email), 10_000), 'email-confirm')).searchParams.get('token');
  const verified = await fetch(`${baseUrl}/api/v1/users/${id}/email/verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBe(200);
  return { id, email, cookie };
}

/** A calibration made "on another device", through the API. */
export async function createCalibrationViaApi(baseUrl: string, user: ApiUser, calibrationName: string) {
  const form = new FormData();
  const fields = {
    id: crypto.randomUUID(),
    isotope: 'Lu-177',
    calibrationName,
    syringeActivity: '50',
    residualSyringeActivity: '1',
    measurementDatetime: '2026-11-20T10:00:00Z',
    phantomVolume: '200',
    acquisitionTime: '1800',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('images', new Blob([imageBytes(1024)], { type: 'application/zip' }), 'phantom.zip');
  const response = await fetch(`${baseUrl}/api/v1/users/${user.id}/calibrations/`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
  expect(response.status).toBe(201);
}

export async function apiList<T>(baseUrl: string, user: ApiUser, path: string): Promise<{ count: number; row: T[] }> {
  const response = await fetch(`${baseUrl}/api/v1/users/${user.id}/${path}`, { headers: { cookie: user.cookie } });
  return (await response.json()) as { count: number; row: T[] };
}

/** Signs in through the login page (pt-BR). */
export async function loginThroughUi(page: Page, baseUrl: string, user: ApiUser, submitLabel: string) {
  await page.goto(`${baseUrl}/login`);
  await startAppByPointer(page);
  await page.getByLabel(/^E-mail( \*)?$/).fill(user.email);
  await page.getByLabel(/^Senha( \*)?$/).fill(E2E_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: submitLabel }).click();
  await page.waitForURL(`${baseUrl}/dashboard/profile`);
}
