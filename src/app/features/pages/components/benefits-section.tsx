import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconPigMoney, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BENEFITS, type BenefitId } from '../content/site-content.ts';
import { SiteSection } from './site-section.tsx';
import classes from './site-lists.module.css';

const BENEFIT_ICONS: Record<BenefitId, typeof IconShieldCheck> = { security: IconShieldCheck, expense: IconPigMoney, time: IconClockHour4 };

export function BenefitsSection() {
  const { t } = useTranslation('site');
  return (
    <SiteSection id="benefits" title={t('benefits.title')} tinted>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" component="ul" className={classes.list}>
        {BENEFITS.map(({ id, titleKey, bodyKey }) => {
          const Icon = BENEFIT_ICONS[id];
          return (
            <Stack key={id} component="li" gap="xs">
              <span className={classes.icon} aria-hidden="true">
                <Icon size={28} />
              </span>
              <Title order={3} size="h4">
                {t(titleKey)}
              </Title>
              <Text>{t(bodyKey)}</Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </SiteSection>
  );
}
