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
