import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/schemas/bills.ts';

/** PIX first: it clears in seconds, any day (issue 34). */
const METHODS: readonly PaymentMethod[] = ['pix', ...PAYMENT_METHODS.filter((method) => method !== 'pix')];

interface PaymentMethodChoiceProps {
  label: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** What each method means where it is chosen (a subscription's boleto comes at the trial's end, an order's when staff bill it). */
  hints?: Record<PaymentMethod, string>;
  disabled?: boolean;
  description?: string;
}

/** PIX or boleto, as a radio group (the quote request, an order before its bill, a checkout). */
export function PaymentMethodChoice({ label, value, onChange, hints, disabled = false, description }: PaymentMethodChoiceProps) {
  const { t } = useTranslation('pix');
  return (
    <Radio.Group label={label} description={description} value={value} onChange={(next) => onChange(next as PaymentMethod)}>
      <Stack gap="xs" mt="xs">
        {METHODS.map((method) => (
          <Radio key={method} value={method} label={t(`method.${method}`)} description={hints?.[method]} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
