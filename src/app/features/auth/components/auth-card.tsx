import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '#app/ui/document-title.tsx';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
}

/** The centered card every auth screen uses: the page's one h1, a lead and the form or outcome. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <Box px="md" py={{ base: 'xl', sm: 48 }}>
      <Stack maw={440} mx="auto" gap="md">
        {/* A long e-mail address in a message must wrap instead of overflowing a narrow card. */}
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <DocumentTitle page={title} />
              <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2} style={{ textWrap: 'balance' }}>
                {title}
              </Title>
              {lead && (
                <Text c="dimmed" size="sm">
                  {lead}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
