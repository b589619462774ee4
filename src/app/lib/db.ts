import { useSyncExternalStore } from 'react';
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type { Analysis } from '#shared/schemas/analyses.ts';
import type { Calibration } from '#shared/schemas/calibrations.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { MyQuoteStatus, QuoteFields } from '#shared/schemas/quotes.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import type { Signature } from '#shared/schemas/signatures.ts';
import type { ServiceId } from '#shared/catalog.ts';
import type { RetryReason, WaitReason } from './sync/decisions.ts';
import { i18n } from './i18n.ts';
import { showMessage } from '#app/ui/message-banner.ts';

/**
 * The local store (docs/architecture.md §4): one IndexedDB database per browser profile, holding the signed-in
 * user's records, the outbox of writes waiting for the server, the files those writes carry, and
 * bookkeeping. Screens read it with `useLiveQuery`; pulls and the outbox drainer write it.
 */
export const DATABASE_NAME = 'dosehub';

/**
 * A calibration as kept here: the server's, with v1's wire spelling `createAt` as `createdAt` (like
 * every other record; the pull and the answers translate it); a row created offline has no server
 * fields yet.
 */
export type CalibrationRecord = Omit<Calibration, 'createAt' | 'modifiedAt' | 'version'> &
  Partial<Pick<Calibration, 'modifiedAt' | 'version'>> & { createdAt?: string };
export type NotificationRecord = Notification;
/** An order as the server sends it (read-only here: staff create them). */
export type OrderRecord = Order;
/** An analysis as the server sends it; a row created offline has no server fields yet. */
export type AnalysisRecord = Omit<Analysis, 'createdAt' | 'modifiedAt' | 'version' | 'status' | 'serviceName' | 'imagesUrl' | 'report' | 'reportUrl' | 'active'> &
  Partial<Pick<Analysis, 'createdAt' | 'modifiedAt' | 'version' | 'status' | 'serviceName' | 'imagesUrl' | 'report' | 'reportUrl' | 'active'>>;
/** A subscription as the server sends it; one checked out offline is built here from the plan until the server answers. */
export type SignatureRecord = Signature;
/**
 * A quote request: as asked here (until the server has it), then as My quotes' pull brings it back with where it
 * stands (`status`, staff's `answer`, the `orderId` made from it).
 */
export interface QuoteRecord {
  id: string;
  userId: string;
  serviceId: ServiceId;
  fields: QuoteFields;
  /** How the user would pay (asked offline before issue 34's choice: none, a boleto on the server). */
  paymentMethod?: PaymentMethod;
  createdAt: string;
  status?: MyQuoteStatus;
  answeredAt?: string | null;
  answer?: string | null;
  orderId?: string | null;
}
/** `/isotopes/?q=<filter>` is a list of names; one row per (filter, name). */
export interface IsotopeRecord {
  id: `${string}:${string}`;
  filter: string;
  name: string;
}

export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict' | 'done';

export interface OutboxRow<P = unknown> {
  /** Insertion order across tabs (IndexedDB auto-increment): FIFO. */
  seq?: number;
  /** UUIDv7; also the `Idempotency-Key`. A row re-queued after a stored server answer gets a new one. */
  id: string;
  kind: string;
  entityId: string;
  payload: P;
  /** Keys in `blobs` of the files this write uploads. */
  fileIds: string[];
  queuedAt: number;
  attempts: number;
  state: OutboxState;
  /** The server's translated message, or ours for network failures. */
  lastError: string | null;
  /** The field the server's message is about (camel case, as the shared schemas name it); absent: none. */
  lastErrorField?: string | null;
  /** HTTP status of the last answer (null: none yet, or a network failure). */
  lastStatus: number | null;
  nextAttemptAt: number;
  /** Why a pending write waits (network, server busy, paused, another write first); null or absent when it is simply due. */
  waitReason?: WaitReason | RetryReason | null;
  /** Consecutive sends that got no answer (not attempts: they never grow the backoff). */
  networkFailures?: number;
  doneAt?: number;
}

/** A file picked (maybe offline) and kept until the write that uploads it is done. */
export interface StoredFile {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  size: number;
  storedAt: number;
}

/** The `meta` key of a queued file's resumable-upload record (lib/uploads/upload-store.ts); it goes with the file (lib/sync/outbox.ts). */
export const uploadRecordKey = (fileId: string) => `upload.${fileId}`;

export interface MetaRecord {
  key: string;
  value: unknown;
}

/**
 * Who a de-identified study belonged to (issue 19): the names and IDs the files held, under the
 * identifier that replaced them (the analysis's or calibration's id). Only on this device; wiped at logout.
 */
export interface PseudonymRecord {
  entityId: string;
  patients: { name: string; id: string }[];
  createdAt: string;
}

export type DoseHubDatabase = Dexie & {
  calibrations: EntityTable<CalibrationRecord, 'id'>;
  orders: EntityTable<OrderRecord, 'id'>;
  analyses: EntityTable<AnalysisRecord, 'id'>;
  notifications: EntityTable<NotificationRecord, 'id'>;
  isotopes: EntityTable<IsotopeRecord, 'id'>;
  quotes: EntityTable<QuoteRecord, 'id'>;
  signatures: EntityTable<SignatureRecord, 'id'>;
  outbox: Table<OutboxRow, number>;
  blobs: EntityTable<StoredFile, 'id'>;
  meta: EntityTable<MetaRecord, 'key'>;
  pseudonyms: EntityTable<PseudonymRecord, 'entityId'>;
};

/** The collections a pull can fill (the tables holding server records). */
export type CollectionName = 'calibrations' | 'orders' | 'analyses' | 'notifications' | 'isotopes' | 'signatures' | 'quotes';

/**
 * Schema history. Never edit a released version: add a new one (with `.upgrade()` for data moves)
 * and keep every version that has an upgrade function (docs/reference/pwa-notes.md §2.2, Dexie#156).
 */
function defineSchema(db: Dexie) {
  db.version(1).stores({
    calibrations: 'id, calibrationName, measurementDatetime',
    orders: 'id, createdAt',
    analyses: 'id, orderId',
    notifications: 'id, createdAt',
    isotopes: 'id, filter',
    outbox: '++seq, &id, state, entityId, kind',
    blobs: 'id',
    meta: 'key',
  });
  // v1's `createAt` stops at the wire: calibrations kept here say `createdAt`, as every other record.
  db.version(2)
    .stores({})
    .upgrade((tx) =>
      tx
        .table('calibrations')
        .toCollection()
        .modify((record: Record<string, unknown>) => {
          if (!('createAt' in record)) return;
          record.createdAt = record.createAt;
          delete record.createAt;
        }),
    );
  db.version(3).stores({ quotes: 'id' });
  db.version(4).stores({ pseudonyms: 'entityId' });
  db.version(5).stores({ signatures: 'id' });
}

export function createDatabase(name = DATABASE_NAME): DoseHubDatabase {
  const db = new Dexie(name) as DoseHubDatabase;
  defineSchema(db);
  // Another tab upgrades or deletes the database (a new deploy, a logout, another user): let it go
  // ahead, and start this tab again on the new state rather than keep showing what is gone.
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: false });
    reloadPage();
    return false;
  });
  return db;
}

export const db = createDatabase();

// ---- Reload (replaceable in tests) -----------------------------------------------------------------

let reloadPage: () => void = () => window.location.reload();

/** Tests: what a `versionchange` from another tab does instead of reloading. Returns the previous one. */
export function setReloadHandler(handler: () => void) {
  const previous = reloadPage;
  reloadPage = handler;
  return previous;
}

// ---- Which user the database belongs to -------------------------------------------------------------

const USER_KEY = 'userId';
let databaseUser: string | null = null;
const userListeners = new Set<() => void>();

function setDatabaseUser(userId: string | null) {
  if (databaseUser === userId) return;
  databaseUser = userId;
  userListeners.forEach((listener) => listener());
}

/** The user whose data the database holds now (null before `openUserDatabase` and after a wipe). */
export function getDatabaseUser() {
  return databaseUser;
}

/** React: the user the local data belongs to; screens show local data only when it is the signed-in user. */
export function useDatabaseUser(): string | null {
  return useSyncExternalStore(
    (listener) => {
      userListeners.add(listener);
      return () => userListeners.delete(listener);
    },
    () => databaseUser,
    () => null,
  );
}

let opening: Promise<void> = Promise.resolve();

/**
 * Opens the database for `userId`. Data of another user is deleted first (a shared hospital computer
 * keeps nothing of the previous user). Calls queue one after another, so two callers never wipe twice.
 */
export function openUserDatabase(userId: string): Promise<void> {
  const run = opening.then(async () => {
    if (databaseUser === userId && db.isOpen()) return;
    await reopen();
    const owner = (await db.meta.get(USER_KEY))?.value;
    if (owner !== userId) {
      if (typeof owner === 'string') {
        // Deleting (not clearing) also tells other tabs, which reload on the new session.
        await db.delete({ disableAutoOpen: false });
        await db.open();
      } else {
        await clearAllTables();
      }
      await db.meta.put({ key: USER_KEY, value: userId });
    }
    setDatabaseUser(userId);
  });
  opening = run.catch(() => undefined);
  return run;
}

/** Deletes every local record, the outbox and stored files (logout). The database reopens empty on next use. */
export function wipeDatabase(): Promise<void> {
  const run = opening.then(async () => {
    setDatabaseUser(null);
    await db.delete({ disableAutoOpen: false });
  });
  opening = run.catch(() => undefined);
  return run;
}

async function clearAllTables() {
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
}

/** Opens the database if it is closed (iOS drops IndexedDB connections of backgrounded apps). */
async function reopen() {
  if (!db.isOpen()) await db.open();
}

// ---- Failures: a closed connection, a full disk ------------------------------------------------------

export function isDatabaseClosedError(error: unknown) {
  return error instanceof Dexie.DatabaseClosedError || (error instanceof Error && error.name === 'DatabaseClosedError');
}

/** Dexie's QuotaExceededError, or a DOMException of that name (possibly as Dexie's `inner`). */
export function isQuotaExceededError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  if (name === 'QuotaExceededError') return true;
  return inner !== undefined && inner !== error && isQuotaExceededError(inner);
}

const reported = new WeakSet<object>();

/** A full disk is the user's to fix: say so in the message banner (kept until closed), once per error. Returns whether it was one. */
export function reportStorageError(error: unknown) {
  if (!isQuotaExceededError(error)) return false;
  if (!reported.has(error as object)) {
    reported.add(error as object);
    showMessage({ type: 'error', message: i18n.t('sync:storage.quotaExceeded'), timeout: false });
  }
  return true;
}

/**
 * Runs a read-write transaction on the local database. A connection that was closed under us is
 * reopened and the work retried once; a quota error is shown to the user and rethrown.
 */
export async function localWrite<T>(tables: Table[], scope: (tx: Transaction) => Promise<T> | T): Promise<T> {
  try {
    try {
      return await db.transaction('rw', tables, scope);
    } catch (error) {
      if (!isDatabaseClosedError(error)) throw error;
      await db.open();
      return await db.transaction('rw', tables, scope);
    }
  } catch (error) {
    reportStorageError(error);
    throw error;
  }
}

/** Reads with one reopen on a closed connection (for code outside `useLiveQuery`, which Dexie re-runs itself). */
export async function localRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseClosedError(error)) throw error;
    await db.open();
    return read();
  }
}
