import { useLiveQuery } from 'dexie-react-hooks';
import { CALCULATOR_BENEFIT } from '#shared/catalog.ts';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import type { Plan } from '#shared/schemas/catalog.ts';
import { currentFirst, type SignatureBody } from '#shared/schemas/signatures.ts';
import { db, type SignatureRecord } from '#app/lib/db.ts';
import { rowsOf } from '#app/lib/sync/outbox.ts';
import { defineQueuedEntity } from '#app/lib/sync/queued-entity.ts';
import type { PayerDocument } from '../checkout-values.ts';

/**
 * Subscriptions, local-first: the pull fills `db.signatures` (My signatures and the calculator read it,
 * offline too); a checkout is a queued entity whose create keeps a provisional subscription here, built from
 * the plan as the catalog shows it, until the server's answer replaces it (signature-senders.ts).
 */

export const signatureEntity = defineQueuedEntity<SignatureRecord, SignatureBody, Record<never, never>>({
  name: 'signature',
  table: () => db.signatures,
  scopeOf: () => ({}),
  createOnly: true,
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The subscription as the server will make it: the trial from today, activated, nothing to pay yet. */
export function provisionalSignature(id: string, plan: Plan, now = new Date(), paymentMethod: PaymentMethod = 'boleto'): SignatureRecord {
  const end = new Date(now.getTime() + plan.trialTime * 86_400_000);
  return {
    id,
    plan: plan.title,
    planId: plan.id,
    price: plan.price,
    discount: plan.discount,
    modality: plan.modality,
    benefits: plan.benefits,
    hiredPeriod: null,
    testPeriod: { initial: isoDay(now), end: isoDay(end) },
    activated: true,
    paymentMethod,
    billFile: null,
    bill: null,
    statusPayment: 'Aguardando pagamento',
    statusCode: 'APG',
  };
}

/**
 * Keeps the subscription here and queues its checkout (with the payer's document when asked, and how they will pay);
 * returns its id (a UUIDv7 the server keeps).
 */
export async function subscribe(userId: string, plan: Plan, payer?: PayerDocument, paymentMethod: PaymentMethod = 'boleto'): Promise<string> {
  const id = uuidV7();
  await signatureEntity.create(userId, provisionalSignature(id, plan, new Date(), paymentMethod), { plan: plan.id, ...payer, paymentMethod }, null);
  return id;
}

/** The user's subscriptions from the local database, current ones first (the server's order). */
export function useSignatures(): SignatureRecord[] | undefined {
  return useLiveQuery(async () => currentFirst(await db.signatures.toArray(), isoDay(new Date())), []);
}

/** Whether an activated subscription includes the calculator: what opens its page (offline, from what was last seen). */
export const grantsCalculator = (signatures: readonly SignatureRecord[]) =>
  signatures.some((signature) => signature.activated && signature.benefits.some((benefit) => benefit.id === CALCULATOR_BENEFIT.id));

/** The plan this user already subscribed to (the server refuses a second one). */
export const subscriptionTo = (signatures: readonly SignatureRecord[], planId: string) => signatures.find((signature) => signature.planId === planId);

export type CheckoutDelivery = { state: 'queued' | 'delivered' } | { state: 'refused'; reason: string | null };

/** Where a checkout stands: still queued, refused by the server (with its message), or delivered. */
export function useCheckoutDelivery(id: string | null): CheckoutDelivery | undefined {
  return useLiveQuery(async (): Promise<CheckoutDelivery | undefined> => {
    if (!id) return undefined;
    const rows = await rowsOf(id);
    const refused = rows.find((row) => row.state === 'failed' || row.state === 'conflict');
    if (refused) return { state: 'refused', reason: refused.lastError ?? null };
    return { state: rows.length > 0 && rows.every((row) => row.state === 'done') ? 'delivered' : 'queued' };
  }, [id]);
}

/** A refused checkout leaves nothing behind: its provisional subscription and its queued write go. */
export const dropCheckout = (userId: string, id: string) => signatureEntity.remove(userId, id);
