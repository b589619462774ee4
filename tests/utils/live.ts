/**
 * Helpers for the events stream and Web Push tests: a listening app (SSE needs a real connection), opening
 * a user's stream, registering push subscriptions, and waiting for a condition with a deadline.
 */
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '#server/db/schema.ts';
import type { Config } from '#server/config.ts';
import { API, createMailingTestApp, lang, type App, type MailingTestApp } from './accounts.ts';
import { openSse, type SseStream } from './sse.ts';
import type { SubscriptionJson } from './push-service.ts';

export const eventsUrl = (uid: string) => `${API}/users/${uid}/events/`;
export const pushSubscriptionsUrl = (uid: string) => `${API}/users/${uid}/push-subscriptions/`;
export const VAPID_KEY_URL = `${API}/push/vapid-public-key/`;

export interface LiveTestApp extends MailingTestApp {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
}

/** The real app (mail captured, push to http: endpoints allowed, short retry waits) listening on a free port. */
export async function createLiveTestApp(overrides: Partial<Config> = {}): Promise<LiveTestApp> {
  const testApp = await createMailingTestApp({ pushAllowInsecureEndpoints: true, pushRetryMaxDelayMs: 300, ...overrides });
  const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, baseUrl };
}

/** The user's events stream over a real connection, with their cookies (and Accept-Language when given). */
export function openUserEvents(baseUrl: string, user: { id: string; cookies: string }, acceptLanguage?: string, uid = user.id): Promise<SseStream> {
  return openSse(`${baseUrl}${eventsUrl(uid)}`, { cookie: user.cookies, ...lang(acceptLanguage) });
}

export function subscribePush(app: App, user: { id: string; cookies: string }, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: pushSubscriptionsUrl(user.id), payload: body as object, headers: { cookie: user.cookies, ...headers } });
}

export function unsubscribePush(app: App, user: { id: string; cookies: string }, endpoint: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'DELETE', url: pushSubscriptionsUrl(user.id), payload: { endpoint }, headers: { cookie: user.cookies, ...headers } });
}

/** Registers a subscription and fails loudly unless the answer is 201. */
export async function registerPush(app: App, user: { id: string; cookies: string }, subscription: SubscriptionJson): Promise<string> {
  const response = await subscribePush(app, user, subscription);
  if (response.statusCode !== 201) throw new Error(`push subscription answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** The stored subscriptions: of a user, or of an endpoint. */
export function pushRows(app: App, by: { userId: string } | { endpoint: string }) {
  const where = 'userId' in by ? eq(pushSubscriptions.userId, by.userId) : eq(pushSubscriptions.endpoint, by.endpoint);
  return app.db.select().from(pushSubscriptions).where(where);
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function eventually(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with `promise`, or fails after `timeoutMs` saying what did not happen. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
