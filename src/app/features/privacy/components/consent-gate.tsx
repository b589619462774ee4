import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsentStatus } from '#shared/schemas/privacy.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { LoadingIndicator } from '#app/ui/loading-indicator.tsx';
import { consentsQuery, useAcceptConsents } from '../api/privacy-queries.ts';
import { formatVersion } from '../format.ts';

/**
 * Issue 30: while a newer version of the terms or the privacy notice awaits the user's acceptance, the dashboard shows
 * only the screen that asks for it (the server refuses their writes meanwhile). Offline, what was seen stays readable.
 */
export function ConsentGate({ userId, termsUrl, children }: { userId: string; termsUrl?: string; children: ReactNode }) {
  const { t } = useTranslation('privacy');
  const consents = useQuery(consentsQuery(userId));
  if (consents.isPending) return consents.fetchStatus === 'paused' || consents.isError ? children : <LoadingIndicator />;
  const pending = consents.data?.pending ?? [];
  if (pending.length === 0) return children;
  if (consents.isError || consents.fetchStatus === 'paused') {
    return (
      <>
        <Alert color="yellow">{t('gate.offline')}</Alert>
        {children}
      </>
    );
  }
  return <AcceptScreen userId={userId} status={consents.data} termsUrl={termsUrl} />;
}

function AcceptScreen({ userId, status, termsUrl }: { userId: string; status: ConsentStatus; termsUrl?: string }) {
  const { t } = useTranslation('privacy');
  const language = useLanguage();
  const [checked, setChecked] = useState(false);
  const accept = useAcceptConsents(userId);
  const links = { privacy: '/privacy', terms: termsUrl };
  const submit = () => accept.mutate({ accept: status.pending.map((document) => ({ document, version: status.current[document] })) });
  return (
    <Paper component="section" aria-labelledby="consent-gate-title" withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <Title order={2} id="consent-gate-title">
          {t('gate.title')}
        </Title>
        <Text>{t('gate.lead')}</Text>
        <List spacing="xs">
          {status.pending.map((document) => (
            <List.Item key={document}>
              {t('gate.item', { document: t(`documents.${document}`), version: formatVersion(status.current[document], language) })}
              {links[document] && (
                <>
                  {' · '}
                  <Anchor href={links[document]} target="_blank" rel="noopener">
                    {t('gate.read')}
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
        <Checkbox label={t('gate.check')} checked={checked} onChange={(event) => setChecked(event.currentTarget.checked)} />
        {accept.isError && (
          <Alert color="red" title={t('gate.failed')} role="alert">
            {accept.error.message}
          </Alert>
        )}
        <Button disabled={!checked} loading={accept.isPending} onClick={submit}>
          {t('gate.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
