import { Anchor, Button, Group, SimpleGrid } from '@mantine/core';
import { IconArrowLeft, IconFileDollar, IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';
import { ServiceCard } from './service-card.tsx';
import { ServicePager } from './service-pager.tsx';
import classes from './site-lists.module.css';

/** docs/product.md §9: services, 6 per page. */
export const SERVICES_PAGE_SIZE = 6;

/** The pages of `ids`, and the one to show for a requested page (out of range: the nearest). */
export function servicePage<T>(ids: readonly T[], requested: number, pageSize = SERVICES_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(ids.length / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { page, pageCount, items: ids.slice((page - 1) * pageSize, page * pageSize) };
}

/**
 * /services: the services a page at a time, each with its ways in (a quote, hiring, its page). The catalogue is
 * the shared one, not an API call, so the page is pre-rendered and paints before the scripts arrive
 * (docs/product.md §2).
 */
export function ServiceCatalog({ page: requested = 1, ids = SERVICE_IDS, pageSize = SERVICES_PAGE_SIZE }: { page?: number; ids?: readonly ServiceId[]; pageSize?: number }) {
  const { t } = useTranslation('site');
  const { page, pageCount, items } = servicePage(ids, requested, pageSize);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className={classes.list}>
        {items.map((id, index) => (
          <ServiceCard key={id} id={id} titleOrder={2} first={index === 0}>
            <ServiceActions id={id} />
          </ServiceCard>
        ))}
      </SimpleGrid>
      <ServicePager page={page} pageCount={pageCount} />
      <Anchor component={Link} to="/" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={18} aria-hidden="true" />
        {t('services.back')}
      </Anchor>
    </>
  );
}

/** "Request a quote", "Hire" and "Details" of one service (signed out, the quote form sends the visitor to log in and back). */
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
      <Button
        variant="outline"
        renderRoot={(props) => <Link to="/services/$id/hire" params={{ id }} {...props} />}
        leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
        aria-label={withMore ? t('site:services.hireFor', { service }) : undefined}
      >
        {t('site:services.hire')}
      </Button>
      {withMore && (
        <Button variant="subtle" renderRoot={(props) => <Link to="/service-info/$id" params={{ id }} {...props} />} aria-label={t('site:services.detailsFor', { service })}>
          {t('site:services.details')}
        </Button>
      )}
    </Group>
  );
}
