import { FileInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

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
}: {
  label: string;
  createHint: string;
  editing: boolean;
  queued: { name: string } | null | undefined;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  inputRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('sync');
  const description = editing ? (queued ? t('images.queuedHint', { name: queued.name }) : t('images.editHint')) : createHint;
  return (
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
}
