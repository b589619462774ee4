import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SecuritySection } from '#app/features/account/components/security-section.tsx';
import { QueryState } from '#app/ui/query-state.tsx';
import { consentsQuery, privacyFactsQuery } from '../api/privacy-queries.ts';
import { ConsentHistory } from './consent-history.tsx';
import { DataKindsTable } from './data-kinds-table.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { ExportSection } from './export-section.tsx';
import { PrivacyFactsList } from './privacy-facts.tsx';

/** /dashboard/privacy (issue 30): what we hold and why, who processes it, the consents, then export and deletion. */
export function PrivacyPage({ userId }: { userId: string }) {
  const { t } = useTranslation('privacy');
  const facts = useQuery(privacyFactsQuery());
  const consents = useQuery(consentsQuery(userId));
  return (
    <Stack gap="lg">
      <SecuritySection title={t('dashboard.holdTitle')} description={t('dashboard.lead')}>
        <DataKindsTable />
        <Anchor component={Link} to="/privacy" style={{ alignSelf: 'flex-start' }}>
          {t('dashboard.noticeLink')}
        </Anchor>
      </SecuritySection>
      <SecuritySection title={t('dashboard.processorsTitle')}>
        <QueryState query={facts}>{(data) => <PrivacyFactsList facts={data} />}</QueryState>
      </SecuritySection>
      <SecuritySection title={t('dashboard.consentsTitle')}>
        <QueryState query={consents}>{(data) => <ConsentHistory records={data.history} />}</QueryState>
      </SecuritySection>
      <ExportSection userId={userId} />
      <DeleteAccountSection />
    </Stack>
  );
}
