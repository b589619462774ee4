import { inArray } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { bills, users, type NOTIFICATION_KINDS } from '../db/schema.ts';
import type { Translator } from '../i18n/translator.ts';
import { boletoDetails, noticeMail, type NoticeMailKind } from '../mail/templates.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { BusEvent } from '../events/bus.ts';
import { queueMails } from './mail-queue.ts';
import { insertNotifications, notificationCreated } from './notifications.ts';

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

type MailedNotice = Notice & { userId: string; mail: NonNullable<Notice['mail']> };

/** The boletos the bills' mails describe, by file id (none for a PDF or a link). */
async function boletosOf(tx: Db, fileIds: string[]) {
  if (fileIds.length === 0) return new Map<string, typeof bills.$inferSelect>();
  const rows = await tx.select().from(bills).where(inArray(bills.fileId, fileIds));
  return new Map(rows.map((bill) => [bill.fileId!, bill]));
}

/** The notices' mails, each in its user's language, written in the change's transaction (services/mail-queue.ts); none for no such user. */
async function queueNoticeMails(tx: Db, ctx: NoticeContext, notices: MailedNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const userIds = [...new Set(notices.map((notice) => notice.userId))];
  const people = await tx.select({ id: users.id, email: users.email, name: users.name, language: users.language }).from(users).where(inArray(users.id, userIds));
  const userOf = new Map(people.map((user) => [user.id, user]));
  const boletos = await boletosOf(tx, notices.flatMap(({ mail }) => (mail.billFileId ? [mail.billFileId] : [])));
  const messages = notices.flatMap((notice) => {
    const user = userOf.get(notice.userId);
    if (!user) return [];
    const { mail } = notice;
    const t = ctx.translator.forLanguage(matchLanguage(user.language) ?? DEFAULT_LANGUAGE);
    const values = { ...notice.values, ...mail.values, ...(notice.values.service ? { service: t(`catalog:services.${notice.values.service}.title`) } : {}) };
    const boleto = mail.billFileId ? boletos.get(mail.billFileId) : undefined;
    const details = boleto ? boletoDetails(t, boleto) : undefined;
    return [noticeMail(t, { kind: mail.kind, to: user.email, name: user.name, values, details, link: `${ctx.baseUrl}${mail.path}` })];
  });
  await queueMails(tx, 'notice', messages);
}

/** What a committed write makes known: its event on the bus (null: none), and a notification to its user. */
export interface WriteNews {
  event?: BusEvent | null;
  notice?: (Omit<Notice, 'mail'> & { userId: string }) | null;
}

/**
 * The one write path of changes the user hears of: the writes, their bus events and the users' notifications in
 * one transaction (`writeAndPublish`: every stream and Web Push hear them once it commits, or nothing). `write`
 * makes one change or several (a batch of confirmations: services/group-commit.ts); `newsOf` tells each one's news.
 */
export async function writeAndTellEach<T>(db: Db, write: (tx: Db) => Promise<T[]>, newsOf: (result: T, index: number) => WriteNews): Promise<T[]> {
  const { results } = await writeAndPublish(
    db,
    async (tx) => {
      const results = await write(tx);
      const news = results.map(newsOf);
      const notifications = await insertNotifications(tx, news.flatMap(({ notice }) => (notice ? [notice] : [])));
      return { results, events: [...news.map(({ event = null }) => event), ...notifications.map(notificationCreated)] };
    },
    ({ events }) => events,
  );
  return results;
}

/** `writeAndTellEach` for one change. */
export async function writeAndTell<T>(db: Db, write: (tx: Db) => Promise<T>, newsOf: (result: T) => WriteNews): Promise<T> {
  const [result] = await writeAndTellEach(db, async (tx) => [await write(tx)], newsOf);
  return result!;
}

type NoticeNews = { event?: BusEvent | null; notice?: (Notice & { userId: string }) | null };

/**
 * `writeAndTellEach` with the notices' e-mails, queued in the same transaction (each exists exactly when its change
 * does) and sent in the background once the changes are committed (plugins/mail-queue.ts); nothing here waits on
 * the SMTP server, and the mail queue retries while it fails. A change that tells nobody mails nobody.
 */
export async function writeTellAndMailEach<T>(ctx: NoticeContext, write: (tx: Db) => Promise<T[]>, newsOf: (result: T) => NoticeNews): Promise<T[]> {
  let news: NoticeNews[] = [];
  const writeWithMail = async (tx: Db) => {
    const written = await write(tx);
    news = written.map(newsOf);
    const mailed = news.flatMap(({ notice }) => (notice?.mail ? [{ ...notice, mail: notice.mail }] : []));
    await queueNoticeMails(tx, ctx, mailed);
    return written;
  };
  return writeAndTellEach(ctx.db, writeWithMail, (_result, index) => news[index]!);
}

/** `writeTellAndMailEach` for one change. */
export async function writeTellAndMail<T>(ctx: NoticeContext, write: (tx: Db) => Promise<T>, newsOf: (result: T) => NoticeNews): Promise<T> {
  const [result] = await writeTellAndMailEach(ctx, async (tx) => [await write(tx)], newsOf);
  return result!;
}
