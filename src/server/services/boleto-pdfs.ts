import { Readable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bills, files } from '../db/schema.ts';
import { appError } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { UNDRAWN_KEY_PREFIX, type FileStore } from '../storage/file-store.ts';

/**
 * A boleto's PDF is drawn on the first read of its file (a download, the data export), not when it is issued:
 * issuing stays a few rows (issue 35), and most boletos are paid from the line in the mail or the app. The PDF is
 * then stored and its file row takes its key, size and hash, so every later read is of the stored bytes.
 *
 * Drawing once: the reads of one file in this process wait for one drawing; two processes may both draw, and the
 * row's conditional update keeps the first one's bytes (the other removes its copy and reads the row again).
 */

type FileRow = typeof files.$inferSelect;

export interface BoletoPdfDeps {
  db: Db;
  fileStore: Pick<FileStore, 'save' | 'remove'>;
  /** The providers by name: a bill's own draws its PDF. */
  providers: Map<string, PaymentProvider>;
}

const isUndrawn = (file: Pick<FileRow, 'storageKey'>) => file.storageKey.startsWith(UNDRAWN_KEY_PREFIX);

/** Drawings under way in this process, by file id. */
const drawing = new Map<string, Promise<FileRow>>();

async function currentRow(db: Db, id: string): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw appError(404, 'errors.notFound');
  return row;
}

async function draw(deps: BoletoPdfDeps, file: FileRow): Promise<FileRow> {
  const [bill] = await deps.db.select().from(bills).where(eq(bills.fileId, file.id));
  const provider = bill && deps.providers.get(bill.provider);
  if (!bill || !provider) throw appError(404, 'errors.notFound');
  const pdf = await provider.billPdf({
    amountCents: bill.amountCents,
    payer: { name: bill.payerName ?? '', document: bill.payerDocument },
    dueDate: bill.dueDate,
    documentNumber: bill.documentNumber ?? '',
    instructions: bill.instructions,
    line: bill.line!,
    barcode: bill.barcode!,
    issuedAt: bill.createdAt,
  });
  const stored = await deps.fileStore.save(Readable.from([pdf]));
  const [kept] = await deps.db.update(files).set(stored).where(and(eq(files.id, file.id), eq(files.storageKey, file.storageKey))).returning();
  if (kept) return kept;
  // Drawn meanwhile by another process, or the file is gone (a replaced bill, a deleted account): ours is not kept.
  await deps.fileStore.remove(stored.storageKey);
  return currentRow(deps.db, file.id);
}

/** The file as stored: a boleto not drawn yet is drawn and stored first (404 when its bill or provider is gone). */
export async function drawnFile(deps: BoletoPdfDeps, file: FileRow): Promise<FileRow> {
  if (!isUndrawn(file)) return file;
  let pending = drawing.get(file.id);
  if (!pending) {
    pending = draw(deps, file).finally(() => drawing.delete(file.id));
    drawing.set(file.id, pending);
  }
  return pending;
}

/** Draws every boleto of the user's not drawn yet (before the data export lists their files with sizes and hashes). */
export async function drawUserBoletos(deps: BoletoPdfDeps, userId: string): Promise<void> {
  const undrawn = await deps.db.select().from(files).where(and(eq(files.userId, userId), like(files.storageKey, `${UNDRAWN_KEY_PREFIX}%`)));
  for (const file of undrawn) await drawnFile(deps, file);
}
