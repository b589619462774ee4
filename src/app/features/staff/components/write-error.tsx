import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';

/** The server's messages for a refused write, or the network's (a write is never kept for later). */
export function WriteError({ error }: { error: unknown }) {
  const { t } = useTranslation('staff');
  if (!error) return null;
  const messages = error instanceof ApiError && error.errors.length ? error.errors : [t(error instanceof ApiError ? 'errors.unexpected' : 'errors.network')];
  return (
    <Alert color="red" role="alert" title={t('errors.notSaved')}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}

/** A field's own messages from a refused write (the field as the shared schemas name it), for `error=` on its input. */
export const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fieldErrors(field).join(' ') || undefined : undefined);
