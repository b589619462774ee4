import { useId } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format/date-time.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import type { CalibrationRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { ItemActions, ItemHeading } from '#app/ui/item-actions.tsx';
import { useEntitySync } from '#app/ui/sync-badge.tsx';
import { netActivity } from '../calibration-values.ts';
import { formatMeasure } from '#app/lib/format-measure.ts';
import { useQueuedFile } from '#app/lib/sync/use-queued-file.ts';
import { EditAndRetryLink, SyncProblem } from './sync-problem.tsx';

/**
 * One calibration (docs/product.md §2 "My calibrations"): its values with units, the net activity, the
 * images' download link once the server has them (while new ones wait to be sent, their name
 * instead), its sync state (a live region), Edit and Delete.
 */
export function CalibrationItem({ calibration, onDelete }: { calibration: CalibrationRecord; onDelete: (calibration: CalibrationRecord) => void }) {
  const { t } = useTranslation('calibrations');
  const language = useLanguage();
  const titleId = useId();
  const sync = useEntitySync(calibration.id);
  const queuedImages = useQueuedFile(calibration.id);
  const name = calibration.calibrationName;
  const problem = sync && (sync.state === 'failed' || sync.state === 'conflict') ? sync.row : null;
  const measure = (value: number) => formatMeasure(value, language);

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md" data-calibration-id={calibration.id}>
      <Stack gap="sm">
        <ItemHeading titleId={titleId} name={name} entityId={calibration.id} />
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
          <DetailField label={t('fields.syringeActivity')}>{measure(calibration.syringeActivity)}</DetailField>
          <DetailField label={t('fields.residualSyringeActivity')}>{measure(calibration.residualSyringeActivity)}</DetailField>
          <DetailField label={t('fields.netActivity')}>{measure(netActivity(calibration))}</DetailField>
          <DetailField label={t('fields.measurementDatetime')}>
            <time dateTime={calibration.measurementDatetime}>{formatDateTime(calibration.measurementDatetime, language)}</time>
          </DetailField>
          <DetailField label={t('fields.isotope')}>{calibration.isotope}</DetailField>
          <DetailField label={t('fields.phantomVolume')}>{measure(calibration.phantomVolume)}</DetailField>
          <DetailField label={t('fields.acquisitionTime')}>{measure(calibration.acquisitionTime)}</DetailField>
        </SimpleGrid>
        {problem && <SyncProblem row={problem} name={name} editLink={<EditAndRetryLink id={calibration.id} name={name} />} />}
        <Group justify="space-between" gap="xs">
          {queuedImages ? (
            <Text size="sm" c="dimmed">
              {t('item.imagesQueued', { name: queuedImages.name })}
            </Text>
          ) : calibration.imagesUrl ? (
            <Anchor href={calibration.imagesUrl} download size="sm" aria-label={t('item.downloadImagesLabel', { name })}>
              <Group component="span" gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {t('item.downloadImages')}
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          <ItemActions
            renderEditLink={(props) => <Link to="/dashboard/my-calibrations/$id/edit" params={{ id: calibration.id }} {...props} />}
            labels={{ edit: t('item.edit'), editLabel: t('item.editLabel', { name }), delete: t('item.delete'), deleteLabel: t('item.deleteLabel', { name }) }}
            onDelete={() => onDelete(calibration)}
          />
        </Group>
      </Stack>
    </Card>
  );
}
