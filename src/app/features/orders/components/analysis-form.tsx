import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isQuotaExceededError, type AnalysisRecord, type OrderRecord } from '#app/lib/db.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { DateTimeField } from '#app/ui/date-field.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { QueuedFormAlerts, useServerProblem } from '#app/ui/queued-form.tsx';
import { QueuedImagesInput, useImagesInput } from '#app/ui/queued-images-input.tsx';
import { UploadProgressList } from '#app/ui/upload-progress.tsx';
import { isotopesQuery, useIsotopeNames } from '#app/lib/isotopes.ts';
import { useQueuedFile } from '#app/lib/sync/use-queued-file.ts';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { ANALYSIS_ISOTOPES, analysesPullQuery, ordersPullQuery } from '../api/order-queries.ts';
import {
  EMPTY_FORM,
  SERVER_FIELDS,
  analysisValuesOf,
  checkAnalysis,
  fieldSetOf,
  formValuesOf,
  takesAnalyses,
  type AnalysisFormValues,
  type AnalysisService,
} from '../analysis-values.ts';
import {
  createAnalysis,
  isEditable,
  remainingOf,
  updateAnalysis,
  useAnalyses,
  useAnalysis,
  useCalibrationChoices,
  useOrder,
  usePendingSlots,
} from '../store/analysis-store.ts';
import { BackToServices } from './analyses-list.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';


function BackToAnalyses({ orderId }: { orderId: string }) {
  const { t } = useTranslation('analyses');
  return (
    <Button renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analyses" params={{ orderId }} {...props} />} variant="light" size="sm">
      {t('form.backToAnalyses')}
    </Button>
  );
}

/** Why no analysis can be added to this order now, or null. */
function addBlocker(order: OrderRecord, remaining: number): 'paymentPending' | 'noAnalyses' | 'noneRemaining' | null {
  if (order.statusCode !== 'CON') return 'paymentPending';
  if (!takesAnalyses(order.serviceId)) return 'noAnalyses';
  return remaining <= 0 ? 'noneRemaining' : null;
}

/** /dashboard/my-services/{orderId}/analysis-form/create */
export function CreateAnalysisPanel({ userId, orderId }: { userId: string; orderId: string }) {
  const { t } = useTranslation(['analyses', 'orders']);
  const ordersPull = useQuery(ordersPullQuery(userId));
  useQuery(analysesPullQuery(userId, orderId));
  const order = useOrder(userId, orderId);
  const pending = usePendingSlots();
  const waiting = order === undefined || pending === undefined || (order === null && ordersPull.data === undefined && ordersPull.fetchStatus === 'fetching');
  const remaining = order ? remainingOf(order, pending) : 0;
  const blocker = order ? addBlocker(order, remaining) : null;
  return (
    <ScreenPanel title={t('form.createTitle')} description={t('form.createDescription')} actions={<BackToServices />}>
      {waiting ? (
        <ListLoader />
      ) : order === null ? (
        <Alert color="yellow" role="status">
          {t('orderNotFound')}
        </Alert>
      ) : blocker ? (
        <Alert color="yellow" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(`orders:reasons.${blocker}`)}</Text>
            <BackToAnalyses orderId={orderId} />
          </Stack>
        </Alert>
      ) : (
        <AnalysisForm userId={userId} order={order as OrderRecord & { serviceId: AnalysisService }} remaining={remaining} />
      )}
    </ScreenPanel>
  );
}

/** /dashboard/my-services/{orderId}/analysis-form/{analysisId}/edit: the local record (also after the server refused it). */
export function EditAnalysisPanel({ userId, orderId, analysisId }: { userId: string; orderId: string; analysisId: string }) {
  const { t } = useTranslation('analyses');
  const ordersPull = useQuery(ordersPullQuery(userId));
  const pull = useQuery(analysesPullQuery(userId, orderId));
  const order = useOrder(userId, orderId);
  const analysis = useAnalysis(userId, analysisId);
  const pending = usePendingSlots();
  const waiting =
    order === undefined ||
    analysis === undefined ||
    pending === undefined ||
    (order === null && ordersPull.data === undefined && ordersPull.fetchStatus === 'fetching') ||
    (analysis === null && pull.data === undefined && pull.fetchStatus === 'fetching');
  const found = order && analysis && analysis.orderId === orderId && takesAnalyses(order.serviceId);
  return (
    <ScreenPanel title={t('form.editTitle')} description={t('form.editDescription')} actions={<BackToServices />}>
      {waiting ? (
        <ListLoader />
      ) : !found ? (
        <Alert color="yellow" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('form.notFound')}</Text>
            <BackToAnalyses orderId={orderId} />
          </Stack>
        </Alert>
      ) : !isEditable(analysis) ? (
        <Alert color="yellow" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('form.notEditable', { status: t(`status.${analysis.statusCode}`) })}</Text>
            <BackToAnalyses orderId={orderId} />
          </Stack>
        </Alert>
      ) : (
        <AnalysisForm
          key={analysis.id}
          userId={userId}
          order={order as OrderRecord & { serviceId: AnalysisService }}
          analysis={analysis}
          remaining={remainingOf(order, pending)}
        />
      )}
    </ScreenPanel>
  );
}

const asChange = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

/**
 * The analysis form of the order's service: dosimetry (name, calibration, injected activity,
 * administration date-time), radiosynoviorthesis (name, isotope), segmentation (name); and the image
 * series (required on create; on edit blank keeps the current ones). Saving writes here and queues
 * the upload and the server call, online or offline, then returns to the analyses.
 */
function AnalysisForm({
  userId,
  order,
  analysis,
  remaining,
}: {
  userId: string;
  order: OrderRecord & { serviceId: AnalysisService };
  analysis?: AnalysisRecord;
  remaining: number;
}) {
  const { t } = useTranslation(['analyses', 'validation', 'sync']);
  const navigate = useNavigate();
  const language = useLanguage();
  const { online } = useConnectivity();
  const editing = analysis !== undefined;
  const set = fieldSetOf(order.serviceId);
  const isotopesRefresh = useQuery({ ...isotopesQuery(userId, ANALYSIS_ISOTOPES), enabled: set === 'radiosyno' });
  const isotopeNames = useIsotopeNames(ANALYSIS_ISOTOPES);
  const calibrations = useCalibrationChoices();
  const analyses = useAnalyses(userId, order.id);
  const queuedImages = useQueuedFile(analysis?.id ?? '');
  const [saving, setSaving] = useState(false);
  // The new analysis's id, known before saving: de-identified DICOM carry it as Patient ID.
  const [newId] = useState(uuidV7);

  const otherNames = (analyses ?? []).filter((other) => other.id !== analysis?.id).map((other) => other.analysisName);
  const form = useFormState<AnalysisFormValues>({
    initialValues: analysis ? formValuesOf(analysis, language) : EMPTY_FORM,
    validate: (values) => checkAnalysis(values, { serviceId: order.serviceId, otherNames, imagesRequired: !editing }),
  });

  const { problem, general, setGeneral } = useServerProblem(analysis?.id, form.showApiError, SERVER_FIELDS);

  const onSubmit = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setGeneral([]);
    try {
      const data = analysisValuesOf(values, order.serviceId);
      const chosen = await resolveImages();
      if (chosen === 'hold') {
        setSaving(false);
        return;
      }
      if (analysis) await updateAnalysis(userId, analysis.id, data, chosen, chosen?.name);
      else await createAnalysis(userId, order, data, chosen!, chosen!.name, newId);
      showMessage({ type: 'success', message: t(editing ? 'messages.updated' : 'messages.created') });
      await navigate({ to: '/dashboard/my-services/$orderId/analyses', params: { orderId: order.id } });
    } catch (error) {
      if (!isQuotaExceededError(error)) setGeneral([{ key: 'analyses:form.saveFailed' }]);
      setSaving(false);
    }
  });

  const calibration = form.textField('calibrationId');
  const calibrationOptions = (calibrations ?? []).map((choice) => ({ value: choice.id, label: choice.calibrationName }));
  if (calibration.value && !calibrationOptions.some((option) => option.value === calibration.value)) {
    calibrationOptions.unshift({ value: calibration.value, label: t('item.unknownCalibration') });
  }
  const isotope = form.textField('isotope');
  const isotopeOptions = [...(isotopeNames ?? [])];
  if (isotope.value && !isotopeOptions.includes(isotope.value)) isotopeOptions.unshift(isotope.value);
  const isotopesMissing = isotopeNames !== undefined && isotopeNames.length === 0 && isotopesRefresh.isError;
  const { resolveImages, formRef, inputProps: imagesInput } = useImagesInput(form.textField('images'), { purpose: set, entityId: analysis?.id ?? newId });
  const selectProps = {
    searchable: true,
    openOnFocus: false,
    allowDeselect: false,
    required: true,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
      <Stack gap="lg">
        <Text size="sm" fw={600} role="status">
          {t('form.remaining', { count: remaining })}
        </Text>
        <QueuedFormAlerts general={general} refused={problem !== null} online={online} offlineNote={t('form.offlineNote')} />
        {analysis && <UploadProgressList entityIds={[analysis.id]} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label={t('fields.analysisName')} description={t('form.nameHint')} inputWrapperOrder={['label', 'input', 'description', 'error']} required maxLength={24} autoComplete="off" {...form.textField('analysisName')} />
          {set === 'dosimetry' && (
            <>
              <Select
                {...selectProps}
                label={t('fields.calibrationId')}
                placeholder={t('form.calibrationPlaceholder')}
                description={calibrations && calibrations.length === 0 ? t('form.noCalibrations') : undefined}
                nothingFoundMessage={t('form.nothingFound')}
                data={calibrationOptions}
                name="calibrationId"
                value={calibration.value || null}
                onChange={(value) => calibration.onChange(asChange(value ?? ''))}
                error={calibration.error}
                ref={calibration.ref}
              />
              <TextInput label={t('fields.injectedActivity')} required inputMode="decimal" autoComplete="off" {...form.textField('injectedActivity')} />
              <DateTimeField
                label={t('fields.administrationDatetime')}
                description={t('form.administrationHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                {...form.valueField('administrationDatetime')}
              />
            </>
          )}
          {set === 'radiosyno' && (
            <Select
              {...selectProps}
              label={t('fields.isotope')}
              placeholder={t('form.isotopePlaceholder')}
              description={isotopesMissing ? t('form.isotopesUnavailable') : undefined}
              nothingFoundMessage={t('form.nothingFound')}
              data={isotopeOptions}
              name="isotope"
              value={isotope.value || null}
              onChange={(value) => isotope.onChange(asChange(value ?? ''))}
              error={isotope.error}
              ref={isotope.ref}
            />
          )}
        </SimpleGrid>
        <QueuedImagesInput
          label={t('fields.images')}
          createHint={t('form.imagesHint')}
          editing={editing}
          queued={queuedImages}
          {...imagesInput}
        />
        <Group justify="flex-end" gap="sm">
          <Button renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analyses" params={{ orderId: order.id }} {...props} />} variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
