import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { addDays, addMonths } from '#shared/brazil/dates.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import type { Db } from '../db/client.ts';
import { bills, jobLeases, subscriptions, users } from '../db/schema.ts';
import { normalizedRate, usdCentsToBrlCents } from '../payments/currency.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { FileStore } from '../storage/file-store.ts';
import { appError } from '../errors.ts';
import { writeTellAndMail, type Notice, type NoticeContext } from './notices.ts';
import { auditChange, type StaffActor } from './audit.ts';
import { insertBills, keepBoleto } from './boletos.ts';
import { billPayer, profileDocument } from './payer.ts';
import { subscriptionEvent, today, type SubscriptionRow } from './subscriptions.ts';

/**
 * The subscription's life (docs/domain.md "Plans"): the trial activates it; when the trial (or a hired period)
 * ends unpaid it is no longer activated and a boleto is issued through the payment provider; a confirmed payment
 * (webhook or staff: `startHiredPeriod`) sets a month or a year from the payment, or from the trial's end when the
 * trial still runs, and activates it again.
 * `runSubscriptionLifecycle` applies the due transitions (on start and hourly): each is a conditional update, so a
 * run repeated or overlapping does nothing twice; a job lease keeps it to one process at a time.
 */

export type { SubscriptionRow };

export interface LifecycleContext extends NoticeContext {
  fileStore: FileStore;
  provider: PaymentProvider;
  /** BRL per USD: the plan's total is in USD, a boleto always in BRL (src/server/README.md "Decisions"). */
  usdBrlRate: string;
  log: { warn(context: object, message: string): void };
}

const JOB = 'signature-lifecycle';
/** Longer than a run; a process that died mid-run gives the job up after it. */
const JOB_LEASE_MS = 30 * 60_000;
/** A bill being issued is left to its claimant this long (a crash lets the next run retry). */
const BILL_CLAIM_MS = 60 * 60_000;
export const BILL_DUE_DAYS = 7;
const MY_SUBSCRIPTIONS_PAGE = '/dashboard/my-signatures';

const notice = (row: SubscriptionRow, key: string, kind: Notice['kind'], values: Record<string, string> = {}): Notice & { userId: string } => ({
  userId: row.userId,
  kind,
  key,
  values,
  mail: { kind: key as NonNullable<Notice['mail']>['kind'], path: MY_SUBSCRIPTIONS_PAGE },
});

/** The hired period a payment started, and whether it waits for the trial's end (the user is told which). */
export function subscriptionPaidNotice(row: SubscriptionRow) {
  const period = { initial: row.hiredPeriodInitial ?? '', end: row.hiredPeriodEnd ?? '' };
  return notice(row, row.hiredPeriodInitial === row.testPeriodEnd ? 'signaturePaidAfterTrial' : 'signaturePaid', 'success', period);
}

/**
 * A confirmed payment of the subscription's bill: activated, paid (CON), its hired period of a month or a year from
 * the payment's day, or from the trial's end while the trial still runs (src/server/README.md "Decisions": no trial
 * day is lost). Null if already so.
 */
export async function startHiredPeriod(tx: Db, subscriptionId: string, paidAt: Date): Promise<SubscriptionRow | null> {
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!current || current.statusPayment === 'CON') return null;
  const paidOn = today(paidAt);
  const inTrial = current.activated && current.hiredPeriodEnd === null && current.testPeriodEnd > paidOn;
  const initial = inTrial ? current.testPeriodEnd : paidOn;
  const end = addMonths(initial, current.modality === 'yearly' ? 12 : 1);
  const [row] = await tx
    .update(subscriptions)
    .set({ activated: true, statusPayment: 'CON', hiredPeriodInitial: initial, hiredPeriodEnd: end, billClaimedUntil: null, modifiedAt: new Date(), version: sql`${subscriptions.version} + 1` })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.statusPayment, 'APG')))
    .returning();
  return row ?? null;
}

/** What an audit entry of a subscription keeps. */
export const AUDITED_SUBSCRIPTION_FIELDS = ['activated', 'statusPayment', 'hiredPeriodInitial', 'hiredPeriodEnd', 'version'] as const;

/**
 * Staff confirm a subscription's payment (a boleto paid elsewhere, a transfer): its open bill is paid and the hired
 * period starts today, or at the trial's end while the trial runs, activated; the user is notified and mailed with
 * the period. Already paid: as it is. 404 for no subscription.
 */
export async function confirmSubscriptionPayment(ctx: NoticeContext, subscriptionId: string, now = new Date(), actor?: StaffActor): Promise<SubscriptionRow> {
  const [current] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!current) throw appError(404, 'errors.resourceNotFound');
  const started = await writeTellAndMail(
    ctx,
    async (tx) => {
      await tx.update(bills).set({ status: 'paid', paidAt: now }).where(and(eq(bills.subscriptionId, subscriptionId), eq(bills.status, 'open')));
      const row = await startHiredPeriod(tx, subscriptionId, now);
      if (row && actor) await auditChange(tx, actor, { type: 'signature', id: subscriptionId }, { before: current, after: row }, AUDITED_SUBSCRIPTION_FIELDS);
      return row;
    },
    (row) => (row ? { event: subscriptionEvent(row), notice: subscriptionPaidNotice(row) } : {}),
  );
  return started ?? current;
}

/** The period in force ends on this day: the hired period's end, or the trial's before any payment. */
export const periodEnd = sql`coalesce(${subscriptions.hiredPeriodEnd}, ${subscriptions.testPeriodEnd})`;

/** Trials and hired periods that ended: no longer activated, awaiting payment, their bill to come. */
async function expireEnded(ctx: LifecycleContext, day: string): Promise<number> {
  const due = await ctx.db.select({ id: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.activated, true), sql`${periodEnd} <= ${day}`));
  let expired = 0;
  for (const { id } of due) {
    const row = await writeTellAndMail(
      ctx,
      async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({ activated: false, statusPayment: 'APG', billFileId: null, modifiedAt: new Date(), version: sql`${subscriptions.version} + 1` })
          .where(and(eq(subscriptions.id, id), eq(subscriptions.activated, true), sql`${periodEnd} <= ${day}`))
          .returning();
        return updated ?? null;
      },
      (updated) => (updated ? { event: subscriptionEvent(updated), notice: notice(updated, 'signatureExpired', 'update') } : {}),
    );
    if (row) expired += 1;
  }
  return expired;
}

/** Takes the subscription's bill for this run (null: another has it, or it is issued). */
async function claimBill(db: Db, id: string): Promise<SubscriptionRow | null> {
  // The claim keeps to the wall clock, which processes share (the run's `now` may be a test's).
  const now = new Date();
  const [row] = await db
    .update(subscriptions)
    .set({ billClaimedUntil: new Date(now.getTime() + BILL_CLAIM_MS) })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.activated, false), eq(subscriptions.statusPayment, 'APG'), isNull(subscriptions.billFileId), or(isNull(subscriptions.billClaimedUntil), lt(subscriptions.billClaimedUntil, now))))
    .returning();
  return row ?? null;
}

/** The boleto's own words (Portuguese, as every boleto): the plan, its USD total and the rate that made the BRL amount. */
function conversionLine(ctx: LifecycleContext, planId: string, usdAmountCents: number, usdBrlRate: string, amountCents: number) {
  const t = ctx.translator.forLanguage('pt-BR');
  const plan = t(`catalog:plans.${planId}.title`);
  return t('payments.subscriptionBillInstructions', { plan, usd: formatUsdIn(usdAmountCents / 100, 'pt-BR'), rate: usdBrlRate.replace('.', ','), brl: formatBrl(amountCents / 100) });
}

/** What a subscription's bill (boleto or PIX) charges: the plan's USD total converted to centavos at the server's rate. */
export function subscriptionAmount(row: SubscriptionRow, rate: string) {
  const usdAmountCents = Math.round((row.price - row.discount) * 100);
  const usdBrlRate = normalizedRate(rate);
  return { usdAmountCents, usdBrlRate, amountCents: usdCentsToBrlCents(usdAmountCents, usdBrlRate) };
}

async function issueSubscriptionBill(ctx: LifecycleContext, row: SubscriptionRow, now: Date): Promise<boolean> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  const document = user && profileDocument(user);
  if (!document) {
    ctx.log.warn({ subscriptionId: row.id }, 'subscription bill not issued: the user has no CPF or CNPJ');
    return false;
  }
  const { usdAmountCents, usdBrlRate, amountCents } = subscriptionAmount(row, ctx.usdBrlRate);
  const request = {
    amountCents,
    payer: billPayer(user, document),
    dueDate: addDays(today(now), BILL_DUE_DAYS),
    documentNumber: `ASS-${row.id.slice(0, 8).toUpperCase()}`,
    instructions: [conversionLine(ctx, row.planId, usdAmountCents, usdBrlRate, amountCents)],
  };
  const boleto = {
    userId: row.userId,
    fileName: `boleto-assinatura-${row.id.slice(0, 8)}.pdf`,
    provider: ctx.provider.name,
    payerDocument: document.value,
    request,
    issued: await ctx.provider.issueBill(request),
    subject: { subscriptionId: row.id, usdAmountCents, usdBrlRate },
  };
  await keepBoleto(ctx.fileStore, boleto, (rows) =>
    writeTellAndMail(
      ctx,
      async (tx) => {
        await insertBills(tx, [rows]);
        const [updated] = await tx
          .update(subscriptions)
          .set({ billFileId: rows.file.id, billClaimedUntil: null, modifiedAt: new Date(), version: sql`${subscriptions.version} + 1` })
          .where(eq(subscriptions.id, row.id))
          .returning();
        return updated!;
      },
      (updated) => {
        const told = notice(updated, 'signatureBillIssued', 'update');
        return { event: subscriptionEvent(updated), notice: { ...told, mail: { ...told.mail!, billFileId: updated.billFileId } } };
      },
    ),
  );
  return true;
}

/** Boletos for the subscriptions awaiting payment that have none yet (just expired, or a run that failed before). */
async function issueDueBills(ctx: LifecycleContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    // A PIX charge expires within the hour: the user makes it on My signatures when paying, not this job.
    .where(and(eq(subscriptions.activated, false), eq(subscriptions.statusPayment, 'APG'), isNull(subscriptions.billFileId), eq(subscriptions.paymentMethod, 'boleto')));
  let issued = 0;
  for (const { id } of due) {
    const row = await claimBill(ctx.db, id);
    if (row && (await issueSubscriptionBill(ctx, row, now))) issued += 1;
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
export async function runSubscriptionLifecycle(ctx: LifecycleContext, now = new Date()): Promise<LifecycleReport> {
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
