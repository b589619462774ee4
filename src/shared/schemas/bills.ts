import { z } from 'zod';

export const BILL_STATUS_CODES = ['open', 'paid'] as const;

/** An order's boleto issued through a payment provider (docs/api.md additions); its PDF is the order's `billUrl`. */
export const OrderBill = z
  .object({
    provider: z.string(),
    /** The 47-digit linha digitável, digits only. */
    line: z.string(),
    /** The 44-digit barcode. */
    barcode: z.string(),
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
