import type { SecondStepMethod } from '#shared/schemas/security.ts';
import type { Db } from '../db/client.ts';
import { hasPasskeys } from './passkeys.ts';
import { hasConfirmedTotp } from './totp.ts';

/** The second steps a sign-in of this user can finish with; none: the password alone signs in. */
export async function secondStepsOf(db: Db, userId: string): Promise<SecondStepMethod[]> {
  const [totp, passkey] = await Promise.all([hasConfirmedTotp(db, userId), hasPasskeys(db, userId)]);
  return [...(totp ? (['totp', 'recovery'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}
