import { useLiveQuery } from 'dexie-react-hooks';
import { db, type PseudonymRecord } from '#app/lib/db.ts';
import type { OriginalPatient } from '../study-summary.ts';

/** Keeps, on this device only, who the study de-identified for this entity belonged to. */
export async function rememberPseudonym(entityId: string, patients: OriginalPatient[]): Promise<void> {
  await db.pseudonyms.put({ entityId, patients, createdAt: new Date().toISOString() });
}

export function pseudonymOf(entityId: string): Promise<PseudonymRecord | undefined> {
  return db.pseudonyms.get(entityId);
}

/** Who this entity's de-identified study belonged to, as this device remembers it ("Silva^Maria (MRN-1)"), or null. */
export function useLocalPatient(entityId: string): string | null | undefined {
  return useLiveQuery(async () => {
    const record = await db.pseudonyms.get(entityId);
    return record ? record.patients.map((patient) => (patient.id ? `${patient.name} (${patient.id})` : patient.name)).join(', ') : null;
  }, [entityId]);
}
