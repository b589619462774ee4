import { useId } from 'react';
import { Alert, Anchor, Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isExportBuilding, type DataExportState } from '#shared/schemas/data-export.ts';
import { formatDateTime } from '#shared/format/date-time.ts';
import { API_BASE } from '#app/lib/api-client.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { formatBytes } from '#app/lib/uploads/transfer-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { showErrorMessages } from '#app/ui/message-banner.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { dataExportQuery, useRequestDataExport } from '../api/data-export-api.ts';

/**
 * "Download my data" (issue 30) on /dashboard/privacy: ask for the zip, follow its progress, download it until
 * it expires. Asking again while one is built joins it. It needs the network: offline, the button says so
 * instead of queueing (the zip could not be downloaded offline anyway, and the mail tells when it is ready).
 */
export function ExportSection({ userId }: { userId: string }) {
  const { t } = useTranslation('privacy-export');
  const headingId = useId();
  const latest = useQuery(dataExportQuery(userId));
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {t('title')}
        </Title>
        <Text c="dimmed">{t('description')}</Text>
        <QueryState query={latest}>{({ export: state }) => <ExportState userId={userId} state={state} />}</QueryState>
      </Stack>
    </Paper>
  );
}

function ExportState({ userId, state }: { userId: string; state: DataExportState | null }) {
  const { t } = useTranslation('privacy-export');
  const { online } = useConnectivity();
  const request = useRequestDataExport(userId);
  const building = isExportBuilding(state);
  const ask = () => request.mutate(undefined, { onError: (error) => showErrorMessages([{ text: error.message }]) });
  return (
    <Stack gap="sm">
      {state && building && <ExportProgress state={state} />}
      {state?.state === 'ready' && <ReadyExport state={state} />}
      {state?.state === 'expired' && <Text>{t('expired')}</Text>}
      {state?.state === 'failed' && <Alert color="red">{t('failed')}</Alert>}
      {!online && <Alert color="yellow">{t('needsNetwork')}</Alert>}
      <Button style={{ alignSelf: 'flex-start' }} onClick={ask} loading={request.isPending} disabled={!online}>
        {building ? t('join') : state ? t('requestAgain') : t('request')}
      </Button>
    </Stack>
  );
}

function ExportProgress({ state }: { state: DataExportState }) {
  const { t } = useTranslation('privacy-export');
  const language = useLanguage();
  const percent = state.totalBytes > 0 ? Math.min(100, Math.round((state.doneBytes / state.totalBytes) * 100)) : 0;
  const label = state.state === 'queued' ? t('queued') : t('running', { done: formatBytes(state.doneBytes, language), total: formatBytes(state.totalBytes, language), percent });
  return (
    <Stack gap={4}>
      <Text role="status">{label}</Text>
      <Progress value={percent} animated aria-label={t('progressLabel')} aria-valuetext={`${percent}%`} />
    </Stack>
  );
}

function ReadyExport({ state }: { state: DataExportState }) {
  const { t } = useTranslation('privacy-export');
  const language = useLanguage();
  const href = state.downloadUrl!.replace(/^\/api\/v1/, API_BASE);
  return (
    <Stack gap={4}>
      <Anchor href={href} download fw={600}>
        {t('download', { size: formatBytes(state.size ?? 0, language) })}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('readySince', { finished: formatDateTime(state.finishedAt!, language), expires: formatDateTime(state.expiresAt!, language) })}
      </Text>
    </Stack>
  );
}
