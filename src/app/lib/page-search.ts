/** `?page=N` of a paged list (1-based; page 1 is left out of the URL): a plain validator, so route files stay free of zod. */
export function parsePageSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}
