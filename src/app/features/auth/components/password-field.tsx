import type { Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A PasswordInput whose show/hide toggle is reachable by keyboard and named in the interface language
 * (its state is aria-pressed). Mantine's PasswordInput does not mark its input aria-invalid on error
 * as the other inputs do; this one does.
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
