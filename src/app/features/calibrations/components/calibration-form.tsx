import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isQuotaExceededError, type CalibrationRecord } from '#app/lib/db.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { QueuedFormAlerts, useServerProblem } from '#app/ui/queued-form.tsx';
import { QueuedImagesInput, useImagesInput } from '#app/ui/queued-images-input.tsx';
import { UploadProgressList } from '#app/ui/upload-progress.tsx';
import { isotopesQuery, useIsotopeNames } from '#app/lib/isotopes.ts';
import { useQueuedFile } from '#app/lib/sync/use-queued-file.ts';
import { CALIBRATION_ISOTOPES, calibrationsPullQuery } from '../api/calibration-queries.ts';
import {
  EMPTY_FORM,
  SERVER_FIELDS,
  calibrationValuesOf,
  checkCalibration,
  formValuesOf,
  type CalibrationFormValues,
} from '../calibration-values.ts';
import { createCalibration, updateCalibration, useCalibration, useCalibrations } from '../store/calibration-store.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { DateTimeField } from '#app/ui/date-field.tsx';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

/** /dashboard/my-calibrations/add */
export function AddCalibrationPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('calibrations');
  useQuery(calibrationsPullQuery(userId));
  return (
    <ScreenPanel title={t('form.addTitle')} description={t('form.addDescription')}>
      <CalibrationForm userId={userId} />
    </ScreenPanel>
  );
}

/** /dashboard/my-calibrations/{id}/edit: the local record (the user's data, also after the server refused it). */
export function EditCalibrationPanel({ userId, id }: { userId: string; id: string }) {
  const { t } = useTranslation('calibrations');
  const pull = useQuery(calibrationsPullQuery(userId));
  const calibration = useCalibration(userId, id);
  const waiting = calibration === undefined || (calibration === null && pull.fetchStatus === 'fetching' && pull.data === undefined);
  return (
    <ScreenPanel title={t('form.editTitle')} description={t('form.editDescription')}>
      {waiting ? (
        <ListLoader />
      ) : calibration === null ? (
        <Alert color="yellow" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('form.notFound')}</Text>
            <Button component={Link} to="/dashboard/my-calibrations" variant="light" size="sm">
              {t('form.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <CalibrationForm key={calibration.id} userId={userId} calibration={calibration} />
      )}
    </ScreenPanel>
  );
}

/**
 * The add/edit form: isotope from the dosimetry list (kept here for offline use), the values with
 * their units, the measurement date-time in the user's time zone, and the SPECT phantom images
 * (required on create; on edit blank keeps the current ones). The shared checks run here; saving
 * writes locally and queues the server call, online or offline, then returns to the list.
 */
function CalibrationForm({ userId, calibration }: { userId: string; calibration?: CalibrationRecord }) {
  const { t } = useTranslation(['calibrations', 'validation', 'sync']);
  const navigate = useNavigate();
  const language = useLanguage();
  const { online } = useConnectivity();
  const editing = calibration !== undefined;
  const isotopesRefresh = useQuery(isotopesQuery(userId, CALIBRATION_ISOTOPES));
  const isotopeNames = useIsotopeNames(CALIBRATION_ISOTOPES);
  const calibrations = useCalibrations(userId);
  const queuedImages = useQueuedFile(calibration?.id ?? '');
  const [saving, setSaving] = useState(false);

  const otherNames = (calibrations ?? []).filter((other) => other.id !== calibration?.id).map((other) => other.calibrationName);
  const form = useFormState<CalibrationFormValues>({
    initialValues: calibration ? formValuesOf(calibration, language) : EMPTY_FORM,
    validate: (values) => checkCalibration(values, { otherNames, imagesRequired: !editing }),
    dependents: { syringeActivity: ['residualSyringeActivity'] },
  });

  const { problem, general, setGeneral } = useServerProblem(calibration?.id, form.showApiError, SERVER_FIELDS);

  const options = [...(isotopeNames ?? [])];
  const currentIsotope = form.values.isotope;
  if (currentIsotope && !options.includes(currentIsotope)) options.unshift(currentIsotope);

  // The new calibration's id, known before saving: de-identified DICOM carry it as Patient ID.
  const [newId] = useState(uuidV7);
  const onSubmit = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setGeneral([]);
    try {
      const data = calibrationValuesOf(values);
      const chosen = await resolveImages();
      if (chosen === 'hold') {
        setSaving(false);
        return;
      }
      if (calibration) await updateCalibration(userId, calibration.id, data, chosen, chosen?.name);
      else await createCalibration(userId, data, chosen!, chosen!.name, newId);
      showMessage({ type: 'success', message: t(editing ? 'messages.updated' : 'messages.created') });
      await navigate({ to: '/dashboard/my-calibrations' });
    } catch (error) {
      // A full disk is already in the banner (localWrite); anything else is said here.
      if (!isQuotaExceededError(error)) setGeneral([{ key: 'calibrations:form.saveFailed' }]);
      setSaving(false);
    }
  });

  const isotope = form.textField('isotope');
  const { resolveImages, formRef, inputProps: imagesInput } = useImagesInput(form.textField('images'), { purpose: 'calibration', entityId: calibration?.id ?? newId });
  const isotopesMissing = isotopeNames !== undefined && isotopeNames.length === 0 && isotopesRefresh.isError;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
      <Stack gap="lg">
        <QueuedFormAlerts general={general} refused={problem !== null} online={online} offlineNote={t('form.offlineNote')} />
        {calibration && <UploadProgressList entityIds={[calibration.id]} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label={t('fields.isotope')}
            placeholder={t('form.isotopePlaceholder')}
            description={isotopesMissing ? t('form.isotopesUnavailable') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={options}
            searchable
            // The focus lands here after a failed submit: the list opens on click or arrow keys, not over the messages.
            openOnFocus={false}
            allowDeselect={false}
            nothingFoundMessage={t('form.isotopeNothingFound')}
            required
            name="isotope"
            value={isotope.value || null}
            onChange={(value) => isotope.onChange({ currentTarget: { value: value ?? '' } } as ChangeEvent<HTMLInputElement>)}
            error={isotope.error}
            ref={isotope.ref}
          />
          <TextInput label={t('fields.calibrationName')} required maxLength={24} autoComplete="off" {...form.textField('calibrationName')} />
          <TextInput label={t('fields.syringeActivity')} required inputMode="decimal" autoComplete="off" {...form.textField('syringeActivity')} />
          <TextInput
            label={t('fields.residualSyringeActivity')}
            description={t('form.residualHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.textField('residualSyringeActivity')}
          />
          <DateTimeField
            label={t('fields.measurementDatetime')}
            description={t('form.measurementHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            {...form.valueField('measurementDatetime')}
          />
          <TextInput
            label={t('fields.phantomVolume')}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.textField('phantomVolume')}
          />
          <TextInput
            label={t('fields.acquisitionTime')}
            description={t('form.acquisitionHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="decimal"
            autoComplete="off"
            {...form.textField('acquisitionTime')}
          />
        </SimpleGrid>
        <QueuedImagesInput
          label={t('fields.images')}
          createHint={t('form.imagesHint')}
          editing={editing}
          queued={queuedImages}
          {...imagesInput}
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/dashboard/my-calibrations" variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? t('form.submitEdit') : t('form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
