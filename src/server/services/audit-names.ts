import { eq, inArray } from 'drizzle-orm';
import type { AuditRecordType } from '#shared/schemas/staff-audit.ts';
import type { Db } from '../db/client.ts';
import { analyses, files, orders, quoteRequests, subscriptions, users } from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';
import type { AuditRow } from './audit.ts';
import { serviceNameOf } from './catalog.ts';

/**
 * Issue 29: what an audit page's records and values are called, so the log speaks of "PED-0012 · Dosimetria
 * Clínica" and "Ana Souza" instead of ids. One query per kind of record on the page, whatever its length.
 */

/** A record as the log names it: what it is, and whose it is (the user themself for a user). */
export interface RecordNaming {
  name: string;
  ownerId: string | null;
}

export interface AuditNames {
  records: Map<string, RecordNaming>;
  /** People, services and files the values before and after name by id. */
  values: Map<string, string>;
}

/** The value keys that hold the id of a user, a service or a file. */
const USER_KEYS = ['userId', 'ownerId', 'answeredBy'];
const SERVICE_KEYS = ['serviceId'];
const FILE_KEYS = ['billFileId', 'reportFileId'];

const idsOf = (rows: AuditRow[], type: AuditRecordType) => [...new Set(rows.filter((row) => row.recordType === type).map((row) => row.recordId))];

function valueIds(rows: AuditRow[], keys: string[]): string[] {
  const values = rows.flatMap((row) => [row.before, row.after]).flatMap((side) => keys.map((key) => side?.[key]));
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');
const personName = (user: { name: string; email: string }) => user.name || user.email;

/** Each kind's rows, named: orders by code and service, analyses by name and service, subscriptions by plan… */
async function recordNamings(db: Db, rows: AuditRow[], t: Translate): Promise<Array<[string, RecordNaming]>> {
  const ids = (type: AuditRecordType) => idsOf(rows, type);
  const found = async <T>(type: AuditRecordType, read: (ids: string[]) => Promise<T[]>) => (ids(type).length ? read(ids(type)) : []);
  const [orderRows, analysisRows, signatureRows, quoteRows, fileRows] = await Promise.all([
    found('order', (list) => db.select({ id: orders.id, code: orders.code, serviceId: orders.serviceId, userId: orders.userId }).from(orders).where(inArray(orders.id, list))),
    found('analysis', (list) =>
      db
        .select({ id: analyses.id, name: analyses.analysisName, serviceId: orders.serviceId, userId: analyses.userId })
        .from(analyses)
        .innerJoin(orders, eq(orders.id, analyses.orderId))
        .where(inArray(analyses.id, list)),
    ),
    found('signature', (list) => db.select({ id: subscriptions.id, planId: subscriptions.planId, userId: subscriptions.userId }).from(subscriptions).where(inArray(subscriptions.id, list))),
    found('quote', (list) => db.select({ id: quoteRequests.id, serviceId: quoteRequests.serviceId, userId: quoteRequests.userId }).from(quoteRequests).where(inArray(quoteRequests.id, list))),
    found('file', (list) => db.select({ id: files.id, name: files.name, userId: files.userId }).from(files).where(inArray(files.id, list))),
  ]);
  return [
    ...orderRows.map((row) => [row.id, { name: joined(row.code, serviceNameOf(row.serviceId, t)), ownerId: row.userId }] as [string, RecordNaming]),
    ...analysisRows.map((row) => [row.id, { name: joined(row.name, serviceNameOf(row.serviceId, t)), ownerId: row.userId }] as [string, RecordNaming]),
    ...signatureRows.map((row) => [row.id, { name: t(`catalog:plans.${row.planId}.title`), ownerId: row.userId }] as [string, RecordNaming]),
    ...quoteRows.map((row) => [row.id, { name: serviceNameOf(row.serviceId, t), ownerId: row.userId }] as [string, RecordNaming]),
    ...fileRows.map((row) => [row.id, { name: row.name, ownerId: row.userId }] as [string, RecordNaming]),
    ...ids('user').map((id) => [id, { name: '', ownerId: id }] as [string, RecordNaming]),
  ];
}

/** The names of a page's records, of their owners and of the people, services and files its values name. */
export async function auditNames(db: Db, rows: AuditRow[], t: Translate): Promise<AuditNames> {
  const records = new Map(await recordNamings(db, rows, t));
  const owners = [...records.values()].map((record) => record.ownerId).filter((id): id is string => id !== null);
  const userIds = [...new Set([...owners, ...valueIds(rows, USER_KEYS)])];
  const fileIds = valueIds(rows, FILE_KEYS);
  const [people, fileNames] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    fileIds.length ? db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds)) : [],
  ]);
  const values = new Map<string, string>([
    ...people.map((user) => [user.id, personName(user)] as [string, string]),
    ...fileNames.map((file) => [file.id, file.name] as [string, string]),
    ...valueIds(rows, SERVICE_KEYS).map((id) => [id, serviceNameOf(id, t)] as [string, string]),
  ]);
  // A user's record is named by the user's own name.
  for (const id of idsOf(rows, 'user')) records.set(id, values.has(id) ? { name: values.get(id)!, ownerId: id } : { name: '', ownerId: null });
  return { records, values };
}
