import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TESTIMONIALS } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import { SiteSection } from './site-section.tsx';
import classes from './site-lists.module.css';

export function TestimonialsSection() {
  const { t } = useTranslation('site');
  return (
    <SiteSection id="testimonials" title={t('testimonials.title')} tinted>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="ul" className={classes.list}>
        {TESTIMONIALS.map((item) => (
          <Card key={item.id} component="li" withBorder padding="lg" className={classes.card}>
            <Stack component="figure" gap="md" m={0}>
              <SitePicture image={item.logo} alt={item.organisation} className={classes.logo} />
              <Text component="blockquote" m={0} size="lg">
                {t(item.textKey)}
              </Text>
              <Text component="figcaption">
                <Text component="span" fw={700} display="block">
                  {item.person}
                </Text>
                <Text component="span" c="dimmed" size="sm" display="block">
                  {t(item.personTitleKey)}, {item.organisation}
                </Text>
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
