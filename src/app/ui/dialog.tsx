import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFocusBack } from './focus-back.ts';

/**
 * Mantine's Modal as every dialog of the app needs it: a close button with a name, and focus back on what opened
 * it when it closes (Mantine's own return misses a dialog that mounts open or unmounts closing). The first field
 * takes focus when it carries `data-autofocus`.
 */
export function Dialog({ opened, ...props }: ModalProps) {
  // 'common' loads at start: no suspense, so a dialog mounted outside the app's Suspense boundary (logout) works too.
  const { t } = useTranslation('common', { useSuspense: false });
  useFocusBack(opened);
  return <Modal opened={opened} centered returnFocus={false} closeButtonProps={{ 'aria-label': t('actions.closeDialog') }} {...props} />;
}
