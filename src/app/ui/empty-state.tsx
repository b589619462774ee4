import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

interface EmptyStateProps {
  title: string;
  /** What to do next: a sentence, a link, a button. */
  children?: ReactNode;
  icon?: ReactNode;
}

/**
 * A list with nothing in it yet: a calm, neutral panel (issue 29: empty lists were warnings, orange on yellow at
 * 2.68:1), its title and the way forward in the body's own colours.
 */
export function EmptyState({ title, children, icon }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="lg" role="status" style={{ borderStyle: 'dashed' }}>
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
          {icon ?? <IconInbox />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
