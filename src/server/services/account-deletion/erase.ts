import { randomBytes } from 'node:crypto';
import { and, eq, exists, ilike, inArray, isNotNull, like, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analyses,
  bills,
  calibrations,
  consents,
  contactMessages,
  dataExports,
  files,
  idempotencyKeys,
  notifications,
  orders,
  outgoingMails,
  passkeys,
  pushSubscriptions,
  quoteRequests,
  rateLimits,
  recoveryCodes,
  refreshTokens,
  subscriptions,
  totpFactors,
  uploadCache,
  uploads,
  users,
  userTokens,
} from '../../db/schema.ts';

/** Analyses a staff member may be working on: deleting the account cancels them (their bytes go too). */
const BEING_PROCESSED = ['AI', 'PR'] as const;

/** What the deletion did, for the answer and the screen; `storage` is what the caller removes once it committed. */
export interface Erased {
  email: string;
  name: string;
  language: string;
  pseudonym: string;
  cancelledAnalyses: number;
  keptBills: number;
  storage: { fileKeys: string[]; uploadIds: string[] };
}

export const newPseudonym = () => `deleted-user-${randomBytes(6).toString('hex')}`;

/** `%text%` for LIKE, its `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Erases a user in the caller's transaction (services/account-deletion/rules.ts says why for each table).
 * Null when the account is gone already: the row is locked first, so of two requests at once one deletes and the
 * other finds it deleted. `unusableHash` replaces the password hash (a hash of a password nobody knows).
 */
export async function eraseAccount(tx: Db, userId: string, unusableHash: string): Promise<Erased | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) return null;
  const storage = await storedBytesOf(tx, userId);
  const cancelledAnalyses = await eraseAnalyses(tx, userId);
  const keptBills = await eraseOrdersAndSubscriptions(tx, userId);
  await eraseOwnedRows(tx, userId, storage.uploadIds);
  await eraseByAddress(tx, userId, user.email);
  const pseudonym = newPseudonym();
  await tx
    .update(users)
    .set({
      email: `${pseudonym}@deleted.invalid`,
      passwordHash: unusableHash,
      name: pseudonym,
      phone: null,
      clinic: null,
      role: null,
      cpf: null,
      cnpj: null,
      emailVerifiedAt: null,
      deletedAt: new Date(),
      pseudonym,
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return { email: user.email, name: user.name, language: user.language, pseudonym, cancelledAnalyses, keptBills, storage };
}

async function storedBytesOf(tx: Db, userId: string) {
  const fileRows = await tx.select({ key: files.storageKey }).from(files).where(eq(files.userId, userId));
  const uploadRows = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, userId));
  // The "download my data" zips are in the upload store too, under their export's storage id.
  const exportRows = await tx.select({ id: dataExports.storageId }).from(dataExports).where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageId)));
  return { fileKeys: fileRows.map((row) => row.key), uploadIds: [...uploadRows, ...exportRows].flatMap((row) => (row.id ? [row.id] : [])) };
}

/** Every analysis goes (their images and reports with the files); returns how many were being processed. */
async function eraseAnalyses(tx: Db, userId: string): Promise<number> {
  const removed = await tx.delete(analyses).where(eq(analyses.userId, userId)).returning({ status: analyses.status });
  await tx.delete(calibrations).where(eq(calibrations.userId, userId));
  return removed.filter((row) => (BEING_PROCESSED as readonly string[]).includes(row.status)).length;
}

/** Orders and subscriptions a bill names stay (deactivated, without their PDF); the rest go. Returns the kept bills. */
async function eraseOrdersAndSubscriptions(tx: Db, userId: string): Promise<number> {
  const billedOrder = exists(tx.select({ id: bills.id }).from(bills).where(eq(bills.orderId, orders.id)));
  const billedSubscription = exists(tx.select({ id: bills.id }).from(bills).where(eq(bills.subscriptionId, subscriptions.id)));
  await tx.delete(orders).where(and(eq(orders.userId, userId), notExists(tx.select({ id: bills.id }).from(bills).where(eq(bills.orderId, orders.id)))));
  await tx.delete(subscriptions).where(and(eq(subscriptions.userId, userId), notExists(tx.select({ id: bills.id }).from(bills).where(eq(bills.subscriptionId, subscriptions.id)))));
  await tx.update(orders).set({ active: false, billFileId: null, billUrl: null }).where(and(eq(orders.userId, userId), billedOrder));
  await tx.update(subscriptions).set({ activated: false, billFileId: null }).where(and(eq(subscriptions.userId, userId), billedSubscription));
  const ownBills = or(
    inArray(bills.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
    inArray(bills.subscriptionId, tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId))),
  );
  // A kept bill keeps its CPF or CNPJ, not the name its PDF would have printed: no PDF is drawn without its file.
  const kept = await tx.update(bills).set({ fileId: null, payerName: null }).where(ownBills).returning({ id: bills.id });
  return kept.length;
}

async function eraseOwnedRows(tx: Db, userId: string, uploadIds: string[]) {
  await tx.delete(files).where(eq(files.userId, userId));
  if (uploadIds.length > 0) await tx.delete(uploadCache).where(or(...uploadIds.map((id) => like(uploadCache.key, `${id}%`))));
  for (const table of [uploads, notifications, quoteRequests, pushSubscriptions, refreshTokens, recoveryCodes, passkeys, userTokens, consents, dataExports]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, `u:${userId}`));
}

/** What names the person by their e-mail or id without a foreign key: mails, contact messages, rate counters. */
async function eraseByAddress(tx: Db, userId: string, email: string) {
  const address = containing(email);
  await tx
    .delete(outgoingMails)
    .where(or(ilike(outgoingMails.recipient, address), and(isNotNull(outgoingMails.replyTo), ilike(outgoingMails.replyTo, address)), ilike(outgoingMails.text, address)));
  await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`);
  await tx.delete(rateLimits).where(or(ilike(rateLimits.key, `%:${containing(email).slice(1)}`), like(rateLimits.key, `%:${userId}`)));
}
