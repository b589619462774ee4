import { eq } from 'drizzle-orm';
import type { Language } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { Translate } from '../i18n/translator.ts';
import { noticeMail } from '../mail/templates.ts';
import { queueMail } from './mail-queue.ts';
import { startSession, type Device, type SessionAuth, type SessionTokens } from './sessions.ts';
import { describeUserAgent } from './user-agent.ts';

/** A browser and system without versions: an update of the browser is the same device. */
const deviceKind = (userAgent: string | null) => {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser?.replace(/ \d+$/, '') ?? '?'} · ${system ?? '?'}`;
};

/**
 * A sign-in from a browser and system this account has not signed in from before (issue 31). The account's first
 * session (right after registering) is not one: there is nothing to compare it with, and the user is the one there.
 */
export async function isNewDevice(db: Db, userId: string, device: Device): Promise<boolean> {
  const earlier = await db.select({ userAgent: refreshTokens.userAgent }).from(refreshTokens).where(eq(refreshTokens.userId, userId));
  if (earlier.length === 0) return false;
  return !earlier.some((row) => deviceKind(row.userAgent) === deviceKind(device.userAgent));
}

export interface SignInMail {
  t: Translate;
  language: Language;
  /** Origin of the client app, for the link to the Security page. */
  baseUrl: string;
}

const signInTime = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo', timeZoneName: 'short' }).format(at);

/**
 * Starts a session; when it comes from a new device, the user is mailed (in the sign-in's language) in the same
 * transaction, sent after it commits: where, when and from what, with a link to the Security page to end it.
 */
export async function startSessionTelling(
  db: Db,
  key: Uint8Array,
  mail: SignInMail,
  user: { id: string; email: string; name: string },
  auth: SessionAuth,
  device: Device,
): Promise<SessionTokens> {
  const write = async (tx: Db) => {
    const fresh = await isNewDevice(tx, user.id, device);
    const tokens = await startSession(tx, key, user.id, auth, device);
    if (fresh) {
      const values = { device: deviceKind(device.userAgent), address: device.ipAddress, when: signInTime(mail.language, new Date()) };
      const link = `${mail.baseUrl}/dashboard/security`;
      await queueMail(tx, 'notice', noticeMail(mail.t, { kind: 'newDevice', to: user.email, name: user.name, values, link }));
    }
    return tokens;
  };
  return writeAndPublish(db, write, () => null);
}
