/**
 * The back-office's URL search params (filters, page, sort) as one small plain parser, so the route file
 * stays free of zod (the route table is in the entry chunk of `/`). The server validates every filter
 * against the shared zod schemas; a bad one comes back as a 400 naming it, shown above the table.
 */
export interface StaffSearch {
  q?: string;
  status?: string;
  service?: string;
  from?: string;
  to?: string;
  staff?: string;
  record?: string;
  /** The audit log's action, and the client whose records it is about. */
  action?: string;
  client?: string;
  /** `field` ascending, `-field` descending (the API's form). */
  sort?: string;
  page?: number;
}

const FILTERS = ['q', 'status', 'service', 'from', 'to', 'staff', 'record', 'action', 'client'] as const;
const KEYS = [...FILTERS, 'sort', 'page'];

/** Whether the search narrows the list (an empty list then says nothing matches, not that there is nothing). */
export const isFiltered = (search: StaffSearch) => FILTERS.some((key) => search[key] !== undefined);

/** Known keys only, as text (a CPF typed as digits arrives as a number), `page` as a whole number above 1. */
export const parseStaffSearch = (search: Record<string, unknown>): StaffSearch =>
  Object.fromEntries(
    Object.entries(search)
      .filter(([key, value]) => KEYS.includes(key) && /^(string|number)$/.test(typeof value) && String(value).trim())
      .map(([key, value]) => [key, key === 'page' ? Math.max(1, Math.trunc(Number(value)) || 1) : String(value).trim().slice(0, 200)]),
  );
