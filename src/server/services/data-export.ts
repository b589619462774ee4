import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_FORMAT_VERSION, DATA_EXPORT_KEPT_DAYS, type DataExportDocument, type DataExportState } from '#shared/schemas/data-export.ts';
import { matchLanguage, type Language } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { dataExports, users } from '../db/schema.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { Translator } from '../i18n/translator.ts';
import { noticeMail } from '../mail/templates.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { recordAudit } from './audit.ts';
import { drawUserBoletos, type BoletoPdfDeps } from './boleto-pdfs.ts';
import { collectRecords, filesOf } from './data-export-records.ts';
import { exportSummary } from './data-export-summary.ts';
import type { ZipEntry } from './data-export-zip.ts';
import { queueMail } from './mail-queue.ts';
import { formatBytes } from '#shared/format/bytes.ts';

/**
 * "Download my data" (issue 30, docs/privacy-export.md). A request inserts a `queued` row (or joins the user's
 * queued or running one: a partial unique index keeps one per user, in any process); a process claims it with a
 * lease, builds the zip into the upload store while it reads the records and files, renews the lease with the
 * progress, and marks it `ready` with the user's mail in one transaction. A process that dies leaves a lease
 * that runs out: the job (plugins/data-export.ts) takes the export over. Ready exports expire after 7 days.
 */
export type ExportRow = typeof dataExports.$inferSelect;

export interface ExportDeps {
  db: Db;
  uploads: Pick<UploadStore, 'put' | 'remove'>;
  fileStore: Pick<FileStore, 'open' | 'save' | 'remove'>;
  /** The payment providers by name, which draw the boletos not drawn yet (services/boleto-pdfs.ts). */
  providers: BoletoPdfDeps['providers'];
  translator: Translator;
  baseUrl: string;
  log: FastifyBaseLogger;
}

/** How long a claim holds without news; the builder renews it at least this often (with its progress). */
export const EXPORT_LEASE_MS = 2 * 60_000;
const PROGRESS_EVERY_MS = 1000;
const MAX_ATTEMPTS = 3;
const KEPT_MS = DATA_EXPORT_KEPT_DAYS * 24 * 3600_000;
const ACTIVE = ['queued', 'running'] as const;

export const downloadPath = (row: Pick<ExportRow, 'id'>) => `/api/v1/data-exports/${row.id}/file/`;
/** The staff's download of an export they produced on the user's request (audited). */
export const staffDownloadPath = (row: Pick<ExportRow, 'id'>) => `/api/v1/staff/data-exports/${row.id}/file/`;

export function presentExport(row: ExportRow, pathOf: (row: ExportRow) => string = downloadPath): DataExportState {
  return {
    id: row.id,
    state: row.state,
    doneBytes: row.doneBytes,
    totalBytes: row.totalBytes,
    requestedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size,
    downloadUrl: row.state === 'ready' ? pathOf(row) : null,
  };
}

/**
 * Starts the user's export, or answers the one already queued or running (`created: false`). `requestedBy`: the
 * staff member who produced it on the user's request, audited in the same transaction.
 */
export async function requestExport(db: Db, userId: string, options: { language: string; requestedBy?: string }): Promise<{ row: ExportRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dataExports)
      .values({ userId, language: options.language, requestedBy: options.requestedBy ?? null })
      .onConflictDoNothing()
      .returning();
    if (created && options.requestedBy) {
      await recordAudit(tx, { staffId: options.requestedBy, action: 'user.dataExport', recordType: 'user', recordId: userId, before: null, after: { exportId: created.id } });
    }
    if (created) return { row: created, created: true };
    const [active] = await tx.select().from(dataExports).where(and(eq(dataExports.userId, userId), inArray(dataExports.state, ACTIVE)));
    if (!active) throw new Error('data export neither created nor running');
    return { row: active, created: false };
  });
}

/** A staff download of a user's export: the audit log names the user, the export and its size. */
export async function auditExportDownload(db: Db, staffId: string, row: ExportRow): Promise<void> {
  await recordAudit(db, { staffId, action: 'user.dataExportDownload', recordType: 'user', recordId: row.userId, before: null, after: { exportId: row.id, size: row.size } });
}

export async function latestExport(db: Db, userId: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ?? null;
}

export async function findExport(db: Db, id: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

/** Takes an export to build: queued, or running under a lease that ran out (its process died). Null: someone else has it. */
export async function claimExport(db: Db, id: string, now = new Date()): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ state: 'running', leaseUntil: new Date(now.getTime() + EXPORT_LEASE_MS), attempts: sql`${dataExports.attempts} + 1`, doneBytes: 0 })
    .where(and(eq(dataExports.id, id), or(eq(dataExports.state, 'queued'), and(eq(dataExports.state, 'running'), lt(dataExports.leaseUntil, now)))))
    .returning();
  return row ?? null;
}

/** Builds a claimed export; a failure past the last attempt marks it `failed` (the user may ask again). */
export async function buildExport(deps: ExportDeps, claimed: ExportRow): Promise<void> {
  try {
    await writeExport(deps, claimed);
  } catch (error) {
    deps.log.error({ err: error, exportId: claimed.id, attempt: claimed.attempts }, 'data export failed');
    const state = claimed.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
    await deps.db.update(dataExports).set({ state, leaseUntil: null, storageId: null }).where(eq(dataExports.id, claimed.id));
    if (claimed.storageId) await deps.uploads.remove(claimed.storageId).catch(() => undefined);
  }
}

async function writeExport(deps: ExportDeps, claimed: ExportRow): Promise<void> {
  const { db } = deps;
  const language: Language = matchLanguage(claimed.language) ?? 'pt-BR';
  const t = deps.translator.forLanguage(language);
  const records = await collectRecords(db, claimed.userId, t);
  if (!records) throw new Error('the account is gone');
  await drawUserBoletos(deps, claimed.userId);
  const stored = await filesOf(db, claimed.userId);
  const document: DataExportDocument = {
    formatVersion: DATA_EXPORT_FORMAT_VERSION,
    generatedAt: new Date().toISOString(),
    userId: claimed.userId,
    language,
    records,
    files: stored.map(({ storageKey: _key, ...file }) => file),
  };
  const data = JSON.stringify(document, null, 2);
  const summary = exportSummary(t, language, document);
  const totalBytes = stored.reduce((sum, file) => sum + file.size, 0) + data.length + summary.length;
  const storageId = randomUUID();
  await db.update(dataExports).set({ storageId, totalBytes }).where(eq(dataExports.id, claimed.id));
  claimed.storageId = storageId;

  async function* entries(): AsyncIterable<ZipEntry> {
    yield { name: 'data.json', text: data };
    yield { name: 'summary.html', text: summary };
    for (const file of stored) yield { name: file.path, open: () => deps.fileStore.open(file.storageKey) };
  }
  const progress = progressWriter(db, claimed.id, data.length + summary.length);
  // zip.js loads with the first export, not at start (issue 35).
  const { zipStream } = await import('./data-export-zip.ts');
  const size = await deps.uploads.put(storageId, zipStream(entries(), progress.add), 'application/zip');
  await progress.flush();
  await markReady(deps, claimed, { size, totalBytes, language });
}

/** Counts the bytes read and, at most once a second, writes them with a renewed lease (the progress the user sees). */
function progressWriter(db: Db, id: string, textBytes: number) {
  let done = textBytes;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const write = () => {
    lastWrite = Date.now();
    writing = writing.then(() =>
      db
        .update(dataExports)
        .set({ doneBytes: done, leaseUntil: new Date(Date.now() + EXPORT_LEASE_MS) })
        .where(and(eq(dataExports.id, id), eq(dataExports.state, 'running'))),
    );
  };
  return {
    add: (bytes: number) => {
      done += bytes;
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) write();
    },
    flush: async () => {
      write();
      await writing;
    },
  };
}

async function markReady(deps: ExportDeps, claimed: ExportRow, built: { size: number; totalBytes: number; language: Language }) {
  const finishedAt = new Date();
  const expiresAt = new Date(finishedAt.getTime() + KEPT_MS);
  await writeAndPublish(
    deps.db,
    async (tx) => {
      await tx
        .update(dataExports)
        .set({ state: 'ready', size: built.size, doneBytes: built.totalBytes, finishedAt, expiresAt, leaseUntil: null })
        .where(eq(dataExports.id, claimed.id));
      const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
      if (!user) return;
      const t = deps.translator.forLanguage(built.language);
      const until = new Intl.DateTimeFormat(built.language, { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(expiresAt);
      const values = { size: formatBytes(built.size, built.language), until };
      const mail = noticeMail(t, { kind: 'dataExportReady', to: user.email, name: user.name, values, link: `${deps.baseUrl}/dashboard/privacy` });
      await queueMail(tx, 'notice', mail);
    },
    () => null,
  );
}

/** Exports that need a builder: queued, or running under a lease that ran out. */
export async function exportsToBuild(db: Db, now = new Date()): Promise<ExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(or(eq(dataExports.state, 'queued'), and(eq(dataExports.state, 'running'), lt(dataExports.leaseUntil, now))));
}

/** Removes the zips past their 7 days from the store; their rows stay `expired` (the link answers 410). Returns how many. */
export async function sweepExpiredExports(deps: Pick<ExportDeps, 'db' | 'uploads'>, now = new Date()): Promise<number> {
  const expired = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lt(dataExports.expiresAt, now)));
  for (const row of expired) {
    if (row.storageId) await deps.uploads.remove(row.storageId);
    await deps.db.update(dataExports).set({ state: 'expired' }).where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'ready')));
  }
  return expired.length;
}
