import { z } from 'zod';
import { PHONE_INPUT, PhoneSchema } from '../brazil/schemas.ts';
import { CONTACT_LIMITS } from '../contact-fields.ts';
import { EmailSchema } from './users.ts';

/**
 * The public contact form (docs/v1-contract.md §1.20): every field required, v1's limits, in v1's order (../contact-fields.ts; the
 * order of the messages); blank is missing, as in v1. Messages are translation keys; a too-long text gets zod's own issue, which the server
 * words as Django does ("Ensure this field has no more than 200 characters.").
 */

// Only the type's issue: the length checks keep zod's own, which carries the limit.
const required = {
  error: (issue: { code?: string; input: unknown }) =>
    issue.code !== 'invalid_type' ? undefined : issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType',
};
const present = () => z.string(required).trim().min(1, 'validation.required');
const text = (max: number) => present().max(max);

export const ContactBody = z
  .object({
    fullName: text(CONTACT_LIMITS.fullName),
    // The document describes what the pipes check (a pipe is documented by its first schema alone).
    email: present().pipe(EmailSchema.clone()).meta({ format: 'email', maxLength: 254 }),
    role: text(CONTACT_LIMITS.role),
    clinic: text(CONTACT_LIMITS.clinic),
    phone: present().pipe(PhoneSchema.clone()).meta({ pattern: PHONE_INPUT.pattern.source, description: PHONE_INPUT.description }),
    subject: text(CONTACT_LIMITS.subject),
    message: text(CONTACT_LIMITS.message),
  })
  .meta({ id: 'ContactBody' });
export type ContactBody = z.infer<typeof ContactBody>;
