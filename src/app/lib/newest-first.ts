/**
 * Newest first, as the server lists records (v1): by creation time, then id (UUIDv7 ids sort by time,
 * so records created offline, without a server date, still fall in place).
 */
export const newestFirst = <T extends { id: string; createdAt?: string }>(a: T, b: T) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id.localeCompare(a.id);
