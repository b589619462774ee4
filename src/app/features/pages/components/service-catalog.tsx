import { Anchor, Button, Group, SimpleGrid } from '@mantine/core';
import { IconArrowLeft, IconFileDollar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';
import { ServiceCard } from './service-card.tsx';
import classes from './site-lists.module.css';

/**
 * /services: every service with its ways in (its page, a quote). The catalogue is the shared one, not an API
 * call, so the page is pre-rendered and paints before the scripts arrive (docs/product.md §2).
 */
export function ServiceCatalog() {
  const { t } = useTranslation('site');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className={classes.list}>
        {SERVICE_IDS.map((id) => (
          <ServiceCard key={id} id={id} titleOrder={2}>
            <ServiceActions id={id} />
          </ServiceCard>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={18} aria-hidden="true" />
        {t('services.back')}
      </Anchor>
    </>
  );
}

/** "Learn more" and "Request a quote" of one service (signed out, the quote form sends the visitor to log in and back). */
export function ServiceActions({ id, withMore = true }: { id: ServiceId; withMore?: boolean }) {
  const { t } = useTranslation(['site', 'catalog']);
  const service = t(`catalog:services.${id}.title`);
  return (
    <Group gap="xs" mt="auto">
      <Button
        renderRoot={(props) => <Link to="/services/$id/hire/budget-form" params={{ id }} {...props} />}
        leftSection={<IconFileDollar size={18} aria-hidden="true" />}
        aria-label={withMore ? t('site:services.requestQuoteFor', { service }) : undefined}
      >
        {t('site:services.requestQuote')}
      </Button>
      {withMore && (
        <Button variant="subtle" renderRoot={(props) => <Link to="/service-info/$id" params={{ id }} {...props} />} aria-label={t('site:services.more', { service })}>
          {t('site:services.details')}
        </Button>
      )}
    </Group>
  );
}
