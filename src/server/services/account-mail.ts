import { writeAndPublish } from '../events/publish.ts';
import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n/translator.ts';
import { linkMail, noAccountMail } from '../mail/templates.ts';
import { queueMail } from './mail-queue.ts';
import { issueUserToken } from './user-tokens.ts';
import { findUserByEmail } from './users.ts';

export interface MailContext {
  db: Db;
  /** Bound to the reader's language. */
  t: Translate;
  /** Origin of the client app, for the links. */
  baseUrl: string;
}

interface Recipient {
  id: string;
  email: string;
  name: string;
}

const KINDS = {
  verifyEmail: { purpose: 'verify_email', route: 'email-confirm' },
  resetPassword: { purpose: 'reset_password', route: 'reset-password' },
} as const;

/** Issues a single-use token and queues its link's mail (client routes /users/{uid}/email-confirm|reset-password) in `tx`. */
async function queueLink(tx: Db, ctx: MailContext, kind: keyof typeof KINDS, user: Recipient): Promise<void> {
  const { purpose, route } = KINDS[kind];
  const token = await issueUserToken(tx, user.id, purpose);
  const link = `${ctx.baseUrl}/users/${user.id}/${route}?token=${encodeURIComponent(token)}`;
  await queueMail(tx, 'account', linkMail(ctx.t, { kind, to: user.email, name: user.name, link }));
}

/**
 * Queues the mail with a link that confirms the user's e-mail: the token and the mail are one transaction, and
 * the mail goes after it commits (services/mail-queue.ts), so the answer never waits on the SMTP server.
 */
export async function queueEmailConfirmation(ctx: MailContext, user: Recipient): Promise<void> {
  await writeAndPublish(ctx.db, (tx) => queueLink(tx, ctx, 'verifyEmail', user), () => null);
}

/**
 * A password reset asked for `email`: its account gets the reset link; an address without an account gets a mail
 * saying so. Either way the request is a lookup and one transaction that queues one mail (an account's also stores
 * its token), and nothing waits on the SMTP server: the answer is the same, and its time differs by that one insert
 * at most, no longer by a mail server's round trips.
 */
export async function queuePasswordReset(ctx: MailContext, email: string): Promise<void> {
  await writeAndPublish(
    ctx.db,
    async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (user) await queueLink(tx, ctx, 'resetPassword', user);
      else await queueMail(tx, 'account', noAccountMail(ctx.t, { to: email.trim().toLowerCase(), link: `${ctx.baseUrl}/signup` }));
    },
    () => null,
  );
}
