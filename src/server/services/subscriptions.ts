import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { currentFirst, type CheckoutPreview, type Signature, type SignatureBody } from '#shared/schemas/signatures.ts';
import { PAYMENT_STATUS_LABELS } from '#shared/schemas/orders.ts';
import { addDays, isoDateInBrazil } from '#shared/brazil/dates.ts';
import type { Db } from '../db/client.ts';
import { plans, subscriptions, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { subscriptionMail } from '../mail/templates.ts';
import { normalizedRate, usdCentsToBrlCents } from '../payments/currency.ts';
import { latestSubscriptionBills, presentSubscriptionBill } from './bills.ts';
import { benefitsByPlan } from './catalog.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';
import { writeAndTell } from './notices.ts';
import { fileUrl } from './orders.ts';
import { checkedPayerDocument, keepOnProfile, type PayerDocument } from './payer.ts';
import { ConcurrentCreate, createOnce, guardRaces, type CreateOutcome, type RaceRule } from './queued-writes.ts';

/** Subscriptions (docs/v1-contract.md §1.16, docs/api.md): created from the catalog's plan, with a trial; read by their user. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** A subscription changed (checkout, the trial's or a period's end, its bill, a payment): the streams send its id. */
export const SUBSCRIPTION_CHANGED = 'signature.changed';
export const subscriptionEvent = (row: SubscriptionRow) => ({ type: SUBSCRIPTION_CHANGED, userId: row.userId, id: row.id });

/** Today in Brazil (where the company bills), as periods are kept. */
export const today = isoDateInBrazil;

export async function presentSubscriptions(db: Db, rows: SubscriptionRow[], t: Translate): Promise<Signature[]> {
  const benefits = await benefitsByPlan(db, [...new Set(rows.map((row) => row.planId))], t);
  const bills = await latestSubscriptionBills(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    plan: t(`catalog:plans.${row.planId}.title`),
    planId: row.planId,
    price: row.price,
    discount: row.discount,
    modality: row.modality,
    benefits: benefits.get(row.planId) ?? [],
    hiredPeriod: row.hiredPeriodInitial && row.hiredPeriodEnd ? { initial: row.hiredPeriodInitial, end: row.hiredPeriodEnd } : null,
    testPeriod: { initial: row.testPeriodInitial, end: row.testPeriodEnd },
    activated: row.activated,
    paymentMethod: row.paymentMethod,
    billFile: row.billFileId ? fileUrl(row.billFileId) : null,
    bill: bills.has(row.id) ? presentSubscriptionBill(bills.get(row.id)!) : null,
    statusPayment: PAYMENT_STATUS_LABELS[row.statusPayment],
    statusCode: row.statusPayment,
  }));
}

/** Every subscription of the user, current ones first, then newest first. */
export async function listSubscriptions(db: Db, userId: string, t: Translate, now = new Date()): Promise<Signature[]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt), asc(subscriptions.id));
  return currentFirst(await presentSubscriptions(db, rows, t), today(now));
}

export async function getSubscription(db: Db, userId: string, id: string, t: Translate): Promise<Signature> {
  const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw appError(404, 'signatures.notFound');
  const [subscription] = await presentSubscriptions(db, [row], t);
  return subscription!;
}

/** Whether the user has an activated subscription whose plan includes the benefit. */
export async function hasActiveBenefit(db: Db, userId: string, benefitId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.activated, true), sql`exists (select 1 from plan_benefits pb where pb.plan_id = ${subscriptions.planId} and pb.benefit_id = ${benefitId})`))
    .limit(1);
  return Boolean(row);
}

export interface SubscriptionInput {
  id: string;
  planId: string;
  /** The payer's document, for a profile that has neither (the trial's end bill names it). */
  payer: Pick<SignatureBody, 'cpf' | 'cnpj'>;
  paymentMethod: NonNullable<SignatureBody['paymentMethod']>;
}

export const subscriptionInput = (body: SignatureBody): SubscriptionInput => ({
  id: body.id ?? randomUUID(),
  planId: body.plan,
  payer: { cpf: body.cpf, cnpj: body.cnpj },
  paymentMethod: body.paymentMethod ?? 'boleto',
});

/** Another account took the body's CPF between the check and the checkout's write: answered as the check. */
const CPF_RACE: RaceRule = { code: '23505', constraint: 'users_cpf_unique', answer: () => fieldErrors([{ field: 'cpf', key: 'auth.cpfTaken' }]) };


async function findPlanRow(db: Db, id: string): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw fieldErrors([{ field: 'plan', key: 'signatures.planNotFound' }]);
  return plan;
}

/** The subscription this id already names (a replayed checkout): the same one, or 404 (another user's) / 409 (another plan). */
async function findReplay(db: Db, userId: string, input: SubscriptionInput): Promise<SubscriptionRow | null> {
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.id, input.id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (existing.planId !== input.planId) throw appError(409, 'signatures.idTaken');
  return existing;
}

async function insertSubscription(tx: Db, userId: string, input: SubscriptionInput, plan: PlanRow, now: Date): Promise<SubscriptionRow> {
  const { id, paymentMethod } = input;
  const start = today(now);
  const values = { id, userId, paymentMethod, planId: plan.id, price: plan.price, discount: plan.discount, modality: plan.modality, testPeriodInitial: start, testPeriodEnd: addDays(start, plan.trialTime) };
  const [inserted] = await tx.insert(subscriptions).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [sameId] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, id));
  if (sameId) throw new ConcurrentCreate();
  throw appError(409, 'signatures.alreadySubscribed');
}

async function queueSubscriptionMail(tx: Db, company: CompanyMail, row: SubscriptionRow): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  const subscription = { planTitle: company.t(`catalog:plans.${row.planId}.title`), price: row.price, discount: row.discount, trialEnd: row.testPeriodEnd };
  await queueMail(tx, 'signature', subscriptionMail(company.t, { to: company.to, profile: user!, subscription }));
}

/**
 * Checkout: the plan's subscription with its trial, the company's "Nova assinatura" mail, the user's
 * notification and a payer document new to the profile in one transaction, once per client id. One per plan per
 * user (409, v1's message); a profile without CPF or CNPJ needs one in the body (400 naming `cpf`).
 */
export async function createSubscription(db: Db, userId: string, input: SubscriptionInput, company: CompanyMail, now = new Date()): Promise<CreateOutcome<SubscriptionRow>> {
  const plan = await findPlanRow(db, input.planId);
  let payer: PayerDocument;
  const write = async (tx: Db) => {
    await keepOnProfile(tx, userId, payer);
    const row = await insertSubscription(tx, userId, input, plan, now);
    await queueSubscriptionMail(tx, company, row);
    return row;
  };
  const notice = { userId, kind: 'success' as const, key: 'signatureCreated', values: { days: String(plan.trialTime) } };
  const outcome = await createOnce(
    () => findReplay(db, userId, input),
    async () => {
      // The CPF or CNPJ the subscription's bills will name, as the order's bill takes it: 400 with neither.
      ({ document: payer } = await checkedPayerDocument(db, userId, input.payer));
      return guardRaces([CPF_RACE], () => writeAndTell(db, write, (row) => ({ event: subscriptionEvent(row), notice })));
    },
  );
  return outcome;
}

export const presentSubscription = async (db: Db, row: SubscriptionRow, t: Translate) => (await presentSubscriptions(db, [row], t))[0]!;

/**
 * What confirming `planId` today would start: the trial and its end, then the boleto in BRL at `usdBrlRate` (as
 * subscription-lifecycle.ts issues it: the same integer conversion), due `billDueDays` later. 400 naming `plan`.
 */
export async function checkoutPreview(db: Db, planId: string, usdBrlRate: string, billDueDays: number, now = new Date()): Promise<CheckoutPreview> {
  const plan = await findPlanRow(db, planId);
  const usdCents = Math.round((plan.price - plan.discount) * 100);
  const rate = normalizedRate(usdBrlRate);
  const trialEnd = addDays(today(now), plan.trialTime);
  return {
    planId: plan.id,
    usdAmount: usdCents / 100,
    usdBrlRate: Number(rate),
    brlAmount: usdCentsToBrlCents(usdCents, rate) / 100,
    trialDays: plan.trialTime,
    trialEnd,
    billDueDate: addDays(trialEnd, billDueDays),
  };
}
