import { FileInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState, type ChangeEvent, type Ref } from 'react';

/** What a queued entity's images may be: a zip, DICOM or an image (the server checks the first bytes too). */
export const IMAGES_ACCEPT = '.zip,.dcm,.dicom,.png,.jpg,.jpeg,.tif,.tiff,application/zip,application/dicom,image/png,image/jpeg,image/tiff';

/** The form's `images` text field (the picked file's name, for the checks) as `useFormState` gives it. */
interface ImagesTextField {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The picked file, and the input's props: picking keeps the file and its name in the form's `images` field. */
export function useImagesInput(field: ImagesTextField) {
  const [images, setImages] = useState<File | null>(null);
  const onChange = (file: File | null) => {
    setImages(file);
    field.onChange({ currentTarget: { value: file?.name ?? '' } } as ChangeEvent<HTMLInputElement>);
  };
  return { images, inputProps: { value: images, onChange, error: field.error, inputRef: field.ref } };
}

/**
 * The images of a queued entity's form: required on create; on edit, blank keeps the current images, or
 * those a queued write will upload (named). Texts from the feature's namespace (`fields.images`,
 * `form.images*`, `form.clearImages`).
 */
export function QueuedImagesInput({
  t,
  editing,
  queued,
  value,
  onChange,
  error,
  inputRef,
}: {
  t: TFunction;
  editing: boolean;
  queued: { name: string } | null | undefined;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  inputRef?: Ref<HTMLButtonElement>;
}) {
  const description = editing ? (queued ? t('form.imagesQueuedHint', { name: queued.name }) : t('form.imagesEditHint')) : t('form.imagesHint');
  return (
    <FileInput
      label={t('fields.images')}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={editing ? (queued ? t('form.imagesKeepQueued') : t('form.imagesKeep')) : t('form.imagesPlaceholder')}
      leftSection={<IconUpload size={16} aria-hidden />}
      accept={IMAGES_ACCEPT}
      required={!editing}
      clearable
      clearButtonProps={{ 'aria-label': t('form.clearImages') }}
      name="images"
      value={value}
      onChange={onChange}
      error={error}
      ref={inputRef}
    />
  );
}
