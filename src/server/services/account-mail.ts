import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n/translator.ts';
import type { Mailer } from '../mail/mailer.ts';
import { linkMail } from '../mail/templates.ts';
import { issueUserToken } from './user-tokens.ts';

export interface MailContext {
  db: Db;
  mailer: Mailer;
  /** Bound to the reader's language. */
  t: Translate;
  /** Origin of the client app, for the links. */
  baseUrl: string;
  log: FastifyBaseLogger;
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

/** Issues a single-use token and mails its link (client routes /users/{uid}/email-confirm|reset-password). False when the mail could not be sent. */
export async function sendAccountLink(ctx: MailContext, kind: keyof typeof KINDS, user: Recipient): Promise<boolean> {
  const { purpose, route } = KINDS[kind];
  const token = await issueUserToken(ctx.db, user.id, purpose);
  const link = `${ctx.baseUrl}/users/${user.id}/${route}?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(linkMail(ctx.t, { kind, to: user.email, name: user.name, link }));
    return true;
  } catch (error) {
    ctx.log.error({ err: error, kind, userId: user.id }, 'mail not sent');
    return false;
  }
}
