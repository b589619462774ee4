import { z } from 'zod';
import { listOf } from './common.ts';

export const NOTIFICATION_KINDS = ['processing', 'update', 'success', 'error'] as const;

export const Notification = z
  .object({
    id: z.uuid(),
    /** In the reader's language. */
    message: z.string(),
    /** What it is about ("Boleto disponível"), in the reader's language; absent for a kind of notice without one. */
    title: z.string().optional(),
    kind: z.enum(NOTIFICATION_KINDS),
    checked: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;
export const NotificationList = listOf(Notification).meta({ id: 'NotificationList' });

export const NotificationQuery = z.strictObject({
  checked: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const NotificationParams = z.object({ uid: z.uuid(), nid: z.uuid('validation.invalidUuid') });
/** docs/api.md: a body sets the value (a replay is harmless); no body toggles, as in v1. */
export const ToggleCheckBody = z.object({ checked: z.boolean() }).nullish();
