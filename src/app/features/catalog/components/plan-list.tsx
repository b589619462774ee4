import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '#shared/format/money.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { plansQuery } from '../api/catalog-queries.ts';

export function PlanList() {
  const { t } = useTranslation('common');
  const query = useQuery(plansQuery(useLanguage()));
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
                <Text size="xl" fw={700}>
                  {formatUsd(plan.price - plan.discount)}
                </Text>
                <Text size="sm">{t('plan.trialDays', { count: plan.trialTime })}</Text>
                <List size="sm">
                  {plan.benefits.map((benefit) => (
                    <List.Item key={benefit.id}>{benefit.name}</List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
