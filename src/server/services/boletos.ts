import { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { bills, files } from '../db/schema.ts';
import type { IssuedBill } from '../payments/provider.ts';
import type { FileStore, StoredBytes } from '../storage/file-store.ts';

/**
 * A boleto the provider issued, kept: its PDF in the file store, then in the caller's transaction the PDF as the
 * user's file and the `bills` row, for an order or for a subscription (with the USD total and the rate of its BRL
 * amount). The order's bill (services/payments.ts) and the subscription's (services/subscription-lifecycle.ts)
 * both record it here.
 */

export type BoletoSubject = { orderId: string } | { subscriptionId: string; usdAmountCents: number; usdBrlRate: string };

export interface Boleto {
  userId: string;
  /** The PDF's file name, as the user downloads it. */
  fileName: string;
  provider: string;
  payerDocument: string;
  issued: IssuedBill;
  subject: BoletoSubject;
}

/** Writes the boleto's file and bill rows in `tx` from its stored PDF; returns the file's id. */
async function insertBoleto(tx: Db, boleto: Boleto, stored: StoredBytes): Promise<string> {
  const [file] = await tx.insert(files).values({ userId: boleto.userId, name: boleto.fileName, contentType: 'application/pdf', ...stored }).returning({ id: files.id });
  const { providerBillId, amountCents, dueDate, line, barcode } = boleto.issued;
  await tx.insert(bills).values({ ...boleto.subject, provider: boleto.provider, providerBillId, amountCents, dueDate, line, barcode, payerDocument: boleto.payerDocument, fileId: file!.id });
  return file!.id;
}

/**
 * Stores the PDF, then runs `write` with a function that records the boleto in its transaction; when `write`
 * fails the stored PDF is removed, so a failed write leaves no file behind.
 */
export async function keepBoleto<T>(fileStore: FileStore, boleto: Boleto, write: (record: (tx: Db) => Promise<string>) => Promise<T>): Promise<T> {
  const stored = await fileStore.save(Readable.from([boleto.issued.pdf]));
  try {
    return await write((tx) => insertBoleto(tx, boleto, stored));
  } catch (error) {
    await fileStore.remove(stored.storageKey);
    throw error;
  }
}
