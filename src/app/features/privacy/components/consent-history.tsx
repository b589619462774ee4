import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format/date-time.ts';
import type { ConsentRecord } from '#shared/schemas/privacy.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { formatVersion } from '../format.ts';

/** Every version of the terms and the privacy notice accepted, newest first (the user's, or in the back-office a user's). */
export function ConsentHistory({ records }: { records: readonly ConsentRecord[] }) {
  const { t } = useTranslation('privacy');
  const language = useLanguage();
  if (records.length === 0) return <Text c="dimmed">{t('dashboard.consentsEmpty')}</Text>;
  return (
    <List spacing="xs" listStyleType="none" aria-label={t('dashboard.consentsTitle')}>
      {records.map((record) => (
        <List.Item key={`${record.document}-${record.version}`}>
          <Text span fw={600}>
            {t('dashboard.consentRow', { document: t(`documents.${record.document}`), version: formatVersion(record.version, language) })}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {t('dashboard.acceptedAt', { at: formatDateTime(record.acceptedAt, language) })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
