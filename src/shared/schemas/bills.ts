import { z } from 'zod';

export const PAYMENT_METHODS = ['boleto', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `expired`: a PIX charge not paid in time (a new one can be made); `refunded`: staff gave a PIX payment back. */
export const BILL_STATUS_CODES = ['open', 'paid', 'expired', 'refunded'] as const;

/** An order's boleto or PIX charge issued through a payment provider (docs/api.md additions); its PDF is the order's `billUrl`. */
export const OrderBill = z
  .object({
    provider: z.string(),
    method: z.enum(PAYMENT_METHODS),
    /** A boleto's 47-digit linha digitável, digits only (PIX: null). */
    line: z.string().nullable(),
    /** A boleto's 44-digit barcode (PIX: null). */
    barcode: z.string().nullable(),
    /** A PIX charge's copy-paste code (BR Code), also drawn as its QR code (boleto: null). */
    pixCode: z.string().nullable(),
    /** When a PIX charge expires (boleto: null). */
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    refundedAt: z.iso.datetime({ offset: true }).nullable(),
    /** BRL */
    amount: z.number(),
    /** YYYY-MM-DD */
    dueDate: z.string(),
    status: z.enum(BILL_STATUS_CODES),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'OrderBill' });
export type OrderBill = z.infer<typeof OrderBill>;

/**
 * A subscription's boleto: the plan's total is in USD, a boleto always in BRL. `amount` (BRL) is `usdAmount`
 * converted at `usdBrlRate` (BRL per USD, the server's USD_BRL_RATE when the bill was issued), kept as issued.
 */
export const SignatureBill = OrderBill.extend({
  /** USD */
  usdAmount: z.number(),
  /** BRL per USD, up to 4 decimals. */
  usdBrlRate: z.number(),
}).meta({ id: 'SignatureBill' });
export type SignatureBill = z.infer<typeof SignatureBill>;
