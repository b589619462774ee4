import { ActionIcon, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandLinkedin, IconId, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TEAM, type SocialLink } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

const LINK_ICONS: Record<SocialLink['kind'], typeof IconId> = { linkedin: IconBrandLinkedin, lattes: IconSchool, orcid: IconId };
const PORTRAIT_SIZES = '120px';

/** The team: photo, name, role and professional links (docs/product.md §3). */
export function TeamGrid() {
  const { t } = useTranslation('site');
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl" component="ul" className={classes.list}>
      {TEAM.map((person) => (
        <Stack key={person.id} component="li" gap={6} align="center" ta="center">
          <SitePicture image={person.photo} alt="" sizes={PORTRAIT_SIZES} className={classes.portrait} />
          <Title order={3} size="h5" mt="xs">
            {person.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t(person.roleKey)}
          </Text>
          <Group gap={4} justify="center">
            {person.links.map(({ kind, href }) => {
              const Icon = LINK_ICONS[kind];
              return (
                <ActionIcon key={kind} component="a" href={href} target="_blank" rel="noopener noreferrer" variant="subtle" size="lg" aria-label={t(`team.links.${kind}`, { name: person.name })}>
                  <Icon size={20} aria-hidden="true" />
                </ActionIcon>
              );
            })}
          </Group>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
