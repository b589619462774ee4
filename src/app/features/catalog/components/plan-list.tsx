import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BENEFITS, PLANS, type PlanSeed } from '#shared/catalog.ts';
import { formatUsdIn } from '#shared/format/money.ts';
import { useLanguage } from '#app/lib/use-language.ts';

const benefitKeys = (plan: PlanSeed) => BENEFITS.filter((benefit) => plan.benefitIds.includes(benefit.id)).map((benefit) => benefit.key);

/**
 * /plans: each plan with its prices in USD (the interface language's format), trial, benefits and the subscribe action.
 * The plans are the shared catalog's (the server seeds the same ones), not an API call, so the page is pre-rendered
 * and the app takes it over with the same content.
 */
export function PlanList() {
  const { t } = useTranslation(['common', 'catalog']);
  const language = useLanguage();
  const money = (value: number) => formatUsdIn(value, language);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {PLANS.map((plan) => {
        const title = t(`catalog:plans.${plan.id}.title`);
        return (
          <Card key={plan.id} component="li" withBorder padding="lg" data-testid={`plan-${plan.id}`}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h3">
                  {title}
                </Title>
                <Badge variant="light">{t(`plan.modality.${plan.modality}`)}</Badge>
              </Group>
              <Text c="dimmed">{t(`catalog:plans.${plan.id}.slogan`)}</Text>
              {plan.discount > 0 && (
                <Text size="sm" c="dimmed">
                  {t('plan.basePrice')}: <s>{money(plan.price)}</s> · {t('plan.discount')}: {money(plan.discount)}
                </Text>
              )}
              <Text size="xl" fw={700}>
                {money(plan.price - plan.discount)}
              </Text>
              <Text size="sm">{t('plan.trialDays', { count: plan.trialTime })}</Text>
              <List size="sm">
                {benefitKeys(plan).map((key) => (
                  <List.Item key={key}>{t(`catalog:benefits.${key}`)}</List.Item>
                ))}
              </List>
              {/* Signed out, the checkout's guard sends the visitor to the login page and back here. */}
              <Button renderRoot={(props) => <Link to="/plans/$id/checkout" params={{ id: plan.id }} {...props} />} aria-label={t('plan.subscribeTo', { plan: title })}>
                {t('plan.subscribe')}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
