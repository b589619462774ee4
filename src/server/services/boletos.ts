import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { bills, files } from '../db/schema.ts';
import type { BillRequest, IssuedBill } from '../payments/provider.ts';
import { UNDRAWN_KEY_PREFIX, type FileStore, type StoredBytes } from '../storage/file-store.ts';

/**
 * A boleto the provider issued, kept: the user's file of its PDF and the `bills` row, for an order or for a
 * subscription (with the USD total and the rate of its BRL amount). The order's bill (services/bill-issuing.ts) and
 * the subscription's (services/subscription-lifecycle.ts) both record it here. A PDF the provider handed back is
 * stored at once; one it did not is drawn on the file's first download (services/boleto-pdfs.ts), from what the
 * bill keeps.
 */

export type BoletoSubject = { orderId: string } | { subscriptionId: string; usdAmountCents: number; usdBrlRate: string };

export interface Boleto {
  userId: string;
  /** The PDF's file name, as the user downloads it. */
  fileName: string;
  provider: string;
  payerDocument: string;
  /** What the provider was asked: the bill keeps the payer's name, the document number and the instructions its PDF prints. */
  request: BillRequest;
  issued: IssuedBill;
  subject: BoletoSubject;
}

/** The rows of a kept boleto: its file (id chosen here, so that a batch inserts every file and bill in two statements) and its bill. */
export interface BoletoRows {
  file: typeof files.$inferInsert & { id: string };
  bill: typeof bills.$inferInsert;
}

/** The rows of `boleto`, its file over the stored PDF or, without one yet, an undrawn key (no size, no hash until drawn). */
function boletoRows(boleto: Boleto, stored: StoredBytes | null): BoletoRows {
  const id = randomUUID();
  const bytes = stored ?? { storageKey: `${UNDRAWN_KEY_PREFIX}${id}`, size: 0, sha256: '' };
  const file = { id, userId: boleto.userId, name: boleto.fileName, contentType: 'application/pdf', ...bytes };
  const { providerBillId, amountCents, dueDate, line, barcode } = boleto.issued;
  const { payer, documentNumber, instructions } = boleto.request;
  const bill = { ...boleto.subject, provider: boleto.provider, providerBillId, amountCents, dueDate, line, barcode, payerDocument: boleto.payerDocument, payerName: payer.name, documentNumber, instructions: instructions ?? null, fileId: id };
  return { file, bill };
}

/** A bill's rows to insert: a boleto's file and bill, or a PIX charge's bill alone (`file` null). */
export type BillRows = Omit<BoletoRows, 'file'> & { file: BoletoRows['file'] | null };

/** Writes the bills' file and bill rows in `tx`, each kind in one statement. */
export async function insertBills(tx: Db, rows: BillRows[]): Promise<void> {
  if (rows.length === 0) return;
  const pdfs = rows.flatMap(({ file }) => file ?? []);
  if (pdfs.length > 0) await tx.insert(files).values(pdfs);
  await tx.insert(bills).values(rows.map(({ bill }) => bill));
}

/**
 * Stores the provider's PDF when it gave one, then runs `write` with the boleto's rows to record in its transaction;
 * when `write` fails the stored PDF is removed, so a failed write leaves no file behind.
 */
export async function keepBoleto<T>(fileStore: FileStore, boleto: Boleto, write: (rows: BoletoRows) => Promise<T>): Promise<T> {
  const stored = boleto.issued.pdf ? await fileStore.save(Readable.from([boleto.issued.pdf])) : null;
  try {
    return await write(boletoRows(boleto, stored));
  } catch (error) {
    if (stored) await fileStore.remove(stored.storageKey);
    throw error;
  }
}
