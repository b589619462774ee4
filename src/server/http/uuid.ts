import { z } from 'zod';

/**
 * An id the server only looks up (a route's uid, an upload's id, a form's client id before its schema):
 * any 8-4-4-4-12 hex text, whatever its version, as PostgreSQL's uuid type takes it. Ids the client
 * sends to be stored are checked by the shared schemas' stricter `z.uuid()`.
 */
const LookupUuid = z.guid();

export const isUuid = (value: unknown): value is string => LookupUuid.safeParse(value).success;
