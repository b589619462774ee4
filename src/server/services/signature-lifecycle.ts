import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import type { Db } from '../db/client.ts';
import { bills, files, jobLeases, signatures, users } from '../db/schema.ts';
import { normalizedRate, usdCentsToBrlCents } from '../payments/currency.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { FileStore } from '../storage/file-store.ts';
import { appError } from '../errors.ts';
import { writeTellAndMail, type Notice, type NoticeContext } from './notices.ts';
import { auditChange, type StaffActor } from './audit.ts';
import { addDays, signatureEvent, today, type SignatureRow } from './signatures.ts';

/**
 * The subscription's life (docs/domain.md "Plans"): the trial activates it; when the trial (or a hired period)
 * ends unpaid it is no longer activated and a boleto is issued through the payment provider; a confirmed payment
 * (webhook or staff: `startHiredPeriod`) sets a month or a year from the payment and activates it again.
 * `runSignatureLifecycle` applies the due transitions (on start and hourly): each is a conditional update, so a
 * run repeated or overlapping does nothing twice; a job lease keeps it to one process at a time.
 */

export type { SignatureRow };

export interface LifecycleContext extends NoticeContext {
  fileStore: FileStore;
  provider: PaymentProvider;
  /** BRL per USD: the plan's total is in USD, a boleto always in BRL (src/server/README.md "Decisions"). */
  usdBrlRate: string;
}

const JOB = 'signature-lifecycle';
/** Longer than a run; a process that died mid-run gives the job up after it. */
const JOB_LEASE_MS = 30 * 60_000;
/** A bill being issued is left to its claimant this long (a crash lets the next run retry). */
const BILL_CLAIM_MS = 60 * 60_000;
const BILL_DUE_DAYS = 7;
const MY_SIGNATURES = '/dashboard/my-signatures';

/** YYYY-MM-DD plus whole months, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

const notice = (row: SignatureRow, key: string, kind: Notice['kind'], values: Record<string, string> = {}): Notice & { userId: string } => ({
  userId: row.userId,
  kind,
  key,
  values,
  mail: { kind: key as NonNullable<Notice['mail']>['kind'], path: MY_SIGNATURES },
});

export const signaturePaidNotice = (row: SignatureRow) => notice(row, 'signaturePaid', 'success', { end: row.hiredPeriodEnd ?? '' });

/** A confirmed payment of the subscription's bill: the hired period from the payment's day, activated, paid (CON). Null if already so. */
export async function startHiredPeriod(tx: Db, signatureId: string, paidAt: Date): Promise<SignatureRow | null> {
  const [current] = await tx.select().from(signatures).where(eq(signatures.id, signatureId));
  if (!current || current.statusPayment === 'CON') return null;
  const initial = today(paidAt);
  const end = addMonths(initial, current.modality === 'yearly' ? 12 : 1);
  const [row] = await tx
    .update(signatures)
    .set({ activated: true, statusPayment: 'CON', hiredPeriodInitial: initial, hiredPeriodEnd: end, billClaimedUntil: null, modifiedAt: new Date(), version: sql`${signatures.version} + 1` })
    .where(and(eq(signatures.id, signatureId), eq(signatures.statusPayment, 'APG')))
    .returning();
  return row ?? null;
}

/** What an audit entry of a subscription keeps. */
export const AUDITED_SIGNATURE_FIELDS = ['activated', 'statusPayment', 'hiredPeriodInitial', 'hiredPeriodEnd', 'version'] as const;

/**
 * Staff confirm a subscription's payment (a boleto paid elsewhere, a transfer): its open bill is paid and the hired
 * period starts today, activated; the user is notified and mailed. Already paid: as it is. 404 for no subscription.
 */
export async function confirmSignaturePayment(ctx: NoticeContext, signatureId: string, now = new Date(), actor?: StaffActor): Promise<SignatureRow> {
  const [current] = await ctx.db.select().from(signatures).where(eq(signatures.id, signatureId));
  if (!current) throw appError(404, 'errors.resourceNotFound');
  const started = await writeTellAndMail(
    ctx,
    async (tx) => {
      await tx.update(bills).set({ status: 'paid', paidAt: now }).where(and(eq(bills.signatureId, signatureId), eq(bills.status, 'open')));
      const row = await startHiredPeriod(tx, signatureId, now);
      if (row && actor) await auditChange(tx, actor, { type: 'signature', id: signatureId }, { before: current, after: row }, AUDITED_SIGNATURE_FIELDS);
      return row;
    },
    (row) => (row ? { event: signatureEvent(row), notice: signaturePaidNotice(row) } : {}),
  );
  return started ?? current;
}

/** The period in force ends on this day: the hired period's end, or the trial's before any payment. */
export const periodEnd = sql`coalesce(${signatures.hiredPeriodEnd}, ${signatures.testPeriodEnd})`;

/** Trials and hired periods that ended: no longer activated, awaiting payment, their bill to come. */
async function expireEnded(ctx: LifecycleContext, day: string): Promise<number> {
  const due = await ctx.db.select({ id: signatures.id }).from(signatures).where(and(eq(signatures.activated, true), sql`${periodEnd} <= ${day}`));
  let expired = 0;
  for (const { id } of due) {
    const row = await writeTellAndMail(
      ctx,
      async (tx) => {
        const [updated] = await tx
          .update(signatures)
          .set({ activated: false, statusPayment: 'APG', billFileId: null, modifiedAt: new Date(), version: sql`${signatures.version} + 1` })
          .where(and(eq(signatures.id, id), eq(signatures.activated, true), sql`${periodEnd} <= ${day}`))
          .returning();
        return updated ?? null;
      },
      (updated) => (updated ? { event: signatureEvent(updated), notice: notice(updated, 'signatureExpired', 'update') } : {}),
    );
    if (row) expired += 1;
  }
  return expired;
}

/** The payer of a subscription's boleto: the clinic's CNPJ first, else the user's CPF; none → no bill yet. */
function payerOf(user: typeof users.$inferSelect): { name: string; document: string } | null {
  if (user.cnpj) return { name: user.clinic || user.name, document: user.cnpj };
  if (user.cpf) return { name: user.name, document: user.cpf };
  return null;
}

/** Takes the subscription's bill for this run (null: another has it, or it is issued). */
async function claimBill(db: Db, id: string): Promise<SignatureRow | null> {
  // The claim keeps to the wall clock, which processes share (the run's `now` may be a test's).
  const now = new Date();
  const [row] = await db
    .update(signatures)
    .set({ billClaimedUntil: new Date(now.getTime() + BILL_CLAIM_MS) })
    .where(and(eq(signatures.id, id), eq(signatures.activated, false), eq(signatures.statusPayment, 'APG'), isNull(signatures.billFileId), or(isNull(signatures.billClaimedUntil), lt(signatures.billClaimedUntil, now))))
    .returning();
  return row ?? null;
}

/** The boleto's own words (Portuguese, as every boleto): the plan, its USD total and the rate that made the BRL amount. */
function conversionLine(ctx: LifecycleContext, planId: string, usdAmountCents: number, usdBrlRate: string, amountCents: number) {
  const t = ctx.translator.forLanguage('pt-BR');
  const plan = t(`catalog:plans.${planId}.title`);
  return t('payments.subscriptionBillInstructions', { plan, usd: formatUsdIn(usdAmountCents / 100, 'pt-BR'), rate: usdBrlRate.replace('.', ','), brl: formatBrl(amountCents / 100) });
}

async function issueSignatureBill(ctx: LifecycleContext, row: SignatureRow, now: Date): Promise<boolean> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  const payer = user && payerOf(user);
  if (!payer) {
    ctx.log.warn({ signatureId: row.id }, 'subscription bill not issued: the user has no CPF or CNPJ');
    return false;
  }
  const usdAmountCents = Math.round((row.price - row.discount) * 100);
  const usdBrlRate = normalizedRate(ctx.usdBrlRate);
  const amountCents = usdCentsToBrlCents(usdAmountCents, usdBrlRate);
  const issued = await ctx.provider.issueBill({
    amountCents,
    payer,
    dueDate: addDays(today(now), BILL_DUE_DAYS),
    documentNumber: `ASS-${row.id.slice(0, 8).toUpperCase()}`,
    instructions: [conversionLine(ctx, row.planId, usdAmountCents, usdBrlRate, amountCents)],
  });
  const stored = await ctx.fileStore.save(Readable.from([issued.pdf]));
  try {
    await writeTellAndMail(
      ctx,
      async (tx) => {
        const [file] = await tx.insert(files).values({ userId: row.userId, name: `boleto-assinatura-${row.id.slice(0, 8)}.pdf`, contentType: 'application/pdf', ...stored }).returning({ id: files.id });
        const { providerBillId, amountCents, dueDate, line, barcode } = issued;
        const conversion = { usdAmountCents, usdBrlRate };
        await tx.insert(bills).values({ id: randomUUID(), signatureId: row.id, provider: ctx.provider.name, providerBillId, amountCents, ...conversion, dueDate, line, barcode, payerDocument: payer.document, fileId: file!.id });
        const [updated] = await tx
          .update(signatures)
          .set({ billFileId: file!.id, billClaimedUntil: null, modifiedAt: new Date(), version: sql`${signatures.version} + 1` })
          .where(eq(signatures.id, row.id))
          .returning();
        return updated!;
      },
      (updated) => ({ event: signatureEvent(updated), notice: notice(updated, 'signatureBillIssued', 'update') }),
    );
  } catch (error) {
    await ctx.fileStore.remove(stored.storageKey);
    throw error;
  }
  return true;
}

/** Boletos for the subscriptions awaiting payment that have none yet (just expired, or a run that failed before). */
async function issueDueBills(ctx: LifecycleContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.activated, false), eq(signatures.statusPayment, 'APG'), isNull(signatures.billFileId)));
  let issued = 0;
  for (const { id } of due) {
    const row = await claimBill(ctx.db, id);
    if (row && (await issueSignatureBill(ctx, row, now))) issued += 1;
  }
  return issued;
}

/** One process at a time: the job's lease, taken when free or expired. */
async function takeJobLease(db: Db, holder: string, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + JOB_LEASE_MS);
  const [row] = await db
    .insert(jobLeases)
    .values({ name: JOB, holder, until })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, until }, setWhere: lt(jobLeases.until, now) })
    .returning({ holder: jobLeases.holder });
  return row?.holder === holder;
}

const releaseJobLease = (db: Db, holder: string) => db.delete(jobLeases).where(and(eq(jobLeases.name, JOB), eq(jobLeases.holder, holder)));

export interface LifecycleReport {
  /** False when another process holds the job. */
  ran: boolean;
  expired: number;
  billsIssued: number;
}

/** The due transitions at `now` (tests pass their clock; the job's lease keeps to the wall clock, which processes share). */
export async function runSignatureLifecycle(ctx: LifecycleContext, now = new Date()): Promise<LifecycleReport> {
  const holder = randomUUID();
  if (!(await takeJobLease(ctx.db, holder, new Date()))) return { ran: false, expired: 0, billsIssued: 0 };
  try {
    const expired = await expireEnded(ctx, today(now));
    const billsIssued = await issueDueBills(ctx, now);
    return { ran: true, expired, billsIssued };
  } finally {
    await releaseJobLease(ctx.db, holder);
  }
}
