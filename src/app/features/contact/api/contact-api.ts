import { z } from 'zod';
import type { ContactBody } from '#shared/schemas/contact.ts';
import { apiRequest } from '#app/lib/api-client.ts';

/**
 * Sends the contact form (204). `idempotencyKey` names this content: a send repeated after its answer was lost
 * is recognised by the server and mails nothing twice.
 */
export function sendContactMessage(body: ContactBody, idempotencyKey: string) {
  return apiRequest('/contact/', z.null(), { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}
