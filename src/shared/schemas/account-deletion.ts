import { z } from 'zod';
import { RecoveryCode, TotpCode } from './security.ts';
import { PasswordSchema } from './users.ts';

/**
 * Deleting one's own account (issue 30, docs/account-deletion.md): the password again, the authenticator's code
 * (or a recovery code) when the account has one, and the account's e-mail typed as the confirmation.
 * Zod messages are translation keys (locales/…/validation.json).
 */
export const DeleteAccountBody = z
  .object({
    password: PasswordSchema,
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
    confirmation: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLongText'),
  })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const AccountDeleted = z
  .object({
    deleted: z.literal(true),
    /** Analyses that staff were working on (verifying or processing): cancelled, their files removed. */
    cancelledAnalyses: z.number().int().nonnegative(),
    /** Bills kept for the fiscal period, naming a pseudonym instead of the person. */
    keptBills: z.number().int().nonnegative(),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeleted = z.infer<typeof AccountDeleted>;
