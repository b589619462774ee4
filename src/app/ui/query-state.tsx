import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';
import { LoadingIndicator } from './loading-indicator.tsx';
import { OfflineNotice } from './offline-notice.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** A translated text for an empty answer. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** fetch rejects with a TypeError when no answer came at all (offline, server down). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * Loading, offline with nothing stored (a paused or unanswered query), error (with retry) and docs/product.md's
 * "Serviço indisponível!" for an empty list, around a query's data. Nothing spins forever.
 */
export function QueryState<T>({ query, isEmpty, children }: QueryStateProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineNotice />;
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) {
    if (isNetworkFailure(query.error) && !navigator.onLine) return <OfflineNotice />;
    const message = query.error instanceof ApiError ? query.error.message : t(isNetworkFailure(query.error) ? 'apiErrors.network' : 'apiErrors.unexpected');
    return (
      <Alert color="red" title={t('errors.loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {message}
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
