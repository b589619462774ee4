// Table's styles load with this panel (a route chunk), not with the first page (src/app/ui/mantine-styles.ts).
import '@mantine/core/styles/Table.css';
import { Fragment, memo, useRef, type ChangeEvent } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#app/lib/use-language.ts';
import { formatMeasure, formatSize } from '#app/lib/format-measure.ts';
import { formatWallClock } from '#shared/format/date-time.ts';
import { formatPersonName } from '#shared/format/person-name.ts';
import classes from '#app/ui/stacked-table.module.css';
import { MBQ_PER_MCI } from '../activity.ts';
import { byGroup, type SummaryElement } from '../element-groups.ts';
import { blocks, leftOutChecks, type StudyCheck } from '../study-checks.ts';
import type { StudySummary } from '../study-summary.ts';
import type { DicomIntake } from '../use-dicom-intake.ts';

/**
 * Under the images input: choose DICOM files or a folder, then the summary per series, the checks, what
 * de-identification removes and keeps, the confirm button and its progress (issue 19).
 */
export function DicomIntakePanel({ intake, onChooseMany, onCancel }: { intake: DicomIntake; onChooseMany: (files: File[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('dicom');
  const language = useLanguage();
  const { state } = intake;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dicom-intake-title">
      <Stack gap="sm">
        <Text id="dicom-intake-title" fw={600}>
          {t('title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <ChooseButtons onChoose={onChooseMany} />
        {state.step === 'scanning' && <StepProgress label={t('scanning', { done: state.done, total: state.total })} done={state.done} total={state.total} />}
        {(state.step === 'review' || state.step === 'deidentifying') && <Review summary={state.summary} checks={state.checks} />}
        {state.step === 'review' && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void intake.confirm()} disabled={blocks(state.checks)}>
              {t('confirm', { count: state.summary.dicomFiles })}
            </Button>
          </Group>
        )}
        {state.step === 'deidentifying' && <StepProgress label={t('deidentifying', { done: state.done, total: state.total })} done={state.done} total={state.total} />}
        {state.step === 'ready' && (
          <Alert color="green" role="status" title={t('readyTitle')}>
            {t('ready', { count: state.files, size: formatSize(state.bytes, language) })}
          </Alert>
        )}
        {state.step === 'ready' && <Checks checks={leftOutChecks(state.skipped)} />}
        {state.step === 'unchecked' && (
          <Alert color="yellow" role="status">
            {t('unchecked', { name: state.name })}
          </Alert>
        )}
        {state.step === 'failed' && (
          <Alert color="red" role="alert">
            {t('failed', { message: state.message })}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('localOnly')}
        </Text>
      </Stack>
    </Paper>
  );
}

function ChooseButtons({ onChoose }: { onChoose: (files: File[]) => void }) {
  const { t } = useTranslation('dicom');
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length > 0) onChoose(files);
  };
  return (
    <Group gap="sm">
      <Button variant="light" size="sm" onClick={() => filesInput.current?.click()}>
        {t('chooseFiles')}
      </Button>
      <Button variant="light" size="sm" onClick={() => folderInput.current?.click()}>
        {t('chooseFolder')}
      </Button>
      <input ref={filesInput} type="file" multiple hidden aria-label={t('chooseFiles')} data-testid="dicom-files" onChange={chosen} />
      <input ref={folderInput} type="file" multiple hidden aria-label={t('chooseFolder')} {...{ webkitdirectory: '' }} onChange={chosen} />
    </Group>
  );
}

function StepProgress({ label, done, total }: { label: string; done: number; total: number }) {
  const value = total > 0 ? (done / total) * 100 : 0;
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {label}
      </Text>
      {/* Not `animated`: moving stripes repaint the page every frame, a core's worth of work while the worker needs it. */}
      <Progress value={value} aria-label={label} />
    </Stack>
  );
}

/** Memoised: while de-identifying, each progress message re-renders the panel with the same summary, and its tables are most of the page's work. */
const Review = memo(function Review({ summary, checks }: { summary: StudySummary; checks: StudyCheck[] }) {
  const { t } = useTranslation('dicom');
  const language = useLanguage();
  const counts = {
    files: t('counts.files', { count: summary.dicomFiles }),
    size: formatSize(summary.bytes, language),
    patients: t('counts.patients', { count: summary.patients.length }),
    studies: t('counts.studies', { count: summary.studies }),
  };
  const [patient] = summary.patients;
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {t('overview', counts)}
      </Text>
      {summary.patients.length === 1 && patient!.name && <Text size="sm">{t('patient', { name: formatPersonName(patient!.name) })}</Text>}
      <SeriesTable summary={summary} />
      <Checks checks={checks} />
      <ElementList title={t('removedTitle')} elements={summary.removed} />
      <Text size="sm">
        {t('uidsReplaced')}
        {summary.privateElements > 0 && ` ${t('privateRemoved')}`}
      </Text>
      <ElementList title={t('keptTitle')} elements={summary.kept} />
      <Text size="sm">{t('pixelsKept')}</Text>
    </Stack>
  );
});

/** The checks as alerts: blocks in red, warnings in yellow. */
function Checks({ checks }: { checks: StudyCheck[] }) {
  const { t } = useTranslation('dicom');
  return checks.map((check) => (
    <Alert key={check.code} color={check.level === 'block' ? 'red' : 'yellow'} role={check.level === 'block' ? 'alert' : 'status'}>
      {t(`checks.${check.code}`, { ...check, count: 'series' in check ? check.series : 'count' in check ? check.count : undefined })}
    </Alert>
  ));
}

/** Elements by group, each in the user's language when translated (else the standard's name), its keyword as a hint. */
function ElementList({ title, elements }: { title: string; elements: SummaryElement[] }) {
  const { t, i18n } = useTranslation('dicom');
  const nameOf = (element: SummaryElement) => (element.keyword ? t(`elements.${element.keyword}`, { defaultValue: element.name }) : element.name);
  const collator = new Intl.Collator(i18n.language);
  const named = (members: SummaryElement[]) =>
    members.map((element) => ({ ...element, shown: nameOf(element) })).sort((a, b) => collator.compare(a.shown, b.shown));
  const tagOf = (element: SummaryElement) => `${element.tag.slice(0, 4)},${element.tag.slice(4)}`;
  return (
    <Stack gap={2} role="group" aria-label={title}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {elements.length === 0 && <Text size="sm">{t('none')}</Text>}
      {byGroup(elements).map(([group, members]) => (
        <Text size="sm" key={group}>
          <Text span fw={500}>
            {t('groupLabel', { group: t(`groups.${group}`) })}
          </Text>{' '}
          {named(members).map((element, index) => (
            <Fragment key={element.tag}>
              {index > 0 && ', '}
              <span title={t('elementHint', { keyword: element.keyword || element.name, tag: tagOf(element) })}>{element.shown}</span>
            </Fragment>
          ))}
        </Text>
      ))}
    </Stack>
  );
}

function SeriesTable({ summary }: { summary: StudySummary }) {
  const { t } = useTranslation('dicom');
  const language = useLanguage();
  const figure = (value: number) => formatMeasure(value, language, 2);
  const when = (text: string | null) => (text ? formatWallClock(text, language) : dash);
  const dash = '—';
  const label = (column: (typeof COLUMNS)[number]) => ({ 'data-label': t(`columns.${column}`) });
  return (
    <Table striped withTableBorder fz="sm" aria-label={t('seriesTable')} className={classes.stacked}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.series.map((series, index) => (
            <Table.Tr key={index}>
              <Table.Td {...label('modality')}>{series.modality || dash}</Table.Td>
              <Table.Td {...label('images')}>{formatMeasure(series.images, language)}</Table.Td>
              <Table.Td {...label('study')}>{when(series.studyDate)}</Table.Td>
              <Table.Td {...label('acquisition')}>{series.acquisitionFrom ? `${when(series.acquisitionFrom)}${series.acquisitionTo !== series.acquisitionFrom ? ` – ${when(series.acquisitionTo)}` : ''}` : dash}</Table.Td>
              <Table.Td {...label('radiopharmaceutical')}>{series.radiopharmaceutical ?? dash}</Table.Td>
              <Table.Td {...label('activity')}>{series.injectedActivityMBq === null ? dash : t('units.activity', { mbq: figure(series.injectedActivityMBq), mci: figure(series.injectedActivityMBq / MBQ_PER_MCI) })}</Table.Td>
              <Table.Td {...label('injection')}>{when(series.injectionDateTime)}</Table.Td>
              <Table.Td {...label('weight')}>{series.patientWeightKg === null ? dash : t('units.kg', { value: figure(series.patientWeightKg) })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
    </Table>
  );
}

const COLUMNS = ['modality', 'images', 'study', 'acquisition', 'radiopharmaceutical', 'activity', 'injection', 'weight'] as const;
