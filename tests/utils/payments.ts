/** Helpers for the payment tests: issuing a boleto through the staff route, and signed sandbox webhook events. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settings } from '#server/db/schema.ts';
import { signPayload } from '#server/payments/signature.ts';
import { WEBHOOK_SECRET_SETTING } from '#server/services/secrets.ts';
import { API, lang, type App, type InjectResponse } from './accounts.ts';
import type { User } from './calibrations.ts';
import { STAFF_ORDERS_URL, type Order } from './orders.ts';

export const WEBHOOK_URL = `${API}/payments/webhook/sandbox/`;

export function issueBoleto(app: App, staff: User, oid: string, body: Record<string, unknown> = {}, acceptLanguage?: string): Promise<InjectResponse> {
  return app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${oid}/bill/`, headers: { cookie: staff.cookies, ...lang(acceptLanguage) }, payload: { provider: 'sandbox', ...body } });
}

/** Issues the boleto; fails loudly unless 200. */
export async function issuedOrder(app: App, staff: User, oid: string, body: Record<string, unknown> = {}): Promise<Order> {
  const response = await issueBoleto(app, staff, oid, body);
  if (response.statusCode !== 200) throw new Error(`issue boleto answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}

/** The secret the server generated and keeps in the database. */
export async function webhookSecret(app: App): Promise<string> {
  const [row] = await app.db.select().from(settings).where(eq(settings.key, WEBHOOK_SECRET_SETTING));
  return row!.value;
}

export const paymentEvent = (billId: string, amount: string, id = `evt_${randomUUID()}`) =>
  JSON.stringify({ id, type: 'payment.confirmed', data: { billId, amount, paidAt: '2026-11-26T12:00:00.000Z' } });

export interface WebhookOptions {
  /** The whole header; default: signed now with the server's secret. */
  signature?: string | null;
  acceptLanguage?: string;
}

export async function sendWebhook(app: App, body: string, options: WebhookOptions = {}): Promise<InjectResponse> {
  const signature = options.signature === undefined ? signPayload(await webhookSecret(app), body) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...lang(options.acceptLanguage) };
  if (signature !== null) headers['dosehub-signature'] = signature;
  return app.inject({ method: 'POST', url: WEBHOOK_URL, headers, payload: body });
}

let cpfSequence = Math.floor(Math.random() * 1e8);

/** A valid CPF no other test user has (CPFs are unique): 9 digits of a sequence and their two check digits, masked. */
export function uniqueCpf(): string {
  cpfSequence += 1;
  const digits = String(cpfSequence % 1e9).padStart(9, '0').split('').map(Number);
  for (const first of [10, 11]) {
    const sum = digits.reduce((total, digit, index) => total + digit * (first - index), 0);
    const remainder = sum % 11;
    digits.push(remainder < 2 ? 0 : 11 - remainder);
  }
  const s = digits.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}
