import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiProblemsOf } from '#shared/schemas/api-errors.ts';
import type { AnalysisStatusCode } from '#shared/schemas/orders.ts';
import type { StaffAnalysis, StaffStatusMove } from '#shared/schemas/staff-analyses.ts';
import type { UploadNowProgress } from '#app/signed-in-runtime.tsx';
import { focusOrigin, returnFocus } from '#app/ui/focus-back.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { StaleAnalysisError, type useMoveAnalysis } from '../api/staff-analyses.ts';
import { ReportProgress } from './report-progress.tsx';
import { TextArea } from './text-area.tsx';
import { fieldError, WriteError } from './write-error.tsx';

type Target = StaffStatusMove['status'];

/** DOMAIN.md "Statuses": where staff may move an analysis from each status (the user sends DS again after II). */
export const NEXT_STATUSES: Record<AnalysisStatusCode, readonly Target[]> = { DS: ['AI'], AI: ['II', 'PR'], II: [], PR: ['CO'], CO: [] };

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Moves the analysis on from the status it was read in; II needs the message, CO the report PDF (a resumable upload with progress). */
export function AnalysisMoveForm({ analysis, move }: { analysis: StaffAnalysis; move: ReturnType<typeof useMoveAnalysis> }) {
  const { t } = useTranslation('staff');
  const targets = NEXT_STATUSES[analysis.statusCode];
  const [choice, setStatus] = useState<Target | ''>(targets.length === 1 ? targets[0]! : '');
  // Reloaded after someone else's move: a choice no longer offered is dropped (what was typed stays).
  const status = choice && targets.includes(choice) ? choice : '';
  const [message, setMessage] = useState('');
  const [report, setReport] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ message?: string; report?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadNowProgress | null>(null);
  const stale = move.error instanceof StaleAnalysisError ? <StaleNotice read={move.variables?.analysis ?? analysis} error={move.error} /> : null;
  if (targets.length === 0) {
    return (
      <Stack gap="sm">
        {stale}
        <Text c="dimmed">{t('analyses.noMoves')}</Text>
      </Stack>
    );
  }

  const sendReport = async (file: File): Promise<string | null> => {
    setUploading(true);
    setUploadError(null);
    try {
      // The tus code comes with the signed-in runtime (already loaded for a signed-in staff member).
      const { uploadNow } = await import('#app/signed-in-runtime.tsx');
      const result = await uploadNow(file, setProgress, new AbortController().signal);
      if ('uploadId' in result) return result.uploadId;
      setUploadError(apiProblemsOf(result.refused.body)[0]?.message ?? t('errors.unexpected'));
    } catch {
      setUploadError(t('errors.network'));
    } finally {
      setUploading(false);
    }
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    // The form is replaced after the move (keyed by the analysis's version): focus comes back to its section.
    const origin = focusOrigin();
    const found = {
      message: status === 'II' && !message.trim() ? t('errors.messageRequired') : undefined,
      report: status === 'CO' && !report ? t('errors.reportRequired') : status === 'CO' && report && !isPdf(report) ? t('errors.reportPdf') : undefined,
    };
    setProblems(found);
    if (found.message || found.report) return;
    const reportUploadId = status === 'CO' && report ? await sendReport(report) : undefined;
    if (reportUploadId === null) return;
    move.mutate(
      { analysis, move: { status, ...(status === 'II' && { message: message.trim() }), ...(reportUploadId && { reportUploadId }) } },
      {
        onSuccess: () => showMessage({ type: 'success', message: t('analyses.moved', { status: t(`statuses.${status}`) }) }),
        onSettled: () => returnFocus(origin),
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
      <Radio.Group label={t('analyses.moveTo')} value={status} onChange={(value) => setStatus(value as Target)} required>
        <Group gap="md" mt={4}>
          {targets.map((target) => (
            <Radio key={target} value={target} label={t(`statuses.${target}`)} />
          ))}
        </Group>
      </Radio.Group>
      {status === 'II' && (
        <TextArea
          label={t('analyses.messageToUser')}
          description={t('analyses.messageHelp')}
          required
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={problems.message ?? fieldError(move.error, 'message')}
        />
      )}
      {status === 'CO' && (
        <>
          <FileInput
            label={t('analyses.report')}
            description={t('analyses.reportHelp')}
            accept="application/pdf"
            required
            clearable
            value={report}
            onChange={setReport}
            error={problems.report ?? uploadError ?? fieldError(move.error, 'reportUploadId')}
            disabled={uploading}
          />
          <ReportProgress name={report?.name ?? ''} progress={progress} />
        </>
      )}
      {stale ?? <WriteError error={move.error} />}
      <Group>
        <Button type="submit" loading={uploading || move.isPending} disabled={!status}>
          {t('analyses.move')}
        </Button>
      </Group>
      </Stack>
    </form>
  );
}

/** Someone else moved it first: what it was when read, what it is now (the page shows the new one). */
function StaleNotice({ read, error }: { read: StaffAnalysis; error: StaleAnalysisError }) {
  const { t } = useTranslation('staff');
  return (
    <Alert color="yellow" role="alert" title={t('analyses.staleTitle')}>
      {t('analyses.staleBody', { before: t(`statuses.${read.statusCode}`), after: t(`statuses.${error.current.statusCode}`) })}
      {error.current.messageToUser && error.current.messageToUser !== read.messageToUser ? ` ${t('analyses.staleMessage', { message: error.current.messageToUser })}` : ''}
    </Alert>
  );
}
