import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { showMessage } from '#app/ui/message-banner.ts';
import { localRead, wipeDatabase } from './db.ts';
import { i18n } from './i18n.ts';
import { QUERY_CACHE_STORAGE_KEY } from './query-client.ts';
import { forgetCachedReports } from './report-cache.ts';
import { logout } from './session-api.ts';
import { outboxDrainer } from './sync/drainer.ts';
import { PROBLEM_STATES, unsentRows } from './sync/outbox.ts';

/**
 * Logout on a shared hospital computer (docs/architecture.md §4): writes not yet on the server are shown first,
 * with the choice to wait (stay signed in and send them now) or discard them; then the local
 * database, the query cache (and its persisted copy) and the session all go.
 */

export interface UnsentWrites {
  /** Writes the server has not accepted. */
  total: number;
  /** Of those, the ones the server rejected or that conflict (they need the user). */
  problems: number;
}

/** wait: stay signed in and send now; discard: drop them and log out; cancel: do nothing. */
export type LogoutChoice = 'wait' | 'discard' | 'cancel';
export type LogoutAsker = (unsent: UnsentWrites) => Promise<LogoutChoice>;

export async function countUnsentWrites(): Promise<UnsentWrites> {
  const rows = await localRead(unsentRows);
  return { total: rows.length, problems: rows.filter((row) => PROBLEM_STATES.includes(row.state)).length };
}

// ---- The question, answered by <LogoutDialog /> -------------------------------------------------------

export interface LogoutQuestion {
  unsent: UnsentWrites;
  answer: (choice: LogoutChoice) => void;
}

let question: LogoutQuestion | null = null;
const questionListeners = new Set<() => void>();

function setQuestion(next: LogoutQuestion | null) {
  question = next;
  questionListeners.forEach((listener) => listener());
}

/** Shows the question in <LogoutDialog /> and resolves with the user's choice. */
export const askWithDialog: LogoutAsker = (unsent) =>
  new Promise((resolve) => {
    question?.answer('cancel');
    const asked: LogoutQuestion = {
      unsent,
      answer: (choice) => {
        if (question === asked) setQuestion(null);
        resolve(choice);
      },
    };
    setQuestion(asked);
  });

/** React: the open question, or null. */
export function useLogoutQuestion(): LogoutQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      questionListeners.add(listener);
      return () => questionListeners.delete(listener);
    },
    () => question,
    () => null,
  );
}

// ---- The flow ---------------------------------------------------------------------------------------

/** Work to do while the session still exists (e.g. telling the server to stop pushing to this browser). */
export const beforeLogoutTasks = new Set<() => Promise<void>>();
const BEFORE_LOGOUT_LIMIT_MS = 3_000;

function runBeforeLogoutTasks() {
  const tasks = [...beforeLogoutTasks].map((task) => task().catch(() => undefined));
  return Promise.race([Promise.all(tasks), new Promise((resolve) => setTimeout(resolve, BEFORE_LOGOUT_LIMIT_MS))]);
}

/** Clears everything of the session in this browser: drainer, server session and cookies, query cache, local database, cached reports. */
export async function endLocalSession(queryClient: QueryClient) {
  await outboxDrainer.stop();
  await runBeforeLogoutTasks();
  await logout(queryClient);
  try {
    localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was persisted there.
  }
  await Promise.all([wipeDatabase(), forgetCachedReports()]);
}

async function sendNowAndTell() {
  await outboxDrainer.drain();
  const { total } = await countUnsentWrites();
  showMessage(
    total === 0
      ? { type: 'success', message: i18n.t('sync:logout.allSent') }
      : { type: 'warning', message: i18n.t('sync:logout.stillUnsent', { count: total }) },
  );
}

/**
 * What the Logout button runs. Resolves true when the user is logged out, false when they chose to
 * stay (to wait for their writes, or closing the question).
 */
export async function requestLogout(queryClient: QueryClient, { ask = askWithDialog }: { ask?: LogoutAsker } = {}): Promise<boolean> {
  const unsent = await countUnsentWrites().catch(() => ({ total: 0, problems: 0 }));
  if (unsent.total > 0) {
    const choice = await ask(unsent);
    if (choice === 'wait') {
      void sendNowAndTell();
      return false;
    }
    if (choice !== 'discard') return false;
  }
  await endLocalSession(queryClient);
  return true;
}
