import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconReceiptRefund, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SERVICES, type ServiceId } from '#shared/catalog.ts';
import { serviceImage } from '../content/site-content.ts';
import { serviceData } from '../content/structured-data.ts';
import { JsonLd } from './json-ld.tsx';
import { PageIntro } from './page-intro.tsx';
import { ServiceActions } from './service-catalog.tsx';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

/** /service-info/{id}: the service's description, what is hired, the refund policy and the delivery (docs/product.md §2, §3). */
export function ServiceInfoPage({ id }: { id: ServiceId }) {
  const { t } = useTranslation(['site', 'catalog']);
  const texts = (key: string) => t(`catalog:services.${id}.${key}`);
  const paragraphs = Array.from({ length: SERVICES.find((service) => service.id === id)?.longDescriptionCount ?? 0 }, (_, index) => texts(`longDescription.${index}`));
  return (
    <PageIntro heading={{ title: texts('title'), lead: texts('shortDescription') }}>
      <JsonLd data={serviceData(id, t)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <SitePicture image={serviceImage(id)} alt={t('site:serviceInfo.imageAlt', { service: texts('title') })} loading="eager-high" className={classes.cardImage} />
        <Stack gap="md">
          <Text size="lg">{texts('body')}</Text>
          <Title order={2} size="h3">
            {t('site:serviceInfo.howItWorks')}
          </Title>
          <List spacing="sm" type="ordered">
            {paragraphs.map((paragraph) => (
              <List.Item key={paragraph}>{paragraph}</List.Item>
            ))}
          </List>
          <Title order={2} size="h3">
            {t('site:serviceInfo.product')}
          </Title>
          <Text>{texts('productDescription')}</Text>
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Policy icon={<IconReceiptRefund size={26} />} title={t('site:serviceInfo.refundTitle')} body={t('site:serviceInfo.refundBody')} />
        <Policy icon={<IconTruckDelivery size={26} />} title={t('site:serviceInfo.deliveryTitle')} body={t('site:serviceInfo.deliveryBody')} />
      </SimpleGrid>
      <ServiceActions id={id} withMore={false} />
      <Anchor component={Link} to="/services" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={18} aria-hidden="true" />
        {t('site:serviceInfo.back')}
      </Anchor>
    </PageIntro>
  );
}

function Policy({ icon, title, body }: { icon: React.ReactNode; title: string; body: string }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Stack gap="xs">
        <span className={classes.icon} aria-hidden="true">
          {icon}
        </span>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text>{body}</Text>
      </Stack>
    </Card>
  );
}
