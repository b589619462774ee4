import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from './loading-indicator.tsx';
import { OfflineNotice } from './offline-notice.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** A translated text for an empty answer. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * Loading, offline with nothing stored (a paused query), error (with retry) and SPEC.md's
 * "Serviço indisponível!" for an empty list, around a query's data.
 */
export function QueryState<T>({ query, isEmpty, children }: QueryStateProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending) return query.fetchStatus === 'paused' ? <OfflineNotice /> : <LoadingIndicator />;
  if (query.isError) {
    return (
      <Alert color="red" title={t('errors.loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {query.error.message}
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <Alert color="yellow" role="status">
        {t('errors.serviceUnavailable')}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
