import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** An editor's buttons: "Cancelar" back to Security (nothing saved) and the submit button. */
export function FormActions({ submitLabel, pending }: { submitLabel: string; pending: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to="/dashboard/security" variant="default">
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
