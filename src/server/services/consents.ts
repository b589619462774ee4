import { and, desc, eq, inArray } from 'drizzle-orm';
import { CONSENT_DOCUMENTS, type ConsentDocument, type ConsentRecord, type ConsentStatus, type DocumentVersions } from '#shared/schemas/privacy.ts';
import type { Db } from '../db/client.ts';
import { consents } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Device } from './sessions.ts';

/**
 * Issue 30: consent records. Registration accepts the versions in force; a newer version published (TERMS_VERSION,
 * PRIVACY_VERSION) is pending for every user until they accept it, and until then their writes are refused.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Records the acceptance of these versions (once per user, document and version; a repeat keeps the first). */
export async function recordConsents(db: Db | Tx, userId: string, accepted: readonly { document: ConsentDocument; version: string }[], device: Device) {
  if (accepted.length === 0) return;
  await db
    .insert(consents)
    .values(accepted.map(({ document, version }) => ({ userId, document, version, ipAddress: device.ipAddress, userAgent: device.userAgent })))
    .onConflictDoNothing();
}

/** Every document of the versions in force, as registration accepts them. */
export const allDocuments = (current: DocumentVersions) => CONSENT_DOCUMENTS.map((document) => ({ document, version: current[document] }));

export async function consentHistory(db: Db, userId: string): Promise<ConsentRecord[]> {
  const rows = await db
    .select({ document: consents.document, version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.acceptedAt), desc(consents.version), consents.document);
  return rows.map((row) => ({ ...row, acceptedAt: row.acceptedAt.toISOString() }));
}

/** The documents whose version in force the user has not accepted (one query: the write guard runs it on every write). */
export async function pendingConsents(db: Db, userId: string, current: DocumentVersions): Promise<ConsentDocument[]> {
  const rows = await db
    .select({ document: consents.document, version: consents.version })
    .from(consents)
    .where(and(eq(consents.userId, userId), inArray(consents.version, [...new Set(Object.values(current))])));
  return CONSENT_DOCUMENTS.filter((document) => !rows.some((row) => row.document === document && row.version === current[document]));
}

/** Staff accounts accept no terms (the write guard lets them through): nothing is pending for them. */
export async function consentStatus(db: Db, userId: string, current: DocumentVersions, { staff = false } = {}): Promise<ConsentStatus> {
  const history = await consentHistory(db, userId);
  const accepted = (document: ConsentDocument) => staff || history.some((row) => row.document === document && row.version === current[document]);
  return { current, pending: CONSENT_DOCUMENTS.filter((document) => !accepted(document)), history };
}

/** Accepts versions the user read: each must be the one in force, or 409 (a newer one was published meanwhile). */
export async function acceptConsents(
  db: Db,
  userId: string,
  accepted: readonly { document: ConsentDocument; version: string }[],
  current: DocumentVersions,
  device: Device,
): Promise<void> {
  const stale = accepted.filter(({ document, version }) => current[document] !== version);
  if (stale.length > 0) {
    throw new AppError(409, stale.map(({ document }) => ({ key: `privacy.newerVersion.${document}`, field: 'accept' })));
  }
  await recordConsents(db, userId, accepted, device);
}
