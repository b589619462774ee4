import { createHmac, timingSafeEqual } from 'node:crypto';

/** `DoseHub-Signature`: the sandbox's webhook signature header (docs in the API document). */
export const SIGNATURE_HEADER = 'dosehub-signature';
/** An event signed longer ago (or further ahead) than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

const hmac = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function signPayload(secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** Why a signature header does not vouch for these bytes now, or null when it does. */
export function signatureProblem(secret: string, header: string | undefined, rawBody: Buffer, nowMs = Date.now()): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]));
  const t = parts.get('t');
  const signatures = header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'malformed';
  const timestamp = Number(t);
  if (Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_TOLERANCE_S) return 'stale';
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => /^[0-9a-f]{64}$/i.test(signature) && timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  return matches ? null : 'mismatch';
}
