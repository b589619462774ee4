import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isExportBuilding, type DataExportState } from '#shared/schemas/data-export.ts';
import { API_BASE } from '#app/lib/api-client.ts';
import { formatBytes } from '#app/lib/uploads/transfer-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { Dialog } from '#app/ui/dialog.tsx';
import { staffUserExportQuery, useStaffExport } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import { WriteError } from './write-error.tsx';

/**
 * Issue 30: staff produce a user's data export on the user's request (audited), follow it and download the zip to
 * hand it over; the user is mailed it too. The dialog says the request and the downloads are in the audit log.
 */
export function UserExport({ userId }: { userId: string }) {
  const { t } = useTranslation('staff');
  const latest = useQuery(staffUserExportQuery(userId));
  const [asking, setAsking] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-label={t('users.exportTitle')}>
      <Title order={3} size="h4">
        {t('users.exportTitle')}
      </Title>
      {latest.data && <ExportState state={latest.data.export} />}
      <Button variant="default" style={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
        {t('users.exportButton')}
      </Button>
      <ExportDialog userId={userId} opened={asking} onClose={() => setAsking(false)} />
    </Stack>
  );
}

function ExportDialog({ userId, opened, onClose }: { userId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const request = useStaffExport(userId);
  const close = () => (request.reset(), onClose());
  return (
    <Dialog opened={opened} onClose={close} title={t('users.exportDialogTitle')}>
      <Stack gap="sm">
        <Text>{t('users.exportDialogBody')}</Text>
        <Text fw={600}>{t('users.exportDialogAudit')}</Text>
        <WriteError error={request.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button loading={request.isPending} onClick={() => request.mutate(undefined, { onSuccess: close })} data-autofocus>
            {t('users.exportConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function ExportState({ state }: { state: DataExportState | null }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const language = useLanguage();
  if (!state) return <Text c="dimmed">{t('users.exportNone')}</Text>;
  if (isExportBuilding(state)) {
    const percent = state.totalBytes > 0 ? Math.min(100, Math.round((state.doneBytes / state.totalBytes) * 100)) : 0;
    return <Text role="status">{t('users.exportBuilding', { percent })}</Text>;
  }
  if (state.state === 'failed') return <Alert color="red">{t('users.exportFailed')}</Alert>;
  if (state.state === 'expired') return <Text c="dimmed">{t('users.exportExpired')}</Text>;
  return (
    <Stack gap={2} role="status">
      <Anchor href={state.downloadUrl!.replace(/^\/api\/v1/, API_BASE)} download fw={600} style={{ alignSelf: 'flex-start' }}>
        {t('users.exportReady', { size: formatBytes(state.size ?? 0, language) })}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('users.exportExpires', { at: format.date(state.expiresAt!) })}
      </Text>
    </Stack>
  );
}
