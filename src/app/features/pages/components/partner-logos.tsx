import { Anchor, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARTNERS, type Partner } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

const GROUPS: Partner['kind'][] = ['partner', 'funder'];
const GROUP_TITLE_KEYS = { partner: 'partners.partners', funder: 'partners.funders' } as const;

/** Partner and funder logos, each linking to its site (a new tab). */
export function PartnerLogos() {
  const { t } = useTranslation('site');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
      {GROUPS.map((kind) => (
        <Stack key={kind} gap="sm">
          <Title order={3} size="h4">
            {t(GROUP_TITLE_KEYS[kind])}
          </Title>
          <SimpleGrid cols={2} spacing="md" component="ul" className={classes.list}>
            {PARTNERS.filter((partner) => partner.kind === kind).map((partner) => (
              <li key={partner.id}>
                <Anchor href={partner.link} target="_blank" rel="noopener noreferrer" aria-label={t('partners.visit', { name: partner.name })}>
                  <SitePicture image={partner.logo} alt="" className={classes.logo} />
                </Anchor>
              </li>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
