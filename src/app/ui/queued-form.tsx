import { useEffect, useRef, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';
import type { OutboxRow } from '#app/lib/db.ts';
import { messageText, type FormMessage } from '#app/lib/form-errors.ts';
import { useEntitySync } from './sync-badge.tsx';

/**
 * What every form of a queued entity (calibration, analysis, ...) shares around its fields: "edit and
 * retry" puts the server's reason for a refused or conflicting write beside its field (or above the
 * form), and the form's alerts say what went wrong and that, offline, the change waits on this device.
 */

type ShowApiError<F> = (error: unknown, serverFields: Readonly<Record<string, F>>, showGeneral: (messages: FormMessage[]) => void) => void;

/**
 * The entity's refused or conflicting write (null when none), shown on the form once per answer; and
 * the form's general messages.
 */
export function useServerProblem<F>(entityId: string | undefined, showApiError: ShowApiError<F>, serverFields: Readonly<Record<string, F>>) {
  const sync = useEntitySync(entityId ?? '');
  const [general, setGeneral] = useState<FormMessage[]>([]);
  const problem: OutboxRow | null = sync && (sync.state === 'failed' || sync.state === 'conflict') ? sync.row : null;
  const problemMessage = problem?.lastError ?? null;
  const problemField = problem?.lastErrorField ?? undefined;
  const problemStatus = problem?.lastStatus ?? 400;
  const show = useRef(showApiError);
  useEffect(() => {
    show.current = showApiError;
  });
  useEffect(() => {
    if (!problemMessage) return;
    // After this commit: the form state renders the message, then moves the focus to its field.
    const timer = setTimeout(() => show.current(new ApiError(problemStatus, [{ field: problemField, message: problemMessage }]), serverFields, setGeneral));
    return () => clearTimeout(timer);
  }, [problemMessage, problemField, problemStatus, serverFields]);
  return { problem, general, setGeneral };
}

/** The form's general messages (titled as the server's refusal when they come from one) and the offline note. */
export function QueuedFormAlerts({
  general,
  refused,
  online,
  offlineNote,
}: {
  general: FormMessage[];
  refused: boolean;
  online: boolean;
  /** What happens to this entity's save offline (the feature's words). */
  offlineNote: string;
}) {
  const { t } = useTranslation('sync');
  return (
    <>
      {general.length > 0 && (
        <Alert color="red" role="alert" title={refused ? t('form.serverRefused') : undefined}>
          {general.map((message) => (
            <Text size="sm" key={messageText(message, t)}>
              {messageText(message, t)}
            </Text>
          ))}
        </Alert>
      )}
      {!online && (
        <Alert color="blue" variant="light" role="status">
          {offlineNote}
        </Alert>
      )}
    </>
  );
}
