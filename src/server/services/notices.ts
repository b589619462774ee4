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
  /** Order, payment and report events are also mailed (docs/api.md), linking to a client page. */
  mail?: { kind: NoticeMailKind; path: string };
}

/** The mail goes in the user's language; a failed send is logged, never an error for the change already made. */
async function mailNotice(ctx: NoticeContext, userId: string, notice: Notice, mail: NonNullable<Notice['mail']>) {
  const [user] = await ctx.db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const t = ctx.translator.forLanguage(matchLanguage(user.language) ?? DEFAULT_LANGUAGE);
  const values = { ...notice.values, ...(notice.values.service ? { service: t(`catalog:services.${notice.values.service}.title`) } : {}) };
  try {
    await ctx.mailer.send(noticeMail(t, { kind: mail.kind, to: user.email, name: user.name, values, link: `${ctx.baseUrl}${mail.path}` }));
  } catch (error) {
    ctx.log.error({ err: error, kind: mail.kind, userId }, 'mail not sent');
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

/** `writeAndTell` with the notice's e-mail, sent once the change is committed (a change that tells nobody mails nobody). */
export async function writeTellAndMail<T>(ctx: NoticeContext, write: (tx: Db) => Promise<T>, newsOf: (result: T) => NoticeNews): Promise<T> {
  let news: NoticeNews = {};
  const result = await writeAndTell(ctx.db, write, (written) => (news = newsOf(written)));
  const { notice } = news;
  if (notice?.mail) await mailNotice(ctx, notice.userId, notice, notice.mail);
  return result;
}

/** Tells the user about a change of their order or analysis: a notification (live events, Web Push) and, for some, an e-mail. */
export async function tellUser(ctx: NoticeContext, userId: string, notice: Notice): Promise<void> {
  await writeTellAndMail(ctx, async () => null, () => ({ notice: { ...notice, userId } }));
}
