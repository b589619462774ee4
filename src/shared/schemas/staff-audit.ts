import { z } from 'zod';
import { listOf } from './common.ts';
import { dateRangeIsOrdered, DATE_RANGE_ERROR, Day, Paging } from './staff.ts';

/**
 * The audit log (issue 17): every staff write and every staff download of another user's file, append-only
 * (no route changes or deletes an entry). `before`/`after`: the record's values the action changed.
 */
export const AUDIT_RECORD_TYPES = ['order', 'analysis', 'signature', 'quote', 'file'] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AUDIT_ACTIONS = [
  'order.create',
  'order.bill',
  'order.confirmPayment',
  'analysis.status',
  'quote.answered',
  'quote.reopened',
  'signature.confirmPayment',
  'signature.deactivate',
  'signature.reactivate',
  'file.download',
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
    /** The record's changed values before the action (null: created, or a download). */
    before: Values,
    /** The same values after it (a download: the file's name and what it belongs to). */
    after: Values,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = listOf(AuditEntry).meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;

/** Newest first; `from`/`to` are days (UTC, inclusive). */
export const AuditQuery = z
  .object({
    staffId: z.uuid('validation.invalidUuid').optional(),
    recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
    recordId: z.uuid('validation.invalidUuid').optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: Day.optional(),
    to: Day.optional(),
    ...Paging,
  })
  .refine(dateRangeIsOrdered, DATE_RANGE_ERROR);
export type AuditQuery = z.infer<typeof AuditQuery>;
