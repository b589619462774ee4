import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { showErrorMessages } from '#app/ui/message-banner.ts';

/** A part of the Security page below its overview: a bordered section named by its level-2 heading. */
export function SecuritySection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

/** A security action that failed: its message in the page's banner. */
export const showFailure = (error: Error) => showErrorMessages([{ text: error.message }]);
