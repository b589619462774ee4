import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceId } from '#shared/catalog.ts';
import { QUOTE_FIELDS, QuoteRequest, QuoteService, serviceIdOf, type QuoteFields } from '#shared/schemas/quotes.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { quoteRequests, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound, type ErrorMessage } from '../errors.ts';
import { toSnake } from '../http/wire-names.ts';
import type { Translate } from '../i18n/translator.ts';
import type { Mailer } from '../mail/mailer.ts';
import { quoteMail } from '../mail/templates.ts';
import { writeAndTell } from './notices.ts';
import { ConcurrentCreate, createOnce, type CreateOutcome } from './queued-writes.ts';

/** Quote (budget) requests (docs/v1-contract.md §1.17): stored, mailed to the company, and the user notified (docs/api.md). */

export type QuoteRow = typeof quoteRequests.$inferSelect;
export interface QuoteInput {
  id: string;
  serviceId: ServiceId;
  fields: QuoteFields;
}

/** DRF's messages, as the schema's keys; the service's choice names the value it refused. */
function issueMessage(issue: z.core.$ZodIssue): ErrorMessage {
  const field = toSnake(String(issue.path[0] ?? 'request'));
  return issue.message === 'validation.notValidChoice' ? { field, key: issue.message, values: { value: String(issue.input) } } : { field, key: issue.message };
}

function parsePart<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw fieldErrors(parsed.error.issues.map(issueMessage));
  return parsed.data;
}

/** v1's order: the service alone, then that service's fields (the client's `id` with them). */
export function parseQuote(body: unknown): QuoteInput {
  const serviceId = serviceIdOf(parsePart(QuoteService, body).service);
  const { id = randomUUID(), ...fields } = parsePart(QuoteRequest.extend(QUOTE_FIELDS[serviceId].shape), body);
  return { id, serviceId, fields: fields as QuoteFields };
}

// jsonb keeps its keys in its own order.
const sortedJson = (fields: object) => JSON.stringify(Object.entries(fields).toSorted(([a], [b]) => a.localeCompare(b)));
const sameRequest = (row: QuoteRow, input: QuoteInput) => row.serviceId === input.serviceId && sortedJson(row.fields) === sortedJson(input.fields);

/** A quote with this id already (a replayed send): the same one, or 404 (another user's) / 409 (other content). */
async function findReplay(db: Db, userId: string, input: QuoteInput): Promise<QuoteRow | null> {
  const [existing] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, input.id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (!sameRequest(existing, input)) throw appError(409, 'errors.quoteIdTaken');
  return existing;
}

async function insertQuote(tx: Db, userId: string, { id, serviceId, fields }: QuoteInput): Promise<QuoteRow> {
  const [inserted] = await tx.insert(quoteRequests).values({ id, userId, serviceId, fields }).onConflictDoNothing({ target: quoteRequests.id }).returning();
  if (!inserted) throw new ConcurrentCreate();
  return inserted;
}

/** Stores the request and the user's notification in one transaction, once per client id. */
export function createQuoteRequest(db: Db, userId: string, input: QuoteInput): Promise<CreateOutcome<QuoteRow>> {
  const notice = { userId, kind: 'success' as const, key: 'quoteRequested', values: {} };
  return createOnce(
    () => findReplay(db, userId, input),
    () => writeAndTell(db, (tx) => insertQuote(tx, userId, input), () => ({ notice })),
  );
}

export interface CompanyMail {
  db: Db;
  mailer: Mailer;
  /** The company's address (v1: DEFAULT_FROM_EMAIL). */
  to: string;
  /** The company's language. */
  t: Translate;
  log: FastifyBaseLogger;
}

/** Mails the request with the user's profile to the company; a failed send is logged: the request is stored. */
export async function mailQuoteRequest(ctx: CompanyMail, row: QuoteRow): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) return;
  try {
    await ctx.mailer.send(quoteMail(ctx.t, { to: ctx.to, profile: user, serviceId: row.serviceId, fields: row.fields }));
  } catch (error) {
    ctx.log.error({ err: error, quoteId: row.id }, 'quote mail not sent');
  }
}
