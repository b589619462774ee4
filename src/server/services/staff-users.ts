import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StaffUser, StaffUserDetail, StaffUserQuery } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { orders, quoteRequests, subscriptions, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { consentHistory } from './consents.ts';
import { toProfile, type UserRow } from './users.ts';

/** Staff: finding users (issue 17) and a user's profile with how many records they have. */

/** `%text%` for LIKE, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Name, e-mail or clinic containing `q` (any case), or a CPF/CNPJ containing its digits (punctuation ignored). */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  const digits = q.replace(/[\s./-]/g, '');
  const byDocument = /^\d+$/.test(digits) ? [ilike(users.cpf, containing(digits)), ilike(users.cnpj, containing(digits))] : [];
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.clinic, pattern), ...byDocument);
}

const SORT_COLUMNS = { name: users.name, email: users.email, clinic: users.clinic, createdAt: users.createdAt } as const;

export function presentStaffUser(user: UserRow): StaffUser {
  return {
    id: user.id,
    ...toProfile(user),
    isStaff: user.isStaff,
    emailVerified: user.emailVerifiedAt !== null,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    deleted: user.deletedAt !== null,
  };
}

/** A page of users matching `q` (by name unless `sort` says otherwise), and how many match in all. */
export async function staffUserPage(db: Db, { q, sort = 'name', limit, offset }: StaffUserQuery): Promise<{ total: number; rows: StaffUser[] }> {
  const where = and(searchOf(q));
  const direction = sort.startsWith('-') ? desc : asc;
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db.select().from(users).where(where).orderBy(direction(column), asc(users.id)).limit(limit).offset(offset);
  return { total, rows: rows.map(presentStaffUser) };
}

const countOf = (table: typeof orders | typeof subscriptions | typeof quoteRequests, userId: string) =>
  sql<number>`(select count(*)::int from ${table} where ${table.userId} = ${userId})`;

/** A user's profile and how many orders, subscriptions and quote requests they have; 404 when unknown. */
export async function staffUserDetail(db: Db, id: string): Promise<StaffUserDetail> {
  const [found] = await db
    .select({ user: users, orders: countOf(orders, id), subscriptions: countOf(subscriptions, id), quotes: countOf(quoteRequests, id) })
    .from(users)
    .where(eq(users.id, id));
  if (!found) throw notFound();
  const counts = { orders: Number(found.orders), signatures: Number(found.subscriptions), quotes: Number(found.quotes) };
  return { ...presentStaffUser(found.user), counts, consents: await consentHistory(db, id), deletedAt: found.user.deletedAt?.toISOString() ?? null };
}
