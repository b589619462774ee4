import { Card, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceId } from '#shared/catalog.ts';
import { serviceImage } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

/**
 * One service as a list item: its picture, title and short description, then the page's actions for it.
 * `first`: the list opens the page's first screen, so its picture is that screen's largest (LCP) and loads at once.
 */
export function ServiceCard({ id, titleOrder, first = false, children }: { id: ServiceId; titleOrder: TitleOrder; first?: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <Card component="li" withBorder padding="lg" className={classes.card} data-testid={`service-${id}`}>
      <Card.Section>
        <SitePicture image={serviceImage(id)} alt="" loading={first ? 'eager-high' : 'lazy'} className={classes.cardImage} />
      </Card.Section>
      <Title order={titleOrder} size="h4" mt="md">
        {t(`services.${id}.title`)}
      </Title>
      <Text c="dimmed" mt="xs" mb="sm">
        {t(`services.${id}.shortDescription`)}
      </Text>
      {children}
    </Card>
  );
}
