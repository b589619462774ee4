import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog.tsx';
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
  /** Another text than the audit's reason (a quote's answer to the client): its wire name, words and length. */
  field?: { name: string; label: string; help: string; requiredMessage: string; maxLength: number; rows: number };
  /** What the action will do, said before the reason (a refund names its amount). */
  intro?: string;
}

/** An action on a record with the reason kept in the audit log (or another text it needs: `field`). */
export function ReasonDialog({ opened, title, submitLabel, required, pending, error, onSubmit, onClose, field, intro }: ReasonDialogProps) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && !reason.trim()) return setMissing(true);
    onSubmit(reason.trim());
  };
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        {intro && <Text size="sm">{intro}</Text>}
        <TextArea
          label={field?.label ?? t('reason.label')}
          description={field?.help ?? t('reason.help')}
          required={required}
          rows={field?.rows ?? 2}
          maxLength={field?.maxLength ?? 500}
          value={reason}
          onChange={(event) => (setReason(event.currentTarget.value), setMissing(false))}
          error={missing ? (field?.requiredMessage ?? t('errors.reasonRequired')) : fieldError(error, field?.name ?? 'reason')}
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
    </Dialog>
  );
}
