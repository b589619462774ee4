import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceId } from '#shared/catalog.ts';
import { PageIntro } from './page-intro.tsx';

/** The path from "I need this" to the report (issue 15), in order. */
const STEPS = ['quote', 'order', 'payment', 'analyses', 'report'] as const;

/**
 * /services/{id}/hire: what hiring the service involves (quote → order and bill → payment → analyses → report)
 * and the way in: signed in, the quote form; signed out, the login, which brings the visitor back here.
 */
export function HirePage({ id, signedIn }: { id: ServiceId; signedIn: boolean }) {
  const { t } = useTranslation(['site', 'catalog']);
  const service = t(`catalog:services.${id}.title`);
  return (
    <PageIntro heading={{ title: t('site:hirePage.title', { service }), lead: t('site:hirePage.lead', { service }) }}>
      <Title order={2} size="h3" id="hire-steps">
        {t('site:hirePage.stepsTitle')}
      </Title>
      <List type="ordered" spacing="md" aria-labelledby="hire-steps">
        {STEPS.map((step) => (
          <List.Item key={step}>
            <Text fw={700} component="h3">
              {t(`site:hirePage.steps.${step}.title`)}
            </Text>
            <Text>{t(`site:hirePage.steps.${step}.body`)}</Text>
          </List.Item>
        ))}
      </List>
      <Card withBorder padding="lg" component="section" aria-labelledby="hire-start">
        <Stack gap="sm">
          <Title order={2} size="h3" id="hire-start">
            {t('site:hirePage.startTitle')}
          </Title>
          {signedIn ? <SignedInWay id={id} service={service} /> : <SignedOutWay id={id} />}
        </Stack>
      </Card>
      <Group gap="lg">
        <Anchor component={Link} to="/services" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
          <IconArrowLeft size={18} aria-hidden="true" />
          {t('site:hirePage.back')}
        </Anchor>
        <Anchor renderRoot={(props) => <Link to="/service-info/$id" params={{ id }} {...props} />} fw={600}>
          {t('site:hirePage.details')}
        </Anchor>
      </Group>
    </PageIntro>
  );
}

function SignedInWay({ id, service }: { id: ServiceId; service: string }) {
  const { t } = useTranslation('site');
  return (
    <>
      <Text>{t('hirePage.signedIn')}</Text>
      <Group>
        <Button size="md" renderRoot={(props) => <Link to="/services/$id/hire/budget-form" params={{ id }} {...props} />}>
          {t('hirePage.requestQuote', { service })}
        </Button>
      </Group>
    </>
  );
}

function SignedOutWay({ id }: { id: ServiceId }) {
  const { t } = useTranslation('site');
  // Back here after logging in (or signing up): the page then offers the quote form.
  const back = `/services/${id}/hire`;
  return (
    <>
      <Text>{t('hirePage.signedOut')}</Text>
      <Group>
        <Button size="md" leftSection={<IconLogin size={18} aria-hidden="true" />} renderRoot={(props) => <Link to="/login" search={{ redirect: back }} {...props} />}>
          {t('hirePage.login')}
        </Button>
        <Anchor renderRoot={(props) => <Link to="/signup" search={{ redirect: back }} {...props} />} fw={600}>
          {t('hirePage.signup')}
        </Anchor>
      </Group>
    </>
  );
}
