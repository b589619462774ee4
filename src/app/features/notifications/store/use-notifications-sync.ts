import { useQuery } from '@tanstack/react-query';
import { useDatabaseUser } from '#app/lib/db.ts';
import { notificationsPullQuery } from '../api/notification-queries.ts';

/**
 * App-wide: while signed in, pull the notifications at start and every 60 s while the app is visible,
 * so the bell is right on every page. Waits until the local database is open for the user.
 */
export function useNotificationsSync(userId: string | null) {
  const databaseUser = useDatabaseUser();
  useQuery({ ...notificationsPullQuery(userId ?? ''), enabled: userId !== null && databaseUser === userId });
}
