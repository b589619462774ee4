import { useId, type ReactNode, type Ref } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from './document-title.tsx';

/** A dashboard screen (calibrations, My services…): a bordered section named by its level-2 heading, with actions beside the heading. */
export function ScreenPanel({
  title,
  description,
  actions,
  headingRef,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The heading takes the focus after an action removes the element that had it (a delete). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <DocumentTitle page={title} />
            <Title order={2} id={headingId} ref={headingRef} tabIndex={-1}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm" component="div">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
