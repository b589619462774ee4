import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderBill } from '#shared/schemas/bills.ts';
import type { AnalysisStatusCode, PaymentStatusCode } from '#shared/schemas/orders.ts';

const COLORS: Record<AnalysisStatusCode, string> = { DS: 'blue', AI: 'violet', II: 'red', PR: 'orange', CO: 'teal' };

/**
 * The back-office's badges: a coloured dot beside dark text on white (light and filled badges in the status
 * colours fail WCAG AA contrast), never cut: in a narrow table cell its text wraps instead of ending in "…".
 */
const WRAPPING = { root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } } as const;

export function StaffBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="dot" maw="none" styles={WRAPPING}>
      {children}
    </Badge>
  );
}

/** An analysis's status, named in the reader's language. */
export function StatusBadge({ status }: { status: AnalysisStatusCode }) {
  const { t } = useTranslation('staff');
  return <StaffBadge color={COLORS[status]}>{t(`statuses.${status}`)}</StaffBadge>;
}

const PAYMENT_COLORS: Record<PaymentStatusCode, string> = { APG: 'yellow', CON: 'teal', REF: 'gray' };

/** An order's or a subscription's payment: waiting, confirmed or refunded. */
export function PaymentBadge({ status }: { status: PaymentStatusCode }) {
  const { t } = useTranslation('staff');
  return <StaffBadge color={PAYMENT_COLORS[status]}>{t(`orders.paymentStatus.${status}`)}</StaffBadge>;
}

const BILL_COLORS: Record<OrderBill['status'], string> = { open: 'yellow', paid: 'teal', expired: 'red', refunded: 'gray' };

/** The bill issued through the provider, by method and state: "PIX paid", "Boleto open"… */
export function BillBadge({ bill }: { bill: Pick<OrderBill, 'method' | 'status'> }) {
  const { t } = useTranslation('staff');
  return <StaffBadge color={BILL_COLORS[bill.status]}>{t(`orders.billState.${bill.method}.${bill.status}`)}</StaffBadge>;
}

/** Issue 30: the user deleted their account (what is left is kept for the fiscal period, under a pseudonym). */
export function DeletedAccountBadge() {
  const { t } = useTranslation('staff');
  return <StaffBadge color="gray">{t('users.deleted')}</StaffBadge>;
}
