import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabaseUser } from './db.ts';

/**
 * A live read of the local database that answers only once the database holds `userId`'s data (a screen
 * never shows another user's records while the switch happens): undefined until then, and while loading.
 */
export function useUserLiveQuery<T>(userId: string, read: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const databaseUser = useDatabaseUser();
  return useLiveQuery(async () => (databaseUser === userId ? read() : undefined), [databaseUser, userId, ...deps]);
}
