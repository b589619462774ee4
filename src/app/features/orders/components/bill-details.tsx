import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLinhaDigitavel } from '#shared/format/boleto.ts';
import { formatBrl } from '#shared/format/money.ts';
import type { OrderBill } from '#shared/schemas/bills.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { useLanguage } from '#app/lib/use-language.ts';
import { formatDate } from '../format.ts';

/** The boleto of an order: its line to copy, due date and amount; once paid, the day it was confirmed. */
export function BillDetails({ bill }: { bill: OrderBill }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const lineId = useId();
  const line = formatLinhaDigitavel(bill.line ?? '');
  return (
    <Stack gap="xs" data-testid="order-bill">
      {bill.status === 'paid' && bill.paidAt ? (
        <Text size="sm" c="green.8" fw={600} role="status">
          {t('bill.paidOn', { date: formatDate(bill.paidAt, language) })}
        </Text>
      ) : null}
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        <DetailField label={t('bill.dueDate')}>
          <time dateTime={bill.dueDate}>{formatDate(bill.dueDate, language)}</time>
        </DetailField>
        <DetailField label={t('bill.amount')}>{formatBrl(bill.amount)}</DetailField>
      </SimpleGrid>
      <div>
        <Text id={lineId} size="xs" c="dimmed">
          {t('bill.line')}
        </Text>
        <Group gap="xs" align="center">
          <Code aria-labelledby={lineId} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid="bill-line">
            {line}
          </Code>
          <CopyButton value={bill.line ?? ''}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                color={copied ? 'green' : undefined}
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                aria-live="polite"
              >
                {copied ? t('bill.copied') : t('bill.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
    </Stack>
  );
}
