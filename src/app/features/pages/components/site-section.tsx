import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import classes from './site-section.module.css';

/** A titled section of a public page; `tinted` alternates the background between sections. */
export function SiteSection({ id, title, lead, tinted, children }: { id: string; title: string; lead?: string; tinted?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={tinted ? classes.tinted : undefined}>
      <Container size="lg" py={48}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} id={`${id}-title`}>
              {title}
            </Title>
            {lead ? (
              <Text c="dimmed" maw={720}>
                {lead}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </section>
  );
}
