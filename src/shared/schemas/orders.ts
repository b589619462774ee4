import { z } from 'zod';
import { SERVICE_IDS } from '../catalog.ts';
import { listOf } from './common.ts';
import { OrderBill, PAYMENT_METHODS } from './bills.ts';

export const PAYMENT_STATUS_CODES = ['APG', 'CON', 'REF'] as const;
export type PaymentStatusCode = (typeof PAYMENT_STATUS_CODES)[number];
/** v1's values of `statusPayment` (Portuguese, never translated; clients translate `statusCode`). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatusCode, string> = { APG: 'Aguardando pagamento', CON: 'Confirmado', REF: 'Reembolsado' };

export const ANALYSIS_STATUS_CODES = ['DS', 'AI', 'II', 'PR', 'CO'] as const;
export type AnalysisStatusCode = (typeof ANALYSIS_STATUS_CODES)[number];
/** v1's values of an analysis `status` (Portuguese, never translated; clients translate `statusCode`). */
export const ANALYSIS_STATUS_LABELS: Record<AnalysisStatusCode, string> = {
  DS: 'Dados enviados',
  AI: 'Verificando informações',
  II: 'Informações inválidas',
  PR: 'Processando a análise',
  CO: 'Análise concluída',
};
/** The user may edit or delete an analysis only in these statuses (docs/v1-contract.md §4.4). */
export const EDITABLE_ANALYSIS_STATUSES: readonly AnalysisStatusCode[] = ['DS', 'II'];

/** v1's `analysisStatus` keys by status (`dataSet` is v1's spelling of "data sent"). */
export const ANALYSIS_STATUS_COUNT_KEYS = {
  DS: 'dataSet',
  AI: 'analyzingInfos',
  II: 'invalidInfos',
  PR: 'processing',
  CO: 'concluded',
} as const satisfies Record<AnalysisStatusCode, string>;

export const AnalysisStatusCounts = z.object({
  dataSet: z.number().int(),
  invalidInfos: z.number().int(),
  concluded: z.number().int(),
  processing: z.number().int(),
  analyzingInfos: z.number().int(),
});
export type AnalysisStatusCounts = z.infer<typeof AnalysisStatusCounts>;

/** docs/v1-contract.md §1.12 with docs/api.md's `statusCode`, `serviceId` and localized `serviceName`. */
export const Order = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    quantityOfAnalyzes: z.number().int(),
    remainingOfAnalyzes: z.number().int(),
    /** BRL */
    price: z.number(),
    serviceId: z.enum(SERVICE_IDS),
    serviceName: z.string(),
    statusPayment: z.string(),
    statusCode: z.enum(PAYMENT_STATUS_CODES),
    active: z.boolean(),
    analysisStatus: AnalysisStatusCounts,
    code: z.string(),
    /** YYYY-MM-DD */
    createdAt: z.string(),
    billUrl: z.string().nullable(),
    /** How it is paid: the client's choice until staff bill it, then how staff billed it (a boleto, a pasted bill, or PIX). */
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** What the client chose (on the quote request, or on the order before its bill); null when they never did. */
    chosenPaymentMethod: z.enum(PAYMENT_METHODS).nullable(),
    /** The boleto issued through a payment provider (its PDF is `billUrl`) or the PIX charge; null for a pasted bill or none. */
    bill: OrderBill.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;
export const OrderList = listOf(Order).meta({ id: 'OrderList' });
export type OrderList = z.infer<typeof OrderList>;

export const OrderParams = z.object({ uid: z.uuid(), oid: z.uuid('validation.invalidUuid') });

/**
 * `PATCH /users/{uid}/orders/{oid}/`: the client's choice of how to pay, while the order is unpaid and not billed
 * (409 after). If-Match with the order's ETag refuses a stale write.
 */
export const OrderPaymentChoice = z
  .strictObject({ paymentMethod: z.enum(PAYMENT_METHODS, { error: () => 'validation.notValidChoice' }) })
  .meta({ id: 'OrderPaymentChoice' });
export type OrderPaymentChoice = z.infer<typeof OrderPaymentChoice>;

/** Staff: a new order for a user (docs/api.md additions). */
export const NewOrder = z.object({
  id: z.uuid('validation.invalidUuid').optional(),
  userId: z.uuid('validation.invalidUuid'),
  serviceId: z.enum(SERVICE_IDS),
  quantity: z.number().int().min(1).max(10_000),
  price: z.number().min(0).max(999_999_999_999),
  /** The quote request it answers (a quote's `prefill`): the client's My quotes then shows it ordered. */
  quoteId: z.uuid('validation.invalidUuid').optional(),
});
export type NewOrder = z.infer<typeof NewOrder>;
