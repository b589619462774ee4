import { Suspense, useId } from 'react';
import { Accordion, Badge, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconList, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatBrl } from '#shared/format/money.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';
import type { OrderRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { takesAnalyses } from '../analysis-values.ts';
import { completionOf, formatDate, formatPercent } from '../format.ts';
import { PixCharge } from '#app/ui/pix-charge.tsx';
import { renewOrderPix } from '../api/order-queries.ts';
import { canChoosePayment } from '../store/order-payment.ts';
import { BillDetails } from './bill-details.tsx';
import { PaymentChoice } from './payment-choice.tsx';

export type DisabledReason = 'billPaid' | 'billMissing' | 'paymentPending' | 'noneRemaining' | 'noAnalyses' | 'refunded';

/**
 * docs/product.md §2 "My services" action rules: the bill only with a bill URL and payment not confirmed;
 * add only when confirmed, with analyses remaining (and a service that takes them); details only
 * when confirmed; a refunded order (issue 34) offers none. Each is either allowed (null) or the reason it is not.
 */
export function orderActions(order: Pick<OrderRecord, 'statusCode' | 'billUrl' | 'serviceId'>, remaining: number) {
  if (order.statusCode === 'REF') return { bill: 'refunded', add: 'refunded', details: 'refunded' } as const;
  const confirmed = order.statusCode === 'CON';
  const bill: DisabledReason | null = confirmed ? 'billPaid' : order.billUrl ? null : 'billMissing';
  const add: DisabledReason | null = !confirmed ? 'paymentPending' : !takesAnalyses(order.serviceId) ? 'noAnalyses' : remaining <= 0 ? 'noneRemaining' : null;
  const details: DisabledReason | null = confirmed ? null : 'paymentPending';
  return { bill, add, details };
}

/** One order as an accordion item: service and date in the header; values, progress and actions inside. */
export function OrderItem({ order, remaining }: { order: OrderRecord; remaining: number }) {
  // 'pix' is the panel's (the payment choice, the PIX charge): loaded with the item, so opening it does not wait on it.
  const { t } = useTranslation(['orders', 'catalog', 'pix']);
  const language = useLanguage();
  const reasonsId = useId();
  const serviceName = t(`catalog:services.${order.serviceId}.title`);
  const total = order.quantityOfAnalyzes;
  const sent = Math.max(0, total - remaining);
  const completion = completionOf(order.analysisStatus.concluded, total);
  const actions = orderActions(order, remaining);
  // A PIX charge is shown above (QR code and code): no boleto button, nor a reason for its absence.
  const byPix = order.bill?.method === 'pix';
  const reasons = [...new Set([byPix ? null : actions.bill, actions.add, actions.details].filter((reason): reason is DisabledReason => reason !== null))];
  const describedBy = (reason: DisabledReason | null) => (reason ? `${reasonsId}-${reason}` : undefined);

  return (
    <Accordion.Item value={order.id} data-order-id={order.id}>
      <Accordion.Control>
        <Group justify="space-between" gap="xs" wrap="wrap" pr="xs">
          <Stack gap={0}>
            <Text fw={600}>{serviceName}</Text>
            <Text size="sm" c="dimmed">
              {t('item.hiredOn')} <time dateTime={order.createdAt}>{formatDate(order.createdAt, language)}</time>
            </Text>
          </Stack>
          <Badge color={order.statusCode === 'CON' ? 'green' : 'yellow'} variant="light">
            {t(`payment.${order.statusCode}`)}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {/* What the panel still loads waits here: a suspension above it would hide the panel while it opens, and
            Mantine's Collapse, measuring it then, stays at height 0 (seen on a loaded machine: an open, empty item). */}
        <Suspense fallback={<ListLoader />}>
          <Stack gap="md">
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
              <DetailField label={t('fields.price')}>{formatBrl(order.price)}</DetailField>
              <DetailField label={t('fields.total')}>{total}</DetailField>
              <DetailField label={t('fields.sent')}>{sent}</DetailField>
              <DetailField label={t('fields.remaining')}>{remaining}</DetailField>
              <DetailField label={t('fields.payment')}>{t(`payment.${order.statusCode}`)}</DetailField>
              <DetailField label={t('fields.code')}>{order.code}</DetailField>
            </SimpleGrid>
            {order.bill?.method === 'pix' ? (
              <PixCharge bill={order.bill} onRenew={() => renewOrderPix(order.userId, order.id)} />
            ) : order.bill ? (
              <BillDetails bill={order.bill} />
            ) : canChoosePayment(order) ? (
              <PaymentChoice order={order} />
            ) : null}
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('fields.completion')}</Text>
                <Text size="sm" fw={600}>
                  {formatPercent(completion, language)}
                </Text>
              </Group>
              {/* Our own ARIA on the section: Mantine's Progress leaves aria-valuetext on its root (axe: not allowed there) and writes "n%". */}
              <Progress.Root>
                <Progress.Section
                  value={completion * 100}
                  withAria={false}
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(completion * 100)}
                  aria-valuetext={formatPercent(completion, language)}
                  aria-label={t('item.completionLabel', { service: serviceName })}
                />
              </Progress.Root>
            </Stack>
            <Group gap="xs">
              {byPix ? null : actions.bill === null ? (
                <Button component="a" href={order.billUrl!} target="_blank" rel="noopener noreferrer" variant="light" leftSection={<IconFileInvoice size={16} aria-hidden />}>
                  {t('actions.bill')}
                </Button>
              ) : (
                <Button disabled variant="light" leftSection={<IconFileInvoice size={16} aria-hidden />} aria-describedby={describedBy(actions.bill)}>
                  {t('actions.bill')}
                </Button>
              )}
              {actions.add === null ? (
                <Button
                  renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analysis-form/create" params={{ orderId: order.id }} {...props} />}
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  {t('actions.add')}
                </Button>
              ) : (
                <Button disabled leftSection={<IconPlus size={16} aria-hidden />} aria-describedby={describedBy(actions.add)}>
                  {t('actions.add')}
                </Button>
              )}
              {actions.details === null ? (
                <Button
                  variant="default"
                  renderRoot={(props) => <Link to="/dashboard/my-services/$orderId/analyses" params={{ orderId: order.id }} {...props} />}
                  leftSection={<IconList size={16} aria-hidden />}
                >
                  {t('actions.details')}
                </Button>
              ) : (
                <Button disabled variant="default" leftSection={<IconList size={16} aria-hidden />} aria-describedby={describedBy(actions.details)}>
                  {t('actions.details')}
                </Button>
              )}
            </Group>
            {reasons.length > 0 && (
              <Stack gap={2}>
                {reasons.map((reason) => (
                  <Text key={reason} id={`${reasonsId}-${reason}`} size="xs" c="dimmed">
                    {t(`reasons.${reason}`)}
                  </Text>
                ))}
              </Stack>
            )}
          </Stack>
        </Suspense>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
