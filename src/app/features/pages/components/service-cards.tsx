import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { serviceImage } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import { SiteSection } from './site-section.tsx';
import classes from './site-lists.module.css';

/** The home page's services, each leading to its /service-info page (texts from the catalog namespace). */
export function ServiceCards() {
  const { t } = useTranslation(['site', 'catalog']);
  return (
    <SiteSection id="services" title={t('site:services.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className={classes.list}>
        {SERVICE_IDS.map((id) => {
          const title = t(`catalog:services.${id}.title`);
          return (
            <Card key={id} component="li" withBorder padding="lg" className={classes.card}>
              <Card.Section>
                <SitePicture image={serviceImage(id)} alt="" className={classes.cardImage} />
              </Card.Section>
              <Title order={3} size="h4" mt="md">
                {title}
              </Title>
              <Text c="dimmed" mt="xs">
                {t(`catalog:services.${id}.shortDescription`)}
              </Text>
              <Anchor renderRoot={(props) => <Link to="/service-info/$id" params={{ id }} {...props} />} mt="sm" fw={600}>
                {t('site:services.more', { service: title })}
              </Anchor>
            </Card>
          );
        })}
      </SimpleGrid>
      <Anchor component={Link} to="/services" fw={600}>
        {t('site:services.all')}
      </Anchor>
    </SiteSection>
  );
}
