import { UUID_V7_PATTERN, uuidV7Time } from '#shared/ids/uuid-v7.ts';

/**
 * When a record was created, for ordering: a record made on a device carries that moment in its UUIDv7 id;
 * the server's `createdAt` is when the create reached it, which on a flapping network can be minutes later
 * and would move the item across the list's pages as the queue drains. Records the server made (UUIDv4 ids)
 * have only their `createdAt`.
 */
const createdTime = (record: { id: string; createdAt?: string }) =>
  UUID_V7_PATTERN.test(record.id) ? new Date(uuidV7Time(record.id)).toISOString() : (record.createdAt ?? '');

/** Newest first, as the server lists records (v1), by the time each was created, then id. */
export const newestFirst = <T extends { id: string; createdAt?: string }>(a: T, b: T) =>
  createdTime(b).localeCompare(createdTime(a)) || b.id.localeCompare(a.id);
