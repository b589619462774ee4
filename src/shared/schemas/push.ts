import { z } from 'zod';

/** Longest accepted push endpoint (browsers' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedLength = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4);

/** A base64url key of exactly `bytes` bytes, as PushSubscription.toJSON() writes them. */
const Base64UrlKey = (bytes: number) =>
  z
    .string()
    .regex(BASE64URL, 'validation.invalidFormat')
    .refine((text) => decodedLength(text) === bytes, 'validation.invalidFormat')
    // What the refinement enforces, for the API document: the length of `bytes` in base64url, padded or not.
    .meta({ minLength: Math.ceil((bytes * 4) / 3), maxLength: 4 * Math.ceil(bytes / 3), description: `${bytes} bytes, base64url` });

/** Zod issue messages are translation keys (validation.json): a missing value is "required", any other "invalid format". */
const requiredOrInvalid = (issue: { input: unknown }) => (issue.input === undefined ? 'validation.required' : 'validation.invalidFormat');

/** http(s) only here; the server also requires https unless configured for tests. */
export const PushEndpoint = z.url({ protocol: /^https?$/, error: requiredOrInvalid }).max(PUSH_ENDPOINT_MAX_LENGTH);

/** A browser's `PushSubscription.toJSON()`: the P-256 public key (65 bytes) and the 16-byte auth secret. */
export const PushSubscriptionBody = z
  .object({
    endpoint: PushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: Base64UrlKey(65), auth: Base64UrlKey(16) }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z
  .object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH) })
  .meta({ id: 'PushUnsubscribeBody' });

export const PushSubscriptionCreated = z.object({ id: z.uuid() }).meta({ id: 'PushSubscriptionCreated' });

/** The VAPID public key (uncompressed P-256 point, base64url): `applicationServerKey` of pushManager.subscribe(). */
export const VapidPublicKey = z.object({ publicKey: z.string() }).meta({ id: 'VapidPublicKey' });

/** What a push message carries (decrypted by the browser, read by the service worker). Kept well under 4 KB. */
export const PushPayload = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  kind: z.string(),
  url: z.string(),
  unread: z.number().int().nonnegative(),
  lang: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
