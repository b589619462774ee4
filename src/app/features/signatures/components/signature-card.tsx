import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import type { SignatureBill } from '#shared/schemas/bills.ts';
import type { SignatureRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { DetailField } from '#app/ui/detail-field.tsx';

/** A real's worth of a dollar, with the rate's own decimals (up to 4): R$ 5,4321. */
const rateFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** The boleto is in BRL; the plan's USD total and the rate it was converted at are shown beside it, as the bill keeps them. */
function BillFields({ bill }: { bill: SignatureBill }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  return (
    <>
      <DetailField label={t('labels.billAmount')}>
        {formatBrl(bill.amount)}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          ({t('card.billConversion', { usd: formatUsdIn(bill.usdAmount, language), rate: rateFormat.format(bill.usdBrlRate) })})
        </Text>
      </DetailField>
      <DetailField label={t('labels.billDue')}>{formatDate(bill.dueDate, language)}</DetailField>
    </>
  );
}

/**
 * One subscription (docs/product.md §2 "My signatures"): price in USD, the hired period's start and next due
 * date, the end of the trial, the status; benefits are links only while activated; the bill opens only
 * while not activated (there is then something to pay).
 */
export function SignatureCard({ signature }: { signature: SignatureRecord }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  const date = (iso: string | undefined) => (iso ? formatDate(iso, language) : t('card.none'));
  const status = signature.activated ? 'active' : 'inactive';
  return (
    <Card component="li" withBorder padding="lg" data-testid={`signature-${signature.planId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {signature.plan}
          </Title>
          <Badge color={signature.activated ? 'green' : 'gray'}>{t(`status.${status}`)}</Badge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
          <DetailField label={t('labels.price')}>{formatUsdIn(signature.price - signature.discount, language)}</DetailField>
          <DetailField label={t('labels.payment')}>{t(`payment.${signature.statusCode}`)}</DetailField>
          <DetailField label={t('labels.start')}>{date(signature.hiredPeriod?.initial)}</DetailField>
          <DetailField label={t('labels.nextDue')}>{date(signature.hiredPeriod?.end)}</DetailField>
          <DetailField label={t('labels.trialEnd')}>{date(signature.testPeriod.end)}</DetailField>
          {signature.bill?.status === 'open' && <BillFields bill={signature.bill} />}
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {t('card.benefits')}
        </Text>
        <List size="sm">
          {signature.benefits.map((benefit) => (
            <List.Item key={benefit.id}>
              {signature.activated ? (
                <Anchor component={Link} to={benefit.uri}>
                  {benefit.name}
                </Anchor>
              ) : (
                benefit.name
              )}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          {signature.activated || !signature.billFile ? (
            <Button variant="light" disabled>
              {t('card.bill')}
            </Button>
          ) : (
            <Button component="a" href={signature.billFile} target="_blank" rel="noopener" variant="light">
              {t('card.bill')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
