import { Card, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceId } from '#shared/catalog.ts';
import { serviceImage } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

/** One service as a list item: its picture, title and short description, then the page's actions for it. */
export function ServiceCard({ id, titleOrder, children }: { id: ServiceId; titleOrder: TitleOrder; children: React.ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <Card component="li" withBorder padding="lg" className={classes.card} data-testid={`service-${id}`}>
      <Card.Section>
        <SitePicture image={serviceImage(id)} alt="" className={classes.cardImage} />
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
