import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Signature, SignatureBody } from '#shared/schemas/signatures.ts';
import { PAYMENT_STATUS_LABELS } from '#shared/schemas/orders.ts';
import { isoDateInBrazil } from '#shared/brazil/dates.ts';
import type { Db } from '../db/client.ts';
import { plans, signatures, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { signatureMail } from '../mail/templates.ts';
import { latestSignatureBills, presentSignatureBill } from './bills.ts';
import { benefitsByPlan } from './catalog.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';
import { writeAndTell } from './notices.ts';
import { fileUrl } from './orders.ts';
import { assertDocumentFree, keepOnProfile, payerDocument, type PayerDocument } from './payments.ts';
import { ConcurrentCreate, createOnce, guardRaces, type CreateOutcome, type RaceRule } from './queued-writes.ts';

/** Subscriptions (docs/v1-contract.md §1.16, docs/api.md): created from the catalog's plan, with a trial; read by their user. */

export type SignatureRow = typeof signatures.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** A subscription changed (checkout, the trial's or a period's end, its bill, a payment): the streams send its id. */
export const SIGNATURE_CHANGED = 'signature.changed';
export const signatureEvent = (row: SignatureRow) => ({ type: SIGNATURE_CHANGED, userId: row.userId, id: row.id });

/** YYYY-MM-DD plus whole days. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today in Brazil (where the company bills), as periods are kept. */
export const today = isoDateInBrazil;

/** Current: the trial or the hired period has not ended (v1's list filter), whether or not activated. */
export const isCurrent = (row: SignatureRow, day: string) => row.testPeriodEnd > day || (row.hiredPeriodEnd ?? '') > day;

export async function presentSignatures(db: Db, rows: SignatureRow[], t: Translate): Promise<Signature[]> {
  const benefits = await benefitsByPlan(db, [...new Set(rows.map((row) => row.planId))], t);
  const bills = await latestSignatureBills(db, rows.map((row) => row.id));
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
    billFile: row.billFileId ? fileUrl(row.billFileId) : null,
    bill: bills.has(row.id) ? presentSignatureBill(bills.get(row.id)!) : null,
    statusPayment: PAYMENT_STATUS_LABELS[row.statusPayment],
    statusCode: row.statusPayment,
  }));
}

/** Every subscription of the user, current ones first, then newest first. */
export async function listSignatures(db: Db, userId: string, t: Translate, now = new Date()): Promise<Signature[]> {
  const rows = await db.select().from(signatures).where(eq(signatures.userId, userId)).orderBy(desc(signatures.createdAt), asc(signatures.id));
  const day = today(now);
  const ordered = [...rows.filter((row) => isCurrent(row, day)), ...rows.filter((row) => !isCurrent(row, day))];
  return presentSignatures(db, ordered, t);
}

export async function getSignature(db: Db, userId: string, id: string, t: Translate): Promise<Signature> {
  const [row] = await db.select().from(signatures).where(and(eq(signatures.id, id), eq(signatures.userId, userId)));
  if (!row) throw appError(404, 'signatures.notFound');
  const [signature] = await presentSignatures(db, [row], t);
  return signature!;
}

/** Whether the user has an activated subscription whose plan includes the benefit. */
export async function hasActiveBenefit(db: Db, userId: string, benefitId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.userId, userId), eq(signatures.activated, true), sql`exists (select 1 from plan_benefits pb where pb.plan_id = ${signatures.planId} and pb.benefit_id = ${benefitId})`))
    .limit(1);
  return Boolean(row);
}

export interface SignatureInput {
  id: string;
  planId: string;
  /** The payer's document, for a profile that has neither (the trial's end bill names it). */
  payer: Pick<SignatureBody, 'cpf' | 'cnpj'>;
}

export const signatureInput = (body: SignatureBody): SignatureInput => ({ id: body.id ?? randomUUID(), planId: body.plan, payer: { cpf: body.cpf, cnpj: body.cnpj } });

/** Another account took the body's CPF between the check and the checkout's write: answered as the check. */
const CPF_RACE: RaceRule = { code: '23505', constraint: 'users_cpf_unique', answer: () => fieldErrors([{ field: 'cpf', key: 'auth.cpfTaken' }]) };

/** The CPF or CNPJ the subscription's bills will name, as the order's bill takes it (services/payments.ts): 400 with neither. */
async function checkoutPayer(db: Db, userId: string, payer: SignatureInput['payer']): Promise<PayerDocument> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const document = payerDocument(user!, payer);
  await assertDocumentFree(db, document);
  return document;
}

async function findPlanRow(db: Db, id: string): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw fieldErrors([{ field: 'plan', key: 'signatures.planNotFound' }]);
  return plan;
}

/** The subscription this id already names (a replayed checkout): the same one, or 404 (another user's) / 409 (another plan). */
async function findReplay(db: Db, userId: string, input: SignatureInput): Promise<SignatureRow | null> {
  const [existing] = await db.select().from(signatures).where(eq(signatures.id, input.id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (existing.planId !== input.planId) throw appError(409, 'signatures.idTaken');
  return existing;
}

async function insertSignature(tx: Db, userId: string, id: string, plan: PlanRow, now: Date): Promise<SignatureRow> {
  const start = today(now);
  const values = { id, userId, planId: plan.id, price: plan.price, discount: plan.discount, modality: plan.modality, testPeriodInitial: start, testPeriodEnd: addDays(start, plan.trialTime) };
  const [inserted] = await tx.insert(signatures).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [sameId] = await tx.select({ id: signatures.id }).from(signatures).where(eq(signatures.id, id));
  if (sameId) throw new ConcurrentCreate();
  throw appError(409, 'signatures.alreadySubscribed');
}

async function queueSignatureMail(tx: Db, company: CompanyMail, row: SignatureRow): Promise<string> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  const signature = { planTitle: company.t(`catalog:plans.${row.planId}.title`), price: row.price, discount: row.discount, trialEnd: row.testPeriodEnd };
  return queueMail(tx, 'signature', signatureMail(company.t, { to: company.to, profile: user!, signature }));
}

/**
 * Checkout: the plan's subscription with its trial, the company's "Nova assinatura" mail, the user's
 * notification and a payer document new to the profile in one transaction, once per client id. One per plan per
 * user (409, v1's message); a profile without CPF or CNPJ needs one in the body (400 naming `cpf`).
 */
export async function createSignature(db: Db, userId: string, input: SignatureInput, company: CompanyMail, now = new Date()): Promise<CreateOutcome<SignatureRow> & { mailIds: string[] }> {
  const plan = await findPlanRow(db, input.planId);
  let mailIds: string[] = [];
  let payer: PayerDocument;
  const write = async (tx: Db) => {
    if (payer.newOnProfile) await keepOnProfile(tx, userId, payer);
    const row = await insertSignature(tx, userId, input.id, plan, now);
    mailIds = [await queueSignatureMail(tx, company, row)];
    return row;
  };
  const notice = { userId, kind: 'success' as const, key: 'signatureCreated', values: { days: String(plan.trialTime) } };
  const outcome = await createOnce(
    () => findReplay(db, userId, input),
    async () => {
      payer = await checkoutPayer(db, userId, input.payer);
      return guardRaces([CPF_RACE], () => writeAndTell(db, write, (row) => ({ event: signatureEvent(row), notice })));
    },
  );
  return { ...outcome, mailIds: outcome.created ? mailIds : [] };
}

export const presentSignature = async (db: Db, row: SignatureRow, t: Translate) => (await presentSignatures(db, [row], t))[0]!;
