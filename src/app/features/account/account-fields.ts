/** The account data edited on its own page, /dashboard/profile/{data}/edit (docs/product.md §2). */
export const ACCOUNT_FIELDS = ['email', 'password', 'phone'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export function isAccountField(value: string): value is AccountField {
  return (ACCOUNT_FIELDS as readonly string[]).includes(value);
}
