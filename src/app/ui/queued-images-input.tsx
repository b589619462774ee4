import { FileInput, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DicomIntakePanel } from '#app/features/dicom-intake/components/dicom-intake-panel.tsx';
import { mayHoldDicom, useDicomIntake, type DicomIntake, type IntakeOptions } from '#app/features/dicom-intake/use-dicom-intake.ts';

/** What a queued entity's images may be: a zip, DICOM or an image (the server checks the first bytes too). */
export const IMAGES_ACCEPT = '.zip,.dcm,.dicom,.png,.jpg,.jpeg,.tif,.tiff,application/zip,application/dicom,image/png,image/jpeg,image/tiff';

/** The form's `images` text field (the picked file's name, for the checks) as `useFormState` gives it. */
interface ImagesTextField {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The file to queue, and the input's props: picking keeps the file and its name in the form's `images`
 * field. With `dicom` options, chosen DICOM (files, a folder, a zip) goes through the intake first
 * (issue 19): `resolveImages()`, awaited on submit, waits for the check and gives the de-identified zip,
 * the chosen file when it holds no DICOM, or 'hold' (with the field's message) until the user confirms.
 * A save pressed while de-identification runs is held with its progress and submitted again (`formRef`)
 * once the zip is ready, so what was typed meanwhile is saved too; if it fails, nothing is saved and the
 * field says why.
 */
export function useImagesInput(field: ImagesTextField, dicom?: IntakeOptions) {
  const { t } = useTranslation('dicom');
  const [picked, setPicked] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [holdError, setHoldError] = useState<string | null>(null);
  const latestImages = useRef<File | null>(null);
  const scan = useRef<Promise<unknown>>(Promise.resolve());
  const queue = (file: File | null) => {
    latestImages.current = file;
    setImages(file);
    setHoldError(null);
    field.onChange({ currentTarget: { value: file?.name ?? '' } } as ChangeEvent<HTMLInputElement>);
  };
  const intake = useDicomIntake(dicom, queue);
  const formRef = useRef<HTMLFormElement>(null);
  const saveWaiting = useSaveAfterDeidentifying(intake, formRef, (message) => setHoldError(t('deidentifyFailed', { message })));
  const onChange = (file: File | null) => {
    setPicked(file);
    queue(file);
    if (dicom && file && mayHoldDicom(file)) scan.current = intake.start([file]);
    else intake.reset();
  };
  const chooseMany = (files: File[]) => {
    setPicked(null);
    queue(null);
    scan.current = intake.start(files);
  };
  const cancel = () => {
    intake.reset();
    setPicked(null);
    queue(null);
  };
  const resolveImages = async (): Promise<File | null | 'hold'> => {
    await scan.current;
    if (!intake.holding()) return latestImages.current;
    if (intake.deidentifying()) saveWaiting.wait();
    else setHoldError(t('confirmFirst'));
    return 'hold';
  };
  const value = images ?? picked;
  const { state } = intake;
  const waitingError = saveWaiting.waiting && state.step === 'deidentifying' ? t('savesWhenDeidentified', { done: state.done, total: state.total }) : null;
  return {
    images,
    resolveImages,
    formRef,
    inputProps: { value, onChange, error: waitingError ?? holdError ?? field.error, inputRef: field.ref, intake: dicom ? { intake, chooseMany, cancel } : undefined },
  };
}

/**
 * A save pressed during de-identification: submits the form again when the zip is ready, or calls
 * `failed` with the reason when de-identification fails; forgotten if the user picks other files.
 */
function useSaveAfterDeidentifying(intake: DicomIntake, formRef: RefObject<HTMLFormElement | null>, failed: (message: string) => void) {
  const [waiting, setWaiting] = useState(false);
  const { state } = intake;
  useEffect(() => {
    if (!waiting || state.step === 'deidentifying') return;
    setWaiting(false);
    if (state.step === 'ready') formRef.current?.requestSubmit();
    else if (state.step === 'failed') failed(state.message);
    // Only the step matters: `failed` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, state.step]);
  return { waiting, wait: () => setWaiting(true) };
}

/**
 * The images of a queued entity's form: required on create; on edit, blank keeps the current images, or
 * those a queued write will upload (named). The label and the create hint are the feature's words.
 */
export function QueuedImagesInput({
  label,
  createHint,
  editing,
  queued,
  value,
  onChange,
  error,
  inputRef,
  intake,
}: {
  label: string;
  createHint: string;
  editing: boolean;
  queued: { name: string } | null | undefined;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  inputRef?: Ref<HTMLButtonElement>;
  /** The DICOM intake under the input (analyses and calibrations). */
  intake?: { intake: DicomIntake; chooseMany: (files: File[]) => void; cancel: () => void };
}) {
  const { t } = useTranslation('sync');
  const description = editing ? (queued ? t('images.queuedHint', { name: queued.name }) : t('images.editHint')) : createHint;
  const input = (
    <FileInput
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={editing ? (queued ? t('images.keepQueued') : t('images.keep')) : t('images.placeholder')}
      leftSection={<IconUpload size={16} aria-hidden />}
      accept={IMAGES_ACCEPT}
      required={!editing}
      clearable
      clearButtonProps={{ 'aria-label': t('images.clear') }}
      name="images"
      value={value}
      onChange={onChange}
      error={error}
      ref={inputRef}
    />
  );
  if (!intake) return input;
  return (
    <Stack gap="sm">
      {input}
      <DicomIntakePanel intake={intake.intake} onChooseMany={intake.chooseMany} onCancel={intake.cancel} />
    </Stack>
  );
}
