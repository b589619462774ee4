import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextArea } from './text-area.tsx';
import { fieldError, WriteError } from './write-error.tsx';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  /** A manual payment confirmation must say why; other actions may. */
  required: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** An action on a record with the reason kept in the audit log. */
export function ReasonDialog({ opened, title, submitLabel, required, pending, error, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && !reason.trim()) return setMissing(true);
    onSubmit(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        <TextArea
          label={t('reason.label')}
          description={t('reason.help')}
          required={required}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => (setReason(event.currentTarget.value), setMissing(false))}
          error={missing ? t('errors.reasonRequired') : fieldError(error, 'reason')}
          data-autofocus
        />
        <WriteError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
        </Stack>
      </form>
    </Modal>
  );
}
