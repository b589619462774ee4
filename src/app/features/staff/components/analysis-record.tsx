import { Alert, Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldExclamation, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffAnalysis } from '#shared/schemas/staff-analyses.ts';
import { staffApi } from '#shared/schemas/staff-routes.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { staffAnalysisQuery, useMoveAnalysis } from '../api/staff-analyses.ts';
import { useStaffFormat } from '../format.ts';
import { AnalysisMoveForm } from './analysis-move-form.tsx';
import { RecordLink } from './record-link.tsx';
import { StatusBadge } from './status-badge.tsx';

/** One analysis: who sent it, its values and calibration, its files (plain links: the browser streams them), and the status move. */
export function AnalysisRecord({ id }: { id: string }) {
  const query = useQuery(staffAnalysisQuery(id));
  const move = useMoveAnalysis();
  return <QueryState query={query}>{(analysis) => <AnalysisDetail analysis={analysis} move={move} />}</QueryState>;
}

function AnalysisDetail({ analysis, move }: { analysis: StaffAnalysis; move: ReturnType<typeof useMoveAnalysis> }) {
  const { t } = useTranslation(['staff', 'calibrations']);
  const format = useStaffFormat();
  return (
    <ScreenPanel title={analysis.analysisName} description={<StatusBadge status={analysis.statusCode} />}>
      {analysis.notDeidentified && (
        <Alert color="orange" icon={<IconShieldExclamation aria-hidden />} title={t('analyses.notDeidentified')} role="note">
          {t('analyses.notDeidentifiedBody')}
          {analysis.identifyingElements?.length ? (
            <List size="sm" mt={4}>
              {analysis.identifyingElements.map((element) => (
                <List.Item key={element}>{element}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
        <DetailField label={t('analyses.user')}>
          <RecordLink section="users" id={analysis.user.id}>
            {analysis.user.name || analysis.user.email}
          </RecordLink>{' '}
          <Text span size="sm" c="dimmed">
            {analysis.user.email}
          </Text>
        </DetailField>
        <DetailField label={t('analyses.order')}>{analysis.orderCode}</DetailField>
        <DetailField label={t('analyses.service')}>{analysis.serviceName}</DetailField>
        <DetailField label={t('analyses.createdAt')}>{format.date(analysis.createdAt)}</DetailField>
        <DetailField label={t('analyses.modifiedAt')}>{format.date(analysis.modifiedAt)}</DetailField>
        {analysis.isotope && <DetailField label={t('calibrations:fields.isotope')}>{analysis.isotope}</DetailField>}
        {analysis.injectedActivity !== undefined && <DetailField label={t('analyses.injectedActivity')}>{analysis.injectedActivity}</DetailField>}
        {analysis.administrationDatetime && <DetailField label={t('analyses.administration')}>{format.date(analysis.administrationDatetime)}</DetailField>}
      </SimpleGrid>
      {analysis.messageToUser && (
        <Alert color="red" title={t('analyses.currentMessage')}>
          {analysis.messageToUser}
        </Alert>
      )}
      <Group gap="md">
        {analysis.imagesFileId && <FileLink href={staffApi.file(analysis.imagesFileId)} label={t('analyses.downloadImages')} />}
        {analysis.reportFileId && <FileLink href={staffApi.file(analysis.reportFileId)} label={t('analyses.downloadReport')} />}
      </Group>
      {analysis.calibration && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('analyses.calibration')}>
          <Title order={3} size="h5" mb="xs">
            {t('analyses.calibration')}: {analysis.calibration.calibrationName}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
            <DetailField label={t('calibrations:fields.isotope')}>{analysis.calibration.isotope}</DetailField>
            <DetailField label={t('calibrations:fields.syringeActivity')}>{analysis.calibration.syringeActivity}</DetailField>
            <DetailField label={t('calibrations:fields.residualSyringeActivity')}>{analysis.calibration.residualSyringeActivity}</DetailField>
            <DetailField label={t('calibrations:fields.measurementDatetime')}>{format.date(analysis.calibration.measurementDatetime)}</DetailField>
            <DetailField label={t('calibrations:fields.phantomVolume')}>{analysis.calibration.phantomVolume}</DetailField>
            <DetailField label={t('calibrations:fields.acquisitionTime')}>{analysis.calibration.acquisitionTime}</DetailField>
          </SimpleGrid>
          {analysis.calibration.imagesUrl && <FileLink href={analysis.calibration.imagesUrl} label={t('analyses.downloadCalibrationImages')} />}
        </Paper>
      )}
      {/* Focus comes back here after a move (the form is new after it): to the next move's first choice, or the section. */}
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('analyses.moveTitle')} data-focus-row>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('analyses.moveTitle')}
          </Title>
          <AnalysisMoveForm key={move.data ? `${move.data.id}-${move.data.version}` : 'read'} analysis={analysis} move={move} />
        </Stack>
      </Paper>
    </ScreenPanel>
  );
}

/** A file as a plain link: the browser downloads and streams it; nothing is read into memory here. */
function FileLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor href={href} download>
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

