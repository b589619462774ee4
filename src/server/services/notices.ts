import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { users, type NOTIFICATION_KINDS } from '../db/schema.ts';
import type { Translator } from '../i18n/translator.ts';
import type { Mailer } from '../mail/mailer.ts';
import { noticeMail, type NoticeMailKind } from '../mail/templates.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { BusEvent } from '../events/bus.ts';
import { deliverDueMails, queueMail } from './mail-queue.ts';
import { insertNotification, notificationCreated } from './notifications.ts';

export interface NoticeContext {
  db: Db;
  mailer: Mailer;
  translator: Translator;
  /** Origin of the client app, for the links. */
  baseUrl: string;
  log: FastifyBaseLogger;
}

export interface Notice {
  kind: (typeof NOTIFICATION_KINDS)[number];
  /** `notifications.*` in server.json. */
  key: string;
  values: Record<string, string>;
  /** Order, payment, report and subscription events are also mailed (docs/api.md), through the mail queue, linking to a client page. */
  mail?: { kind: NoticeMailKind; path: string };
}

/** The notice's mail in the user's language, written in the change's transaction (services/mail-queue.ts); null: no such user. */
async function queueNoticeMail(tx: Db, ctx: NoticeContext, userId: string, notice: Notice, mail: NonNullable<Notice['mail']>): Promise<string | null> {
  const [user] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const t = ctx.translator.forLanguage(matchLanguage(user.language) ?? DEFAULT_LANGUAGE);
  const values = { ...notice.values, ...(notice.values.service ? { service: t(`catalog:services.${notice.values.service}.title`) } : {}) };
  return queueMail(tx, 'notice', noticeMail(t, { kind: mail.kind, to: user.email, name: user.name, values, link: `${ctx.baseUrl}${mail.path}` }));
}

/** Sends a just-committed notice mail now; a refusal or an SMTP server down leaves it to the queue's retries, never an error for the change. */
async function deliverNow(ctx: NoticeContext, mailId: string) {
  try {
    await deliverDueMails(ctx, new Date(), [mailId]);
  } catch (error) {
    ctx.log.error({ err: error, mailId }, 'notice mail not delivered now; the mail queue retries it');
  }
}

/** What a committed write makes known: its event on the bus (null: none), and a notification to its user. */
export interface WriteNews {
  event?: BusEvent | null;
  notice?: (Omit<Notice, 'mail'> & { userId: string }) | null;
}

/**
 * The one write path of a change the user hears of: the write, its bus event and the user's notification in
 * one transaction (`writeAndPublish`: every stream and Web Push hear both once it commits, or nothing).
 */
export async function writeAndTell<T>(db: Db, write: (tx: Db) => Promise<T>, newsOf: (result: T) => WriteNews): Promise<T> {
  const { result } = await writeAndPublish(
    db,
    async (tx) => {
      const result = await write(tx);
      const { event = null, notice = null } = newsOf(result);
      const notification = notice ? await insertNotification(tx, notice.userId, notice) : null;
      return { result, events: [event, notification && notificationCreated(notification)] };
    },
    ({ events }) => events,
  );
  return result;
}

type NoticeNews = { event?: BusEvent | null; notice?: (Notice & { userId: string }) | null };

/**
 * `writeAndTell` with the notice's e-mail, queued in the same transaction (it exists exactly when the change does)
 * and sent once the change is committed; the mail queue retries it while the SMTP server fails. A change that
 * tells nobody mails nobody.
 */
export async function writeTellAndMail<T>(ctx: NoticeContext, write: (tx: Db) => Promise<T>, newsOf: (result: T) => NoticeNews): Promise<T> {
  let news: NoticeNews = {};
  let mailId: string | null = null;
  const writeWithMail = async (tx: Db) => {
    const written = await write(tx);
    news = newsOf(written);
    const { notice } = news;
    mailId = notice?.mail ? await queueNoticeMail(tx, ctx, notice.userId, notice, notice.mail) : null;
    return written;
  };
  const result = await writeAndTell(ctx.db, writeWithMail, () => news);
  if (mailId) await deliverNow(ctx, mailId);
  return result;
}

/** Tells the user about a change of their order or analysis: a notification (live events, Web Push) and, for some, an e-mail. */
export async function tellUser(ctx: NoticeContext, userId: string, notice: Notice): Promise<void> {
  await writeTellAndMail(ctx, async () => null, () => ({ notice: { ...notice, userId } }));
}
