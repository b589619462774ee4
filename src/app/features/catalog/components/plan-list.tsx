import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatUsdIn } from '#shared/format/money.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { plansQuery } from '../api/catalog-queries.ts';

/** /plans: each plan with its prices in USD (the interface language's format), trial, benefits and the subscribe action. */
export function PlanList() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const query = useQuery(plansQuery(language));
  const money = (value: number) => formatUsdIn(value, language);
  return (
    <QueryState query={query} isEmpty={(data) => data.row.length === 0}>
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {data.row.map((plan) => (
            <Card key={plan.id} component="li" withBorder padding="lg" data-testid={`plan-${plan.id}`}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h3">
                    {plan.title}
                  </Title>
                  <Badge variant="light">{t(`plan.modality.${plan.modality}`)}</Badge>
                </Group>
                <Text c="dimmed">{plan.slogan}</Text>
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
                  {plan.benefits.map((benefit) => (
                    <List.Item key={benefit.id}>{benefit.name}</List.Item>
                  ))}
                </List>
                {/* Signed out, the checkout's guard sends the visitor to the login page and back here. */}
                <Button renderRoot={(props) => <Link to="/plans/$id/checkout" params={{ id: plan.id }} {...props} />} aria-label={t('plan.subscribeTo', { plan: plan.title })}>
                  {t('plan.subscribe')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
