import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { bills, users, type NOTIFICATION_KINDS } from '../db/schema.ts';
import type { Translator } from '../i18n/translator.ts';
import { boletoDetails, noticeMail, type NoticeMailKind } from '../mail/templates.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { BusEvent } from '../events/bus.ts';
import { queueMail } from './mail-queue.ts';
import { insertNotification, notificationCreated } from './notifications.ts';

export interface NoticeContext {
  db: Db;
  translator: Translator;
  /** Origin of the client app, for the links. */
  baseUrl: string;
}

export interface Notice {
  kind: (typeof NOTIFICATION_KINDS)[number];
  /** `notifications.*` in server.json. */
  key: string;
  values: Record<string, string>;
  /** Order, payment, report and subscription events are also mailed (docs/api.md), through the mail queue, linking to a client page. */
  mail?: { kind: NoticeMailKind; path: string; billFileId?: string | null; /** The mail's own values over `values` (a text the notification shortens). */ values?: Record<string, string> };
}

/** The boleto a bill's mail describes (none for a PDF or a link). */
async function boletoOf(tx: Db, fileId: string | null | undefined) {
  if (!fileId) return undefined;
  const [bill] = await tx.select().from(bills).where(eq(bills.fileId, fileId));
  return bill;
}

/** The notice's mail in the user's language, written in the change's transaction (services/mail-queue.ts); none for no such user. */
async function queueNoticeMail(tx: Db, ctx: NoticeContext, userId: string, notice: Notice, mail: NonNullable<Notice['mail']>): Promise<void> {
  const [user] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const t = ctx.translator.forLanguage(matchLanguage(user.language) ?? DEFAULT_LANGUAGE);
  const values = { ...notice.values, ...mail.values, ...(notice.values.service ? { service: t(`catalog:services.${notice.values.service}.title`) } : {}) };
  const boleto = await boletoOf(tx, mail.billFileId);
  const details = boleto ? boletoDetails(t, boleto) : undefined;
  await queueMail(tx, 'notice', noticeMail(t, { kind: mail.kind, to: user.email, name: user.name, values, details, link: `${ctx.baseUrl}${mail.path}` }));
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
 * and sent in the background once the change is committed (plugins/mail-queue.ts); nothing here waits on the SMTP
 * server, and the mail queue retries while it fails. A change that tells nobody mails nobody.
 */
export async function writeTellAndMail<T>(ctx: NoticeContext, write: (tx: Db) => Promise<T>, newsOf: (result: T) => NoticeNews): Promise<T> {
  let news: NoticeNews = {};
  const writeWithMail = async (tx: Db) => {
    const written = await write(tx);
    news = newsOf(written);
    const { notice } = news;
    if (notice?.mail) await queueNoticeMail(tx, ctx, notice.userId, notice, notice.mail);
    return written;
  };
  return writeAndTell(ctx.db, writeWithMail, () => news);
}
