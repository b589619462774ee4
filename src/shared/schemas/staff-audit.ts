import { z } from 'zod';
import { listOf } from './common.ts';
import { dateRangeIsOrdered, DATE_RANGE_ERROR, Day, Paging } from './staff.ts';

/**
 * The audit log (issue 17): every staff write and every staff download of another user's file, append-only
 * (no route changes or deletes an entry). `before`/`after`: the record's values the action changed.
 */
export const AUDIT_RECORD_TYPES = ['order', 'analysis', 'signature', 'quote', 'file', 'user'] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AUDIT_ACTIONS = [
  'order.create',
  'order.bill',
  'order.confirmPayment',
  'order.refund',
  'analysis.status',
  'quote.answered',
  'quote.reopened',
  'signature.confirmPayment',
  'signature.refund',
  'signature.deactivate',
  'signature.reactivate',
  'file.download',
  'user.dataExport',
  'user.dataExportDownload',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const Values = z.record(z.string(), z.unknown()).nullable();

export const AuditEntry = z
  .object({
    id: z.uuid(),
    at: z.string(),
    staffId: z.uuid(),
    staffName: z.string(),
    staffEmail: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    recordType: z.enum(AUDIT_RECORD_TYPES),
    recordId: z.uuid(),
    /** The record in the reader's language: an order's code and service, an analysis's name and service, a plan, a file's name, a user's name ("" once deleted). */
    recordName: z.string(),
    /** Whose record it is (the user themself for a user), for a link to their page; null once deleted. */
    owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** The record's changed values before the action (null: created, or a download). */
    before: Values,
    /** The same values after it (a download: the file's name and what it belongs to). */
    after: Values,
    /** The names of the people, services and files the values name by id (`userId`, `serviceId`, `billFileId`…), by id. */
    names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = listOf(AuditEntry).meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;

/** Newest first; `from`/`to` are days (UTC, inclusive). */
export const AuditQuery = z
  .strictObject({
    staffId: z.uuid('validation.invalidUuid').optional(),
    /** Entries about this user's records (their account, orders, analyses, subscriptions, quotes, files). */
    userId: z.uuid('validation.invalidUuid').optional(),
    recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
    recordId: z.uuid('validation.invalidUuid').optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: Day.optional(),
    to: Day.optional(),
    ...Paging,
  })
  .refine(dateRangeIsOrdered, DATE_RANGE_ERROR);
export type AuditQuery = z.infer<typeof AuditQuery>;
