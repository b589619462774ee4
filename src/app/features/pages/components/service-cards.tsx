import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { ServiceCard } from './service-card.tsx';
import { SiteSection } from './site-section.tsx';
import classes from './site-lists.module.css';

/** The home page's services, each leading to its /service-info page (texts from the catalog namespace). */
export function ServiceCards() {
  const { t } = useTranslation(['site', 'catalog']);
  return (
    <SiteSection id="services" title={t('site:services.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className={classes.list}>
        {SERVICE_IDS.map((id) => (
          <ServiceCard key={id} id={id} titleOrder={3}>
            <Anchor renderRoot={(props) => <Link to="/service-info/$id" params={{ id }} {...props} />} fw={600}>
              {t('site:services.more', { service: t(`catalog:services.${id}.title`) })}
            </Anchor>
          </ServiceCard>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/services" fw={600}>
        {t('site:services.all')}
      </Anchor>
    </SiteSection>
  );
}
