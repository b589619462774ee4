import type { FastifyBaseLogger } from 'fastify';
import type { DeleteAccountBody } from '#shared/schemas/account-deletion.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldErrors } from '../../errors.ts';
import type { Translator } from '../../i18n/translator.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { accountDeletedMail } from '../../mail/templates.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { UploadStore } from '../../storage/upload-store.ts';
import { generatePassword, hashPassword, verifyPassword } from '../passwords.ts';
import { useRecoveryCode } from '../recovery-codes.ts';
import type { SecretBox } from '../secret-box.ts';
import { checkTotpCode, hasConfirmedTotp } from '../totp.ts';
import { forgetUserSessions } from '../session-cache.ts';
import type { UserRow } from '../users.ts';
import { eraseAccount, type Erased } from './erase.ts';

export interface DeletionContext {
  db: Db;
  fileStore: FileStore;
  uploadStore: UploadStore;
  mailer: Mailer;
  translator: Translator;
  log: FastifyBaseLogger;
}

/** A refusal that changes nothing: 403 naming the field (a wrong password or code is no malformed request). */
const refused = (field: string, key: string) => new AppError(403, [{ field, key }]);

/**
 * Proves it is the person: the password, the account's e-mail typed as the confirmation, and the authenticator's
 * code or a recovery code when the account has an authenticator (a passkey account proved it at sign-in, within
 * the recent sign-in the route requires).
 */
export async function checkDeletionRequest(db: Db, box: SecretBox, user: UserRow, body: DeleteAccountBody): Promise<void> {
  if (body.confirmation.toLowerCase() !== user.email.toLowerCase()) throw fieldErrors([{ field: 'confirmation', key: 'accountDeletion.confirmationMismatch' }]);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw refused('password', 'auth.passwordIncorrect');
  if (!(await hasConfirmedTotp(db, user.id))) return;
  if (body.code) {
    if (!(await checkTotpCode(db, box, user.id, body.code))) throw refused('code', 'auth.invalidCode');
  } else if (body.recoveryCode) {
    if (!(await useRecoveryCode(db, user.id, body.recoveryCode))) throw refused('recovery_code', 'auth.invalidRecoveryCode');
  } else {
    throw fieldErrors([{ field: 'code', key: 'validation.required' }]);
  }
}

/**
 * Deletes the account in one transaction (erase.ts), then removes its stored bytes and mails the old address in
 * the user's language. Null when another request deleted it first.
 */
export async function deleteAccount(ctx: DeletionContext, userId: string): Promise<Erased | null> {
  const unusableHash = await hashPassword(generatePassword());
  const erased = await ctx.db.transaction((tx) => eraseAccount(tx, userId, unusableHash));
  if (!erased) return null;
  forgetUserSessions(userId);
  await removeStoredBytes(ctx, erased.storage);
  await mailTheOldAddress(ctx, erased);
  return erased;
}

/** After commit: a byte the store could not remove now is logged; the orphan sweep removes uploads it missed. */
async function removeStoredBytes(ctx: DeletionContext, { fileKeys, uploadIds }: Erased['storage']) {
  const removals = [...fileKeys.map((key) => ctx.fileStore.remove(key)), ...uploadIds.map((id) => ctx.uploadStore.remove(id))];
  const failed = (await Promise.allSettled(removals)).filter((result) => result.status === 'rejected');
  if (failed.length > 0) ctx.log.error({ failed: failed.length, reason: (failed[0] as PromiseRejectedResult).reason }, 'deleted account: stored bytes not removed');
}

async function mailTheOldAddress(ctx: DeletionContext, erased: Erased) {
  const t = ctx.translator.forLanguage(erased.language as Parameters<Translator['forLanguage']>[0]);
  try {
    await ctx.mailer.send(accountDeletedMail(t, { to: erased.email, name: erased.name, cancelledAnalyses: erased.cancelledAnalyses, keptBills: erased.keptBills }));
  } catch (error) {
    ctx.log.error({ err: error }, 'deleted account: confirmation mail not sent');
  }
}
