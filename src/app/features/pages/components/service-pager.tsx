import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * /services' previous/next (docs/product.md §2, §9): links to `?page=N`, so a page can be bookmarked, shared
 * and pre-rendered; at either end the control stays in place, disabled, so the layout does not jump.
 */
export function ServicePager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation('site');
  const to = (target: number) => (props: object) => <Link to="/services" search={target > 1 ? { page: target } : {}} {...props} />;
  return (
    <Group component="nav" aria-label={t('services.pager.label')} justify="center" gap="xs">
      <Button variant="default" size="sm" disabled={page <= 1} renderRoot={page > 1 ? to(page - 1) : undefined}>
        {t('services.pager.previous')}
      </Button>
      <Text aria-current="page" fw={600}>
        {t('services.pager.status', { page, count: pageCount })}
      </Text>
      <Button variant="default" size="sm" disabled={page >= pageCount} renderRoot={page < pageCount ? to(page + 1) : undefined}>
        {t('services.pager.next')}
      </Button>
    </Group>
  );
}
