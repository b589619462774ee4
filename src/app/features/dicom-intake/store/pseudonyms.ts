import { db, type PseudonymRecord } from '#app/lib/db.ts';
import type { OriginalPatient } from '../study-summary.ts';

/** Keeps, on this device only, who the study de-identified for this entity belonged to. */
export async function rememberPseudonym(entityId: string, patients: OriginalPatient[]): Promise<void> {
  await db.pseudonyms.put({ entityId, patients, createdAt: new Date().toISOString() });
}

export function pseudonymOf(entityId: string): Promise<PseudonymRecord | undefined> {
  return db.pseudonyms.get(entityId);
}
