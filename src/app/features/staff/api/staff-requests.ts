import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffQueryString } from '#shared/schemas/staff-routes.ts';
import { API_BASE, apiRequest } from '#app/lib/api-client.ts';

/** One key tree for the back-office: a write invalidates `staffKeys.all` (or one section) and every open table reads again. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (section: string, params: Record<string, unknown>) => [...staffKeys.all, section, 'list', params] as const,
  record: (section: string, id: string) => [...staffKeys.all, section, 'record', id] as const,
};

/** The rows of one table page. */
export const PAGE_SIZE = 25;

/** A call to one of `staffApi`'s paths (they include `/api/v1`). */
export const staffRequest: typeof apiRequest = (path, schema, options) => apiRequest(path.slice(API_BASE.length), schema, options);

/**
 * A page of a staff list: server-side filters, sort and paging; the previous page stays on screen while the
 * next one loads. Staff data is never stored on the device (online only, no persistence, no Dexie).
 */
export function staffListQuery<T extends z.ZodType>(section: string, path: string, schema: T, params: Record<string, string | number | boolean | undefined>) {
  return queryOptions({
    queryKey: staffKeys.list(section, params),
    queryFn: ({ signal }) => staffRequest(`${path}${staffQueryString(params)}`, schema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function staffRecordQuery<T extends z.ZodType>(section: string, id: string, path: string, schema: T) {
  return queryOptions({
    queryKey: staffKeys.record(section, id),
    queryFn: ({ signal }) => staffRequest(path, schema, { signal }),
    staleTime: 0,
  });
}

/** A write with `If-Match` read from the record's version (the API's ETag is `"<version>"`). */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** Every staff write refreshes every open back-office table and record (they overlap: an order is on its user's page too).
 * Never queued: offline it fails at once (the query client's mutations run with `networkMode: 'always'`). */
export function useStaffWrite<A, R>(write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}
