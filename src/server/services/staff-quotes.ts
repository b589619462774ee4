import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ServiceId } from '#shared/catalog.ts';
import type { StaffQuote, StaffQuoteQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { quoteRequests, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { Translate } from '../i18n/translator.ts';
import { auditChange } from './audit.ts';
import { serviceNameOf } from './catalog.ts';
import { writeTellAndMail, type Notice, type NoticeContext } from './notices.ts';
import { versionIs, whyNotWritten } from './queued-writes.ts';
import type { QuoteRow } from './quotes.ts';

/** The staff's quotes inbox (issue 17): each request with its requester, new or answered, and what "Create order" starts from. */

const quoteColumns = { row: quoteRequests, userName: users.name, userEmail: users.email };

function whereOf({ status, userId, serviceId }: StaffQuoteQuery): SQL | undefined {
  return and(
    status === 'new' ? isNull(quoteRequests.answeredAt) : status === 'answered' ? isNotNull(quoteRequests.answeredAt) : undefined,
    userId ? eq(quoteRequests.userId, userId) : undefined,
    serviceId ? eq(quoteRequests.serviceId, serviceId) : undefined,
  );
}

/** The number of analyses the request asks for (its patients or models), else 1. */
const quantityOf = (fields: QuoteRow['fields']) => {
  const asked = Number(fields.numberOfPatients);
  return Number.isInteger(asked) && asked >= 1 ? asked : 1;
};

function presentQuote({ row, userName, userEmail }: { row: QuoteRow; userName: string; userEmail: string }, t: Translate): StaffQuote {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    userEmail,
    serviceId: row.serviceId as ServiceId,
    serviceName: serviceNameOf(row.serviceId, t),
    fields: row.fields,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    status: row.answeredAt ? 'answered' : 'new',
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answeredBy,
    answer: row.answer,
    orderId: row.orderId,
    prefill: { userId: row.userId, serviceId: row.serviceId as ServiceId, quantity: quantityOf(row.fields), quoteId: row.id },
    version: row.version,
  };
}

/** A page of the inbox (newest first unless `sort=createdAt`) and how many match in all. */
export async function staffQuotePage(db: Db, query: StaffQuoteQuery, t: Translate): Promise<{ total: number; rows: StaffQuote[] }> {
  const where = whereOf(query);
  const direction = query.sort === 'createdAt' ? asc : desc;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(quoteRequests).where(where);
  const rows = await db
    .select(quoteColumns)
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.userId))
    .where(where)
    .orderBy(direction(quoteRequests.createdAt), direction(quoteRequests.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total, rows: rows.map((row) => presentQuote(row, t)) };
}

/** One request; 404 when unknown. */
export async function staffQuote(db: Db, id: string, t: Translate): Promise<StaffQuote> {
  const [found] = await db.select(quoteColumns).from(quoteRequests).innerJoin(users, eq(users.id, quoteRequests.userId)).where(eq(quoteRequests.id, id));
  if (!found) throw notFound();
  return presentQuote(found, t);
}

/** The client's notification and mail of an answer (in their language, the mail sent after commit). */
function answerNotice(row: QuoteRow): Notice & { userId: string } {
  const answer = row.answer ?? '';
  const short = answer.length > 200 ? `${answer.slice(0, 199)}…` : answer;
  return {
    userId: row.userId,
    kind: 'update',
    key: 'quoteAnswered',
    values: { service: row.serviceId, answer: short },
    mail: { kind: 'quoteAnswered', path: '/dashboard/my-quotes', values: { answer } },
  };
}

export interface QuoteMark {
  answered: boolean;
  /** What staff tell the client (required when answered: QuotePatch). */
  answer?: string | undefined;
}

/**
 * Marks a request answered with staff's message (or new again) by `staffId`, only on `expectedVersion` when given
 * (If-Match: 412 otherwise), with its audit entry in the same transaction; an answer tells the client (notification
 * and mail, issue 29). The same state again changes nothing.
 */
export async function markQuote(ctx: NoticeContext, id: string, mark: QuoteMark, expectedVersion: number | null, staffId: string, t: Translate): Promise<StaffQuote> {
  const { answered } = mark;
  await writeTellAndMail(
    ctx,
    async (tx) => {
      const [before] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id));
      if (before && Boolean(before.answeredAt) === answered && (expectedVersion === null || expectedVersion === before.version)) return null;
      const [after] = await tx
        .update(quoteRequests)
        .set({ answeredAt: answered ? new Date() : null, answeredBy: answered ? staffId : null, answer: answered ? (mark.answer ?? null) : null, version: sql`${quoteRequests.version} + 1` })
        .where(and(eq(quoteRequests.id, id), versionIs(quoteRequests.version, expectedVersion)))
        .returning();
      if (!after) throw whyNotWritten(before, expectedVersion, notFound);
      const action = answered ? 'quote.answered' : 'quote.reopened';
      await auditChange(tx, { staffId, action }, { type: 'quote', id }, { before: before!, after }, ['answeredAt', 'answeredBy', 'answer', 'version']);
      return after;
    },
    (after) => ({ notice: after?.answeredAt ? answerNotice(after) : null }),
  );
  return staffQuote(ctx.db, id, t);
}
