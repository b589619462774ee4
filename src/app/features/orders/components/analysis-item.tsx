import { useId } from 'react';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format/date-time.ts';
import type { AnalysisStatusCode } from '#shared/schemas/orders.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import type { AnalysisRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { ItemActions, ItemHeading } from '#app/ui/item-actions.tsx';
import { useEntitySync } from '#app/ui/sync-badge.tsx';
import { formatMeasure } from '#app/lib/format-measure.ts';
import { useQueuedFile } from '#app/lib/sync/use-queued-file.ts';
import { useLocalPatient } from '#app/features/dicom-intake/store/pseudonyms.ts';
import { isEditable } from '../store/analysis-store.ts';
import { EditAndRetryLink, SyncProblem } from './sync-problem.tsx';

/** The main line of steps; Invalid information (II) takes Verifying information's place as the failure branch. */
const STEPS = ['DS', 'AI', 'PR', 'CO'] as const satisfies readonly AnalysisStatusCode[];

/** Where a status is on the line: the steps before it are done; CO completes every step. */
export function stepIndexOf(status: AnalysisStatusCode): number {
  if (status === 'CO') return STEPS.length;
  if (status === 'II') return 1;
  return STEPS.indexOf(status);
}

/** docs/product.md §4: Data sent → Verifying information → Processing analysis → Analysis completed; Invalid information as the failure branch. */
export function AnalysisSteps({ status, messageToUser }: { status: AnalysisStatusCode; messageToUser: string }) {
  const { t } = useTranslation('analyses');
  const invalid = status === 'II';
  // On a phone the four steps stack; wider, they stay on one line (their labels wrap) instead of leaving one step on a line of its own.
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('status.current')}{' '}
        <Text span fw={600} c={invalid ? 'red.8' : undefined} data-status={status}>
          {t(`status.${status}`)}
        </Text>
      </Text>
      <Stepper
        active={stepIndexOf(status)}
        size="xs"
        iconSize={26}
        orientation={wide ? 'horizontal' : 'vertical'}
        wrap={false}
        styles={{ separator: { minWidth: 16, marginInline: 8 } }}
        allowNextStepsSelect={false}
        aria-hidden
      >
        {STEPS.map((step) =>
          invalid && step === 'AI' ? (
            <Stepper.Step key="II" label={t('status.II')} color="red" icon={<IconX size={14} />} />
          ) : (
            <Stepper.Step key={step} label={t(`status.${step}`)} />
          ),
        )}
      </Stepper>
      {invalid && (
        <Alert color="red" variant="light" title={t('item.invalidTitle')} p="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {messageToUser || t('item.invalidNoMessage')}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * One analysis: its status steps, dates, the service's values, the report download once completed,
 * its sync state, and Edit / Delete while it is in Data sent or Invalid information.
 */
export function AnalysisItem({
  analysis,
  calibrationName,
  onDelete,
}: {
  analysis: AnalysisRecord;
  calibrationName?: string;
  onDelete: (analysis: AnalysisRecord) => void;
}) {
  const { t } = useTranslation('analyses');
  const language = useLanguage();
  const titleId = useId();
  const sync = useEntitySync(analysis.id);
  const queuedImages = useQueuedFile(analysis.id);
  const localPatient = useLocalPatient(analysis.id);
  const name = analysis.analysisName;
  const problem = sync && (sync.state === 'failed' || sync.state === 'conflict') ? sync.row : null;
  const editable = isEditable(analysis);
  const dateTime = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, language)}</time>;

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md" data-analysis-id={analysis.id}>
      <Stack gap="sm">
        <ItemHeading titleId={titleId} name={name} entityId={analysis.id} />
        <AnalysisSteps status={analysis.statusCode} messageToUser={analysis.messageToUser} />
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
          {analysis.createdAt && <DetailField label={t('fields.createdAt')}>{dateTime(analysis.createdAt)}</DetailField>}
          {analysis.modifiedAt && <DetailField label={t('fields.modifiedAt')}>{dateTime(analysis.modifiedAt)}</DetailField>}
          {analysis.calibrationId && <DetailField label={t('fields.calibrationId')}>{calibrationName ?? t('item.unknownCalibration')}</DetailField>}
          {analysis.injectedActivity !== undefined && <DetailField label={t('fields.injectedActivity')}>{formatMeasure(analysis.injectedActivity, language)}</DetailField>}
          {analysis.administrationDatetime && <DetailField label={t('fields.administrationDatetime')}>{dateTime(analysis.administrationDatetime)}</DetailField>}
          {analysis.isotope && <DetailField label={t('fields.isotope')}>{analysis.isotope}</DetailField>}
          {localPatient && <DetailField label={t('fields.localPatient')}>{localPatient}</DetailField>}
        </SimpleGrid>
        {problem && <SyncProblem row={problem} name={name} editLink={<EditAndRetryLink orderId={analysis.orderId} id={analysis.id} name={name} />} />}
        <Group justify="space-between" gap="xs">
          <Group gap="md">
            {analysis.statusCode === 'CO' && analysis.reportUrl && (
              <Anchor href={analysis.reportUrl} target="_blank" rel="noopener" size="sm" aria-label={t('item.reportLabel', { name })}>
                <Group component="span" gap={4} wrap="nowrap">
                  <IconDownload size={16} aria-hidden />
                  {t('item.report')}
                </Group>
              </Anchor>
            )}
            {queuedImages ? (
              <Text size="sm" c="dimmed">
                {t('item.imagesQueued', { name: queuedImages.name })}
              </Text>
            ) : (
              analysis.imagesUrl && (
                <Anchor href={analysis.imagesUrl} download size="sm" aria-label={t('item.imagesLabel', { name })}>
                  {t('item.images')}
                </Anchor>
              )
            )}
          </Group>
          {editable && (
            <ItemActions
              renderEditLink={(props) => (
                <Link to="/dashboard/my-services/$orderId/analysis-form/$analysisId/edit" params={{ orderId: analysis.orderId, analysisId: analysis.id }} {...props} />
              )}
              labels={{ edit: t('item.edit'), editLabel: t('item.editLabel', { name }), delete: t('item.delete'), deleteLabel: t('item.deleteLabel', { name }) }}
              onDelete={() => onDelete(analysis)}
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
