import { useId } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db, type OutboxRow, type OutboxState } from '#app/lib/db.ts';
import { queuedRows } from '#app/lib/sync/outbox.ts';
import {
  cancelUpload,
  pauseUpload,
  readUploadRecord,
  resumeUpload,
  useUploadProgress,
  type UploadProgress,
} from '#app/lib/uploads/upload-store.ts';
import { formatBytes, pace, percentOf } from '#app/lib/uploads/transfer-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { showMessage } from './message-banner.ts';
import { counting, useNow, waitText } from './sync-wait.ts';

interface QueuedUpload {
  fileId: string;
  entityId: string;
  name: string;
  size: number;
  state: OutboxState;
  paused: boolean;
  /** The file is on the server; only the entity's request is left. */
  uploaded: boolean;
  /** What the server last confirmed of it (shown while no upload runs: offline, after a reload). */
  bytesConfirmed: number;
  /** The write carrying it: what it waits for, and when it is due. */
  write: Pick<OutboxRow, 'state' | 'waitReason' | 'nextAttemptAt'>;
}

/** Files of unsent writes (not refused: those show their problem elsewhere), optionally of some entities only. */
function useQueuedUploads(entityIds?: readonly string[]): QueuedUpload[] | undefined {
  const key = entityIds?.join(',') ?? '*';
  return useLiveQuery(async () => {
    const rows = await queuedRows();
    const wanted = rows.filter((row) => row.fileIds.length > 0 && (!entityIds || entityIds.includes(row.entityId)));
    const out: QueuedUpload[] = [];
    for (const row of wanted) {
      for (const fileId of row.fileIds) {
        const file = await db.blobs.get(fileId);
        if (!file) continue;
        const record = await readUploadRecord(fileId);
        out.push({
          fileId,
          entityId: row.entityId,
          name: file.name,
          size: file.size,
          state: row.state,
          paused: record?.paused ?? false,
          uploaded: Boolean(record?.uploadId),
          bytesConfirmed: record?.uploadUrl ? (record.bytesConfirmed ?? 0) : 0,
          write: { state: row.state, waitReason: row.waitReason ?? null, nextAttemptAt: row.nextAttemptAt },
        });
      }
    }
    return out;
  }, [key]);
}

function run(action: () => Promise<unknown>, failed: string) {
  action().catch(() => showMessage({ type: 'error', message: failed }));
}

function UploadRow({ upload, live }: { upload: QueuedUpload; live: UploadProgress | undefined }) {
  const { t } = useTranslation(['uploads', 'sync']);
  const language = useLanguage();
  const now = useNow(!live && counting(upload.write));
  const wait = waitText(upload.write, now);
  // Pause and resume keep their short names; the file's name describes which upload they act on.
  const nameId = useId();
  const percent = live ? percentOf(live.bytesDone, live.bytesTotal) : upload.uploaded ? 100 : percentOf(upload.bytesConfirmed, upload.size);
  const status = upload.paused
    ? t('status.paused')
    : upload.uploaded
      ? t('status.uploaded')
      : live?.phase === 'hashing'
        ? t('status.hashing')
        : live
          ? t('status.uploading')
          : wait?.key === 'wait.server' || wait?.key === 'wait.serverSoon'
            ? t(`sync:${wait.key}`, wait)
            : t('status.waiting');
  const failed = t('actionFailed');
  return (
    <Paper withBorder radius="sm" p="sm" data-upload-file={upload.fileId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text id={nameId} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {upload.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(upload.size, language)}
          </Text>
        </Group>
        <Progress
          value={percent}
          animated={Boolean(live) && !upload.paused}
          color={upload.paused ? 'gray' : live?.phase === 'hashing' ? 'grape' : 'blue'}
          aria-label={t('progressLabel', { name: upload.name })}
          aria-valuetext={t('percent', { percent })}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" role="status" aria-live="polite">
            {status} · {t('percent', { percent })}
            {live ? pace(t, language, live) : ''}
          </Text>
          {!upload.uploaded && (
            <Group gap={4}>
              {upload.paused ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} aria-hidden />}
                  aria-describedby={nameId}
                  onClick={() => run(() => resumeUpload(upload.fileId), failed)}
                >
                  {t('resume')}
                </Button>
              ) : (
                <Button
                  size="compact-xs"
                  variant="default"
                  leftSection={<IconPlayerPause size={14} aria-hidden />}
                  aria-describedby={nameId}
                  onClick={() => run(() => pauseUpload(upload.fileId), failed)}
                >
                  {t('pause')}
                </Button>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} aria-hidden />}
                aria-label={t('cancelLabel', { name: upload.name })}
                onClick={() => run(() => cancelUpload(upload.fileId), failed)}
              >
                {t('cancel')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The files waiting to go up with queued writes (of `entityIds`, or all): a progress bar with the
 * percentage, speed and time left while this tab uploads them, and pause / resume / cancel. Nothing
 * when there are none.
 */
export function UploadProgressList({ entityIds }: { entityIds?: readonly string[] }) {
  const { t } = useTranslation('uploads');
  const uploads = useQueuedUploads(entityIds);
  const live = useUploadProgress();
  if (!uploads || uploads.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('title')}>
      <Text size="sm" fw={600}>
        {t('title')}
      </Text>
      {uploads.map((upload) => (
        <UploadRow key={upload.fileId} upload={upload} live={live.get(upload.fileId)} />
      ))}
    </Stack>
  );
}
