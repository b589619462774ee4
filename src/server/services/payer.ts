import { eq, inArray, sql } from 'drizzle-orm';
import type { IssueBillBody } from '#shared/schemas/payments.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, fieldErrors } from '../errors.ts';
import type { UserRow } from './users.ts';
import { groupCommit } from './group-commit.ts';

/**
 * Who a boleto names (src/server/README.md "Decisions"): the profile's CNPJ first (a clinic usually pays), then its
 * CPF; a request may give one only when the profile has neither, and it is then kept on the profile. The order's
 * bill, the checkout and the subscription's bills all take it from here.
 */

type PayerField = 'cpf' | 'cnpj';
export interface PayerDocument {
  field: PayerField;
  value: string;
  /** The request gave it and the profile had none: it is kept there. */
  newOnProfile: boolean;
}

/** The profile's own document (CNPJ first), or null when it has neither. */
export function profileDocument(user: UserRow): PayerDocument | null {
  for (const field of ['cnpj', 'cpf'] as const) {
    if (user[field]) return { field, value: user[field]!, newOnProfile: false };
  }
  return null;
}

/**
 * The CPF or CNPJ the bill is issued to: the profile's, or the one the request gives when the profile has none.
 * A request's value that differs from the profile's is refused (409); neither anywhere is 400 naming `cpf`.
 */
export function payerDocument(user: UserRow, input: Pick<IssueBillBody, 'cpf' | 'cnpj'>): PayerDocument {
  for (const field of ['cpf', 'cnpj'] as const) {
    const given = input[field];
    if (given && user[field] && given !== user[field]) throw new AppError(409, [{ field, key: `payments.${field}Differs` }]);
  }
  const own = profileDocument(user);
  if (own) return own;
  for (const field of ['cnpj', 'cpf'] as const) {
    if (input[field]) return { field, value: input[field]!, newOnProfile: true };
  }
  throw fieldErrors([{ field: 'cpf', key: 'payments.payerDocumentRequired' }]);
}

/** The payer as the boleto prints it: the clinic's name beside a CNPJ (when the profile names one), else the user's. */
export const billPayer = (user: UserRow, document: PayerDocument) => ({
  name: document.field === 'cnpj' && user.clinic ? user.clinic : user.name,
  document: document.value,
});

/** A CPF new to the profile must be no one else's (checked before the gateway is asked for anything). */
export async function assertDocumentFree(db: Db, document: PayerDocument) {
  if (!document.newOnProfile || document.field !== 'cpf') return;
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.cpf, document.value));
  if (other) throw fieldErrors([{ field: 'cpf', key: 'auth.cpfTaken' }]);
}

/** Writes a document new to the profile there, in the caller's transaction; one the profile had is left as it is. */
export async function keepOnProfile(tx: Db, userId: string, document: PayerDocument) {
  if (!document.newOnProfile) return;
  await tx
    .update(users)
    .set({ [document.field]: document.value, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}

/** Readers of users by id, one per database: the users asked while one query runs are read together in the next (services/group-commit.ts). */
const userReaders = new WeakMap<Db, (id: string) => Promise<UserRow | undefined>>();

/** The user, read with the others asked at the same time (staff billing many orders at once: issue 35). */
function readUser(db: Db, id: string): Promise<UserRow | undefined> {
  let reader = userReaders.get(db);
  if (!reader) {
    reader = groupCommit(async (ids: string[]) => {
      const rows = await db.select().from(users).where(inArray(users.id, ids));
      return ids.map((wanted) => ({ ok: true, value: rows.find((row) => row.id === wanted) }));
    });
    userReaders.set(db, reader);
  }
  return reader(id);
}

/** The payer's document for this user and request, checked free when new: what a checkout or an order's bill asks first. */
export async function checkedPayerDocument(db: Db, userId: string, input: Pick<IssueBillBody, 'cpf' | 'cnpj'>): Promise<{ user: UserRow; document: PayerDocument }> {
  const user = await readUser(db, userId);
  const document = payerDocument(user!, input);
  await assertDocumentFree(db, document);
  return { user: user!, document };
}
