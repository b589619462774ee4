/**
 * The contact form's fields in v1's order (docs/v1-contract.md §1.20) and its length limits. Apart from the zod
 * schema (schemas/contact.ts) so that the public /contact page can use them without loading zod.
 */
export const CONTACT_FIELDS = ['fullName', 'email', 'role', 'clinic', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS = { fullName: 200, role: 30, clinic: 30, subject: 200, message: 1000 } as const;
