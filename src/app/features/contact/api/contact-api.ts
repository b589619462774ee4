import type { ContactBody } from '#shared/schemas/contact.ts';
import { readApiError, sendRequest } from '#app/lib/api-client.ts';

/**
 * Sends the contact form (204). `idempotencyKey` names this content: a send repeated after its answer was lost
 * is recognised by the server and mails nothing twice. No answer to parse, so no zod: the public page stays
 * without it. Anonymous: no session to refresh.
 */
export async function sendContactMessage(body: ContactBody, idempotencyKey: string): Promise<void> {
  const response = await sendRequest('/contact/', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
  if (!response.ok) throw await readApiError(response);
}
