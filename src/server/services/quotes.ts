import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ServiceId } from '#shared/catalog.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import { QUOTE_FIELDS, QuoteRequest, QuoteService, serviceIdOf, type MyQuote, type QuoteFields } from '#shared/schemas/quotes.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { quoteRequests, users } from '../db/schema.ts';
import { appError, fieldErrors, notFound, type ErrorMessage } from '../errors.ts';
import { toSnake } from '../http/wire-names.ts';
import { quoteMail } from '../mail/templates.ts';
import { queueMail, type CompanyMail } from './mail-queue.ts';
import { writeAndTell } from './notices.ts';
import { ConcurrentCreate, createOnce, type CreateOutcome } from './queued-writes.ts';

/** Quote (budget) requests (docs/v1-contract.md §1.17): stored, mailed to the company through the mail queue, and the user notified (docs/api.md). */

export type QuoteRow = typeof quoteRequests.$inferSelect;
export interface QuoteInput {
  id: string;
  serviceId: ServiceId;
  fields: QuoteFields;
  paymentMethod: PaymentMethod;
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
  const { id = randomUUID(), paymentMethod = 'boleto', ...fields } = parsePart(QuoteRequest.extend(QUOTE_FIELDS[serviceId].shape), body);
  return { id, serviceId, fields: fields as QuoteFields, paymentMethod };
}

// jsonb keeps its keys in its own order.
const sortedJson = (fields: object) => JSON.stringify(Object.entries(fields).toSorted(([a], [b]) => a.localeCompare(b)));
const sameRequest = (row: QuoteRow, input: QuoteInput) =>
  row.serviceId === input.serviceId && row.paymentMethod === input.paymentMethod && sortedJson(row.fields) === sortedJson(input.fields);

/** A quote with this id already (a replayed send): the same one, or 404 (another user's) / 409 (other content). */
async function findReplay(db: Db, userId: string, input: QuoteInput): Promise<QuoteRow | null> {
  const [existing] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, input.id));
  if (!existing) return null;
  if (existing.userId !== userId) throw notFound();
  if (!sameRequest(existing, input)) throw appError(409, 'errors.quoteIdTaken');
  return existing;
}

async function insertQuote(tx: Db, userId: string, { id, serviceId, fields, paymentMethod }: QuoteInput): Promise<QuoteRow> {
  const [inserted] = await tx.insert(quoteRequests).values({ id, userId, serviceId, fields, paymentMethod }).onConflictDoNothing({ target: quoteRequests.id }).returning();
  if (!inserted) throw new ConcurrentCreate();
  return inserted;
}

/** Queues the company's mail, with the user's profile, in the request's transaction. */
async function queueQuoteMail(tx: Db, company: CompanyMail, row: QuoteRow): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  await queueMail(tx, 'quote', quoteMail(company.t, { to: company.to, profile: user!, serviceId: row.serviceId, fields: row.fields }));
}

/**
 * Stores the request, its mail to the company and the user's notification in one transaction, once per client
 * id; the mail is sent once it has committed (none again on a replay).
 */
export async function createQuoteRequest(db: Db, userId: string, input: QuoteInput, company: CompanyMail): Promise<CreateOutcome<QuoteRow>> {
  const notice = { userId, kind: 'success' as const, key: 'quoteRequested', values: {} };
  const write = async (tx: Db) => {
    const row = await insertQuote(tx, userId, input);
    await queueQuoteMail(tx, company, row);
    return row;
  };
  return createOnce(
    () => findReplay(db, userId, input),
    () => writeAndTell(db, write, () => ({ notice })),
  );
}

/** Where a request stands for its client: ordered, answered, or waiting for staff. */
function presentMyQuote(row: QuoteRow): MyQuote {
  return {
    id: row.id,
    serviceId: row.serviceId as ServiceId,
    fields: row.fields,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    status: row.orderId ? 'ordered' : row.answeredAt ? 'answered' : 'waiting',
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answer: row.answeredAt ? row.answer : null,
    orderId: row.orderId,
  };
}

/** The user's own requests, newest first (My quotes, issue 29): few per user, so the whole list at once. */
export async function listMyQuotes(db: Db, userId: string): Promise<MyQuote[]> {
  const rows = await db.select().from(quoteRequests).where(eq(quoteRequests.userId, userId)).orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id));
  return rows.map(presentMyQuote);
}
