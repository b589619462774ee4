import { useEffect, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import type { OrderRecord } from '#app/lib/db.ts';
import { isQuotaExceededError } from '#app/lib/db.ts';
import { PaymentMethodChoice } from '#app/ui/payment-method-choice.tsx';
import { SyncBadge } from '#app/ui/sync-badge.tsx';
import { choosePaymentMethod } from '../store/order-payment.ts';

/**
 * How the client pays an order not billed yet (issue 34): PIX or boleto, changed here at once (offline too) and
 * sent when the network allows; the badge says while the server does not have it yet.
 */
export function PaymentChoice({ order }: { order: OrderRecord }) {
  const { t } = useTranslation('orders');
  const [failed, setFailed] = useState(false);
  // Shown checked at once, before the local write comes back through the order's live record (which then rules).
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  useEffect(() => setPicked(null), [order.paymentMethod, order.version]);
  const choose = (method: PaymentMethod) => {
    setFailed(false);
    setPicked(method);
    choosePaymentMethod(order.userId, order.id, method).catch((error: unknown) => {
      setPicked(null);
      // A full disk is already in the banner (localWrite).
      if (!isQuotaExceededError(error)) setFailed(true);
    });
  };
  return (
    <Stack gap={4} data-testid="payment-choice">
      <PaymentMethodChoice
        label={t('method.label')}
        description={t('method.description')}
        value={picked ?? order.paymentMethod}
        onChange={choose}
        hints={{ pix: t('method.hint.pix'), boleto: t('method.hint.boleto') }}
      />
      <SyncBadge entityId={order.id} showError />
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t('method.saveFailed')}
        </Text>
      )}
    </Stack>
  );
}
