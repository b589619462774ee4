import { z } from 'zod';
import { apiRequest } from '#app/lib/api-client.ts';

/** Whose Web Push subscription this browser holds: another user signing in here must never get it silently. */
const OWNER_KEY = 'dosehub-push-owner';

export type PushState = 'unsupported' | 'default' | 'denied' | 'enabled' | 'disabled';

const VapidKey = z.object({ publicKey: z.string() });
const subscriptionsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/push-subscriptions/`;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

const register = (userId: string, subscription: PushSubscription) =>
  apiRequest(subscriptionsPath(userId), z.unknown(), { method: 'POST', body: subscription.toJSON() });

/** This browser's state for the user: permission, and whether it holds their subscription. */
export async function readPushState(userId: string): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission !== 'granted') return Notification.permission;
  const subscription = await currentSubscription();
  return subscription && localStorage.getItem(OWNER_KEY) === userId ? 'enabled' : 'disabled';
}

/** Asks for permission (from a click), subscribes this browser and tells the server. Resolves the new state. */
export async function enablePush(userId: string): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { publicKey } = await apiRequest('/push/vapid-public-key/', VapidKey);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  await register(userId, subscription);
  localStorage.setItem(OWNER_KEY, userId);
  return 'enabled';
}

/** Stops pushes to this browser: the server forgets the subscription and the browser drops it. */
export async function disablePush(userId: string): Promise<void> {
  const subscription = pushSupported() ? await currentSubscription() : null;
  localStorage.removeItem(OWNER_KEY);
  if (!subscription) return;
  await apiRequest(subscriptionsPath(userId), z.unknown(), { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * At start: re-registers the subscription of the user who opted in (the server may have dropped it,
 * e.g. after a 410), and drops one left by someone else on this browser.
 */
export async function syncPushSubscription(userId: string): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (localStorage.getItem(OWNER_KEY) === userId) await register(userId, subscription);
  else await subscription.unsubscribe();
}
