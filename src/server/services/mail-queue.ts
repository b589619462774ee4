import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { noteQueuedMail } from '../events/publish.ts';
import { outgoingMails } from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

/**
 * The outgoing-mail queue: a mail is a row written in the transaction of what causes it, so it exists exactly
 * when that change does; it is sent after commit and, when the SMTP server refuses or is down, retried with
 * backoff by `deliverDueMails` (plugins/mail-queue.ts runs it on start and periodically) until sent or given up.
 * Several processes may run it on one database: each claims its rows with FOR UPDATE SKIP LOCKED and moves
 * them a lease ahead, so a row goes out from one process at a time. A process that dies between the SMTP
 * server's acceptance and the row's update sends that mail again after the lease (at least once).
 */

/**
 * `notice`: a user's notice mail (services/notices.ts: order, payment, report and subscription events); `account`: an
 * e-mail confirmation or password reset (services/account-mail.ts), whose link carries a token.
 */
export type MailKind = 'contact' | 'quote' | 'signature' | 'notice' | 'payment' | 'account';

/**
 * Once an `account` mail has gone (or been given up), its text and HTML are cleared: the row is kept like any other
 * (what went out, to whom, when), but the token in its link does not stay readable in the database and its backups.
 */
const bodyOnceDone = {
  text: sql`case when ${outgoingMails.kind} = 'account' then '' else ${outgoingMails.text} end`,
  html: sql`case when ${outgoingMails.kind} = 'account' then '' else ${outgoingMails.html} end`,
};

/** Where the mails to the company go (v1: DEFAULT_FROM_EMAIL, `MAIL_FROM`'s address), in its language (pt-BR). */
export interface CompanyMail {
  to: string;
  t: Translate;
}

/** How long a claimed row is left to its sender before another process may take it. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** After this many failed attempts the mail is given up (logged as an error). ~20 h with the delays below. */
export const MAIL_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3600_000;
/** Rows one run claims: a backlog drains over several runs without holding a process for long. */
const BATCH = 20;
/** Sent mails are kept this long (what went out, for support), then deleted; failed ones stay. */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 3600_000;

/** 1, 2, 4 … minutes after the 1st, 2nd, 3rd failure, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

type MailRow = typeof outgoingMails.$inferSelect;

export interface MailSender {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  gaveUp: number;
}

/**
 * Writes a mail in the caller's transaction. Inside `writeAndPublish` (events/publish.ts) it is sent as soon as that
 * transaction commits (plugins/mail-queue.ts), in the background; otherwise by the next run of the retry job.
 */
export async function queueMail(tx: Db, kind: MailKind, message: MailMessage): Promise<string> {
  const [id] = await queueMails(tx, kind, [message]);
  return id!;
}

/** `queueMail` for several mails in one statement (a batch of confirmations: services/group-commit.ts). */
export async function queueMails(tx: Db, kind: MailKind, messages: readonly MailMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  // Due by this process's clock, the one the senders compare with (claims, leases, retries): the database's now() is
  // the transaction's start in microseconds, and a mail claimed in the same millisecond it committed was not yet due
  // (it waited for the retry job: seen on PostgreSQL); a database host's clock may also differ from ours.
  const nextAttemptAt = new Date();
  const rows = await tx
    .insert(outgoingMails)
    .values(
      messages.map((message) => ({ kind, recipient: message.to, replyTo: message.replyTo ?? null, subject: message.subject, text: message.text, html: message.html, nextAttemptAt })),
    )
    .returning({ id: outgoingMails.id });
  for (const row of rows) noteQueuedMail(tx, row.id);
  return rows.map((row) => row.id);
}

/** Takes the due rows (all of `ids` when given, else a batch) nobody else holds, counting the attempt and leasing them. */
async function claimDue(db: Db, now: Date, ids?: readonly string[]): Promise<MailRow[]> {
  const due = db
    .select({ id: outgoingMails.id })
    .from(outgoingMails)
    .where(and(eq(outgoingMails.state, 'pending'), lte(outgoingMails.nextAttemptAt, now), ids ? inArray(outgoingMails.id, [...ids]) : undefined))
    .orderBy(outgoingMails.nextAttemptAt)
    .limit(ids ? ids.length : BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(outgoingMails)
    .set({ attempts: sql`${outgoingMails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(inArray(outgoingMails.id, due))
    .returning();
}

/** Sends the row's mail; the error when the SMTP server did not accept it, or null. */
async function sendFailure(sender: MailSender, row: MailRow): Promise<unknown> {
  try {
    await sender.mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html, ...(row.replyTo ? { replyTo: row.replyTo } : {}) });
    return null;
  } catch (error) {
    return error ?? new Error('mail not sent');
  }
}

async function recordFailure(sender: MailSender, row: MailRow, error: unknown, now: Date): Promise<'retrying' | 'gaveUp'> {
  const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
  const lastError = error instanceof Error ? error.message : String(error);
  await sender.db
    .update(outgoingMails)
    .set({ lastError, ...(gaveUp ? { state: 'failed' as const, ...bodyOnceDone } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) }) })
    .where(eq(outgoingMails.id, row.id));
  const context = { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts };
  if (gaveUp) sender.log.error(context, 'mail given up: every attempt failed');
  else sender.log.warn(context, 'mail not sent; it will be retried');
  return gaveUp ? 'gaveUp' : 'retrying';
}

/**
 * Sends what is due at `now` (of `ids` only, when given: mails just committed), side by side; the sent rows are
 * marked in one statement, each failure on its own.
 */
export async function deliverDueMails(sender: MailSender, now: Date = new Date(), ids?: readonly string[]): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, gaveUp: 0 };
  if (ids?.length === 0) return report;
  const rows = await claimDue(sender.db, now, ids);
  const failures = await Promise.all(rows.map((row) => sendFailure(sender, row)));
  const sent = rows.filter((_, index) => failures[index] === null).map((row) => row.id);
  if (sent.length > 0) await sender.db.update(outgoingMails).set({ state: 'sent', sentAt: now, lastError: null, ...bodyOnceDone }).where(inArray(outgoingMails.id, sent));
  report.sent = sent.length;
  for (const [index, row] of rows.entries()) if (failures[index] !== null) report[await recordFailure(sender, row, failures[index], now)] += 1;
  return report;
}

/** Deletes the mails sent more than `SENT_MAIL_KEPT_MS` before `now`; returns how many. */
export async function pruneSentMails(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(outgoingMails)
    .where(and(eq(outgoingMails.state, 'sent'), lt(outgoingMails.sentAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS))))
    .returning({ id: outgoingMails.id });
  return deleted.length;
}
