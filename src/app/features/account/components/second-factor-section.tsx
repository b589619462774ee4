import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '#app/ui/query-state.tsx';
import { securityQuery, useRegenerateRecoveryCodes, useRemoveTotp } from '../api/security-api.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecuritySection, showFailure as failed } from './security-section.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';

/** The Security page's second factors (issue 31): optional for clinicians, required for staff. */
export function SecondFactorSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const status = useQuery(securityQuery(userId));
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes(userId);
  const remove = useRemoveTotp(userId);
  return (
    <SecuritySection title={t('secondFactor.title')} description={t('secondFactor.description')}>
      {shownCodes && <RecoveryCodesList codes={shownCodes} />}
      <QueryState query={status}>
        {(security) => (
          <Stack gap="xl">
            {security.totp ? (
              <Stack gap="sm">
                <Group gap="xs">
                  <Text fw={600}>{t('secondFactor.totp')}</Text>
                  <Badge color="teal" variant="dot">
                    {t('secondFactor.on')}
                  </Badge>
                </Group>
                <Text>{t('secondFactor.codesLeft', { count: security.recoveryCodesLeft })}</Text>
                <Group gap="sm">
                  <Button variant="light" loading={regenerate.isPending} onClick={() => regenerate.mutate(undefined, { onSuccess: (answer) => setShownCodes(answer?.recoveryCodes ?? []), onError: failed })}>
                    {t('secondFactor.newCodes')}
                  </Button>
                  <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => setShownCodes(null), onError: failed })}>
                    {t('secondFactor.remove')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <TotpEnrolment userId={userId} onConfirmed={setShownCodes} />
            )}
            <PasskeysSection userId={userId} passkeys={security.passkeys} />
          </Stack>
        )}
      </QueryState>
    </SecuritySection>
  );
}
