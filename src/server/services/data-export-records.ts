import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DataExportFile } from '#shared/schemas/data-export.ts';
import type { Db } from '../db/client.ts';
import {
  analyses,
  auditLog,
  bills,
  calibrations,
  contactMessages,
  dataExports,
  files,
  orders,
  outgoingMails,
  paymentEvents,
  pushSubscriptions,
  quoteRequests,
  recoveryCodes,
  refreshTokens,
  subscriptions,
  totpFactors,
  uploads,
} from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';
import { presentAnalysis } from './analyses.ts';
import { presentCalibration } from './calibrations.ts';
import { consentHistory } from './consents.ts';
import { listDevices } from './devices.ts';
import { listNotifications } from './notifications.ts';
import { listOrders, presentOrders } from './orders.ts';
import { listPasskeys } from './passkeys.ts';
import { listSubscriptions } from './subscriptions.ts';
import { findUserById, profileOf, type UserRow } from './users.ts';

/**
 * What `data.json` holds (docs/privacy-export.md): one collector per kind of record, each reading what the user
 * owns or is the subject of. Records the API lists are in the API's own shape (the same presenters), so the
 * export holds exactly what the app shows; the rest are the rows' own fields, less secrets.
 */
export interface CollectContext {
  db: Db;
  user: UserRow;
  t: Translate;
}

type Rows = Record<string, unknown> | Array<Record<string, unknown>>;
type Collector = (context: CollectContext) => Promise<Rows>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Each kind of record in `data.json`, by its key. Adding a table: add its collector here and its rule in TABLE_RULES. */
export const COLLECTORS: Record<string, Collector> = {
  profile: async ({ db, user }) => ({ ...(await profileOf(db, user)) }),
  account: async ({ user }) => ({
    email: user.email,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    language: user.language,
    isStaff: user.isStaff,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  }),
  security: securityOf,
  sessions: async ({ db, user }) => listDevices(db, user.id, ''),
  sessionTokens: sessionTokensOf,
  calibrations: async ({ db, user }) =>
    (await db.select().from(calibrations).where(eq(calibrations.userId, user.id)).orderBy(asc(calibrations.createdAt))).map(presentCalibration),
  orders: async ({ db, user, t }) => presentOrders(db, await listOrders(db, user.id), t),
  analyses: analysesOf,
  bills: billsOf,
  payments: paymentsOf,
  subscriptions: async ({ db, user, t }) => listSubscriptions(db, user.id, t),
  quotes: quotesOf,
  contactMessages: contactMessagesOf,
  notifications: async ({ db, user, t }) => (await listNotifications(db, user.id, t, { limit: 1_000_000, offset: 0 })).row,
  pushSubscriptions: async ({ db, user }) =>
    (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).map((row) => ({
      endpoint: row.endpoint,
      createdAt: iso(row.createdAt),
      lastSuccessAt: iso(row.lastSuccessAt),
      failures: row.failures,
    })),
  uploads: async ({ db, user }) =>
    (await db.select().from(uploads).where(eq(uploads.userId, user.id))).map((row) => ({
      id: row.id,
      filename: row.filename,
      type: row.type,
      size: row.size,
      status: row.status,
      createdAt: iso(row.createdAt),
      consumedAt: iso(row.consumedAt),
    })),
  consents: async ({ db, user }) => consentHistory(db, user.id),
  mails: mailsOf,
  auditEntries: auditEntriesOf,
  dataExports: async ({ db, user }) =>
    (await db.select().from(dataExports).where(eq(dataExports.userId, user.id)).orderBy(asc(dataExports.createdAt))).map((row) => ({
      id: row.id,
      state: row.state,
      byStaff: row.requestedBy !== null,
      requestedAt: iso(row.createdAt),
      finishedAt: iso(row.finishedAt),
      expiresAt: iso(row.expiresAt),
    })),
};

async function securityOf({ db, user }: CollectContext) {
  const [totp] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
  const codes = await db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  return {
    authenticatorApp: totp ? { createdAt: iso(totp.createdAt), confirmedAt: iso(totp.confirmedAt) } : null,
    recoveryCodes: { total: codes.length, used: codes.filter((code) => code.usedAt !== null).length },
    passkeys: await listPasskeys(db, user.id),
  };
}

async function sessionTokensOf({ db, user }: CollectContext) {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)).orderBy(asc(refreshTokens.createdAt));
  return rows.map((row) => ({
    sessionId: row.familyId,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
  }));
}

/** Each analysis in the API's shape (it names its order), with its status history: each staff change, from the audit log, with the staff's message to the user. */
async function analysesOf({ db, user, t }: CollectContext) {
  const rows = await db
    .select({ analysis: analyses, serviceId: orders.serviceId })
    .from(analyses)
    .innerJoin(orders, eq(orders.id, analyses.orderId))
    .where(eq(analyses.userId, user.id))
    .orderBy(asc(analyses.createdAt));
  const history = await statusHistory(db, rows.map((row) => row.analysis.id));
  return rows.map(({ analysis, serviceId }) => ({
    ...presentAnalysis(analysis, serviceId, t),
    statusHistory: [{ at: iso(analysis.createdAt), status: 'DS' }, ...(history.get(analysis.id) ?? [])],
  }));
}

async function statusHistory(db: Db, ids: string[]) {
  const history = new Map<string, Array<{ at: string | null; status: unknown; message: unknown }>>();
  if (ids.length === 0) return history;
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'analysis.status'), inArray(auditLog.recordId, ids)))
    .orderBy(asc(auditLog.at));
  for (const entry of entries) {
    const step = { at: iso(entry.at), status: entry.after?.status ?? null, message: entry.after?.messageToUser ?? null };
    history.set(entry.recordId, [...(history.get(entry.recordId) ?? []), step]);
  }
  return history;
}

const userBills = (db: Db, userId: string) =>
  db
    .select({ bill: bills })
    .from(bills)
    .leftJoin(orders, eq(orders.id, bills.orderId))
    .leftJoin(subscriptions, eq(subscriptions.id, bills.subscriptionId))
    .where(or(eq(orders.userId, userId), eq(subscriptions.userId, userId)))
    .orderBy(asc(bills.createdAt));

async function billsOf({ db, user }: CollectContext) {
  return (await userBills(db, user.id)).map(({ bill }) => ({
    id: bill.id,
    orderId: bill.orderId,
    subscriptionId: bill.subscriptionId,
    provider: bill.provider,
    amountCents: bill.amountCents,
    usdAmountCents: bill.usdAmountCents,
    usdBrlRate: bill.usdBrlRate,
    dueDate: bill.dueDate,
    line: bill.line,
    barcode: bill.barcode,
    payerDocument: bill.payerDocument,
    fileId: bill.fileId,
    status: bill.status,
    paidAt: iso(bill.paidAt),
    createdAt: iso(bill.createdAt),
  }));
}

async function paymentsOf({ db, user }: CollectContext) {
  const ids = (await userBills(db, user.id)).map(({ bill }) => bill.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(paymentEvents).where(inArray(paymentEvents.billId, ids)).orderBy(asc(paymentEvents.receivedAt));
  return rows.map((row) => ({ billId: row.billId, provider: row.provider, type: row.type, amountCents: row.amountCents, receivedAt: iso(row.receivedAt) }));
}

async function quotesOf({ db, user }: CollectContext) {
  const rows = await db.select().from(quoteRequests).where(eq(quoteRequests.userId, user.id)).orderBy(asc(quoteRequests.createdAt));
  return rows.map((row) => ({ id: row.id, serviceId: row.serviceId, fields: row.fields, createdAt: iso(row.createdAt), answeredAt: iso(row.answeredAt), answer: row.answer, orderId: row.orderId }));
}

/** Messages of the public contact form sent with the account's e-mail (any case). */
async function contactMessagesOf({ db, user }: CollectContext) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(contactMessages.createdAt));
  return rows.map(({ id, fullName, email, role, clinic, phone, subject, message, language, createdAt }) => ({
    id,
    fullName,
    email,
    role,
    clinic,
    phone,
    subject,
    message,
    language,
    createdAt: iso(createdAt),
  }));
}

/** The mails DoseHub queued to the account's address (what and when; the bodies are the notices above). */
async function mailsOf({ db, user }: CollectContext) {
  const rows = await db
    .select()
    .from(outgoingMails)
    .where(sql`lower(${outgoingMails.recipient}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(outgoingMails.createdAt));
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, state: row.state, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) }));
}

/** What the staff did to the user's records or downloaded of them (who, by role only: the staff member's identity is theirs). */
async function auditEntriesOf({ db, user }: CollectContext) {
  const ids = await recordIdsOf(db, user.id);
  const rows = await db
    .select()
    .from(auditLog)
    .where(or(inArray(auditLog.recordId, ids), sql`${auditLog.after}->>'ownerId' = ${user.id}`))
    .orderBy(asc(auditLog.at));
  return rows.map((row) => ({ at: iso(row.at), action: row.action, recordType: row.recordType, recordId: row.recordId, before: row.before, after: row.after }));
}

async function recordIdsOf(db: Db, userId: string): Promise<string[]> {
  const idsOf = async (table: typeof orders | typeof analyses | typeof subscriptions | typeof quoteRequests | typeof files | typeof dataExports) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).map((row) => row.id);
  const lists = await Promise.all([orders, analyses, subscriptions, quoteRequests, files, dataExports].map(idsOf));
  return [userId, ...lists.flat()];
}

/** Every stored file of the user, with the records that name it; its place in the zip is `files/<id>/<name>`. */
export async function filesOf(db: Db, userId: string): Promise<Array<DataExportFile & { storageKey: string }>> {
  const rows = await db.select().from(files).where(eq(files.userId, userId)).orderBy(asc(files.createdAt));
  const usedBy = await fileUses(db, userId);
  return rows.map((row) => ({
    id: row.id,
    path: `files/${row.id}/${safeName(row.name)}`,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    usedBy: usedBy.get(row.id) ?? [],
    storageKey: row.storageKey,
  }));
}

type Use = { type: string; id: string; role: string };

async function fileUses(db: Db, userId: string): Promise<Map<string, Use[]>> {
  const uses = new Map<string, Use[]>();
  const note = (fileId: string | null, use: Use) => {
    if (fileId) uses.set(fileId, [...(uses.get(fileId) ?? []), use]);
  };
  for (const row of await db.select().from(calibrations).where(eq(calibrations.userId, userId))) note(row.imagesFileId, { type: 'calibration', id: row.id, role: 'images' });
  for (const row of await db.select().from(analyses).where(eq(analyses.userId, userId))) {
    note(row.imagesFileId, { type: 'analysis', id: row.id, role: 'images' });
    note(row.reportFileId, { type: 'analysis', id: row.id, role: 'report' });
  }
  for (const row of await db.select().from(orders).where(eq(orders.userId, userId))) note(row.billFileId, { type: 'order', id: row.id, role: 'bill' });
  for (const row of await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))) note(row.billFileId, { type: 'signature', id: row.id, role: 'bill' });
  for (const { bill } of await userBills(db, userId)) note(bill.fileId, { type: 'bill', id: bill.id, role: 'pdf' });
  return uses;
}

/** A file name safe inside a zip: no folders, no control characters, not empty. */
const safeName = (name: string) =>
  [...name]
    .map((char) => (char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 ? '_' : char))
    .join('')
    .replace(/^\.+/, '_')
    .slice(0, 200) || 'file';

/** Every record of the user, by kind; null when the account is gone. */
export async function collectRecords(db: Db, userId: string, t: Translate): Promise<Record<string, Rows> | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const records: Record<string, Rows> = {};
  for (const [key, collect] of Object.entries(COLLECTORS)) records[key] = await collect({ db, user, t });
  return records;
}
