import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HOW_WE_WORK } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import { SiteSection } from './site-section.tsx';
import classes from './site-lists.module.css';

export function HowWeWork() {
  const { t } = useTranslation('site');
  return (
    <SiteSection id="how-we-work" title={t('howWeWork.title')} lead={t('howWeWork.lead')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" component="ol" className={classes.list}>
        {HOW_WE_WORK.map((step) => (
          <Stack key={step.id} component="li" gap="xs" align="flex-start">
            <SitePicture image={step.image} alt="" />
            <Title order={3} size="h4">
              {t(step.titleKey)}
            </Title>
            <Text>{t(step.bodyKey)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </SiteSection>
  );
}
