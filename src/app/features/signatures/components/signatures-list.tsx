import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/lib/api-client.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { signaturesPullQuery } from '../api/signature-queries.ts';
import { useSignatures } from '../store/signature-store.ts';
import { SignatureCard } from './signature-card.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

/** /dashboard/my-signatures: the user's subscriptions from the local database (offline too), pulled on entering; current ones first. */
export function SignaturesList({ userId }: { userId: string }) {
  const { t } = useTranslation(['signatures', 'sync', 'common']);
  const pull = useQuery(signaturesPullQuery(userId));
  const signatures = useSignatures();
  const firstPullRunning = pull.data === undefined && pull.fetchStatus === 'fetching';
  return (
    <ScreenPanel title={t('list.title')} description={t('list.description')}>
      {pull.isError && (signatures?.length ?? 0) > 0 && (
        <Text size="sm" c="yellow.9" role="status">
          {t('list.refreshFailed', { message: pull.error instanceof ApiError ? pull.error.message : t('sync:errors.network') })}
        </Text>
      )}
      {signatures === undefined || (signatures.length === 0 && firstPullRunning) ? (
        <ListLoader />
      ) : signatures.length === 0 ? (
        <EmptyState title={t('list.empty')}>
          <Anchor component={Link} to="/plans">
            {t('list.toPlans')}
          </Anchor>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label={t('list.title')}>
          {signatures.map((signature) => (
            <SignatureCard key={signature.id} signature={signature} userId={userId} />
          ))}
        </SimpleGrid>
      )}
    </ScreenPanel>
  );
}
