import type { Ref } from 'react';
import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with its show/hide toggle reachable by keyboard and named in the interface
 * language (its state is aria-pressed). Mantine's does not mark its input aria-invalid on error as the
 * other inputs do; this one does.
 */
export function PasswordInput({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('common');
  return (
    <MantinePasswordInput
      ref={ref}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('passwordInput.show') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
