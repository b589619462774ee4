import { useLiveQuery } from 'dexie-react-hooks';
import { queuedFileOf } from './outbox.ts';

/** The file a queued write of this entity will upload (the latest picked): its name and size, or null; undefined while loading. */
export function useQueuedFile(entityId: string): { name: string; size: number } | null | undefined {
  return useLiveQuery(async () => {
    const file = await queuedFileOf(entityId);
    return file ? { name: file.name, size: file.size } : null;
  }, [entityId]);
}
