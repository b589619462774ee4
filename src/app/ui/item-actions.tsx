import { Box, Button, Group, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentProps, ReactElement } from 'react';
import { SyncBadge } from './sync-badge.tsx';

/**
 * "Editar" and "Excluir" of a listed record: the edit button is a link to its form, each named after
 * the record for screen readers ("Editar Lu-177 março"). Texts come translated from the feature.
 */
export function ItemActions({
  renderEditLink,
  labels,
  onDelete,
}: {
  renderEditLink: (props: ComponentProps<'a'>) => ReactElement;
  labels: { edit: string; editLabel: string; delete: string; deleteLabel: string };
  onDelete: () => void;
}) {
  return (
    <Group gap="xs">
      <Button renderRoot={renderEditLink} variant="light" size="sm" leftSection={<IconPencil size={16} aria-hidden />} aria-label={labels.editLabel}>
        {labels.edit}
      </Button>
      <Button variant="subtle" color="red" size="sm" leftSection={<IconTrash size={16} aria-hidden />} aria-label={labels.deleteLabel} onClick={onDelete}>
        {labels.delete}
      </Button>
    </Group>
  );
}

/** A listed record's heading (its card is labelled by `titleId`) and its sync state, announced when it changes (queued, sending, refused, gone once on the server). */
export function ItemHeading({ titleId, name, entityId }: { titleId: string; name: string; entityId: string }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
        {name}
      </Title>
      <Box role="status" aria-live="polite">
        <SyncBadge entityId={entityId} />
      </Box>
    </Group>
  );
}
