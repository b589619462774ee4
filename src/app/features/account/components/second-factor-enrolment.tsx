import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { AddPasskeyForm } from './add-passkey-form.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

/**
 * Where a staff account without a second factor is sent after its password (issue 31): an authenticator app (then
 * its recovery codes) or a passkey, which upgrades the session at once; then on to `next`.
 */
export function SecondFactorEnrolment({ userId, next }: { userId: string; next: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const goOn = () => void navigate({ href: next });
  return (
    <ScreenPanel title={t('secondFactor.requiredTitle')} description={t('secondFactor.requiredDescription')}>
      {codes ? (
        <Stack gap="md" align="flex-start">
          <RecoveryCodesList codes={codes} />
          <Button onClick={goOn}>{t('secondFactor.continue')}</Button>
        </Stack>
      ) : (
        <Stack gap="xl">
          <TotpEnrolment userId={userId} onConfirmed={setCodes} />
          <Stack gap="sm">
            <Title order={3}>{t('secondFactor.passkeyTitle')}</Title>
            <Text c="dimmed">{t('secondFactor.passkeyDescription')}</Text>
            <AddPasskeyForm userId={userId} onAdded={goOn} />
          </Stack>
        </Stack>
      )}
    </ScreenPanel>
  );
}
