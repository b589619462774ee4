import { Alert, Code, List } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown this once (only their hashes are kept): a list a screen reader reads one by one. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  return (
    <Alert color="yellow" variant="light" title={t('recoveryCodes.title')} icon={<IconKey aria-hidden />} role="status">
      {t('recoveryCodes.explain')}
      <List aria-label={t('recoveryCodes.title')} mt="sm" spacing={4} listStyleType="none" ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code>{code}</Code>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
