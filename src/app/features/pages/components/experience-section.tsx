import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { YEARS_OF_EXPERIENCE } from '../content/site-content.ts';
import classes from './experience-section.module.css';

/** docs/product.md §1: "more than 14 years of experience". */
export function ExperienceSection() {
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="experience-title" className={classes.band}>
      <Container size="lg" py={40}>
        <Group gap="xl" wrap="wrap" align="center">
          <Text component="p" className={classes.value}>
            {t('experience.value', { years: YEARS_OF_EXPERIENCE })}
          </Text>
          <Stack gap={4} maw={640}>
            <Title order={2} size="h3" id="experience-title" c="white">
              {t('experience.title')}
            </Title>
            <Text c="white">{t('experience.body', { years: YEARS_OF_EXPERIENCE })}</Text>
          </Stack>
        </Group>
      </Container>
    </section>
  );
}
