import { useState } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showMessage } from './message-banner.ts';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs on "Deletar"; the dialog closes when it settles. A failure is shown in the message banner. */
  onConfirm: () => unknown;
}

/** The shared delete confirmation: red "Deletar" runs the action then closes; "Fechar" only closes. */
export function ConfirmDialog({ opened, onClose, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [running, setRunning] = useState(false);

  async function confirm() {
    setRunning(true);
    try {
      await onConfirm();
    } catch (error) {
      showMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(false);
      onClose();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('confirmDialog.title')}
      centered
      withCloseButton={false}
      closeOnEscape={!running}
      closeOnClickOutside={!running}
    >
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={running}>
          {t('confirmDialog.close')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={running} data-autofocus>
          {t('confirmDialog.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
