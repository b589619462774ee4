import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadNowProgress } from '#app/signed-in-runtime.tsx';
import { pace, percentOf } from '#app/lib/uploads/transfer-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { Meter } from './meter.tsx';

/**
 * The report's upload as it goes: checking the file, then the percentage, speed and time left, worded as the queued
 * uploads' list words them (`lib/uploads/transfer-text.ts`; not ui/upload-progress.tsx: importing that chunk here
 * splits the upload store into a chunk of its own, listed in the preloads of `/`).
 */
export function ReportProgress({ name, progress }: { name: string; progress: UploadNowProgress | null }) {
  const { t } = useTranslation('uploads');
  const language = useLanguage();
  if (!progress) return null;
  const percent = percentOf(progress.bytesDone, progress.bytesTotal);
  return (
    <Stack gap={4} data-report-upload>
      <Meter value={percent} label={t('progressLabel', { name })} />
      <Text size="xs" role="status" aria-live="polite">
        {t(progress.phase === 'hashing' ? 'status.hashing' : 'status.uploading')} · {t('percent', { percent })}
        {pace(t, language, progress)}
      </Text>
    </Stack>
  );
}
