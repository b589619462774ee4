import type { ReactNode } from 'react';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../content/site-content.ts';
import { PageIntro } from './page-intro.tsx';

/** /contact: the contact form (`features/contact`, given by the route as `form`) beside the company's channels. */
export function ContactPage({ whatsappHref, form }: { whatsappHref: string; form?: ReactNode }) {
  const { t } = useTranslation(['site', 'common']);
  return (
    <PageIntro page="contact">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card withBorder padding="lg" component="section" aria-labelledby="contact-form-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="contact-form-title">
              {t('site:contact.formTitle')}
            </Title>
            <Text>{t('site:contact.formLead')}</Text>
            {form}
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="contact-channels-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="contact-channels-title">
              {t('site:contact.channelsTitle')}
            </Title>
            <Channel icon={<IconMail size={22} aria-hidden="true" />} label={t('site:contact.email')}>
              <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>
            </Channel>
            <Channel icon={<IconBrandWhatsapp size={22} aria-hidden="true" />} label={t('site:contact.whatsapp')}>
              <Anchor href={whatsappHref} target="_blank" rel="noopener noreferrer">
                {t('site:contact.whatsappLink')}
              </Anchor>
            </Channel>
            <Channel icon={<IconMapPin size={22} aria-hidden="true" />} label={t('site:contact.address')}>
              <Text component="address" fs="normal">
                {t('common:footer.address')}
              </Text>
            </Channel>
            <Text size="sm" c="dimmed">
              {t('site:contact.hours')}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </PageIntro>
  );
}

function Channel({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fw={700} component="h3" size="md" display="flex" style={{ alignItems: 'center', gap: 8 }}>
        {icon}
        {label}
      </Text>
      {children}
    </Stack>
  );
}
