import type { QueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import { Order, type OrderPaymentChoice } from '#shared/schemas/orders.ts';
import { db, type OrderRecord } from '#app/lib/db.ts';
import { i18n } from '#app/lib/i18n.ts';
import { defineQueuedEntity } from '#app/lib/sync/queued-entity.ts';
import { queuedEntityKinds } from '#app/lib/sync/queued-entity-kinds.ts';
import { fetchOrder, ordersPullQuery, orderPath } from '../api/order-queries.ts';

/**
 * The client's choice of how to pay an order (issue 34), local-first: staff create orders, so the entity declares
 * its update alone, a PATCH of `paymentMethod` at `/users/{uid}/orders/{oid}/` (If-Match, Idempotency-Key: the
 * kit's). Offline it changes the order here at once and is sent once when the network returns; a second change
 * before then folds into it. Once billed or paid the server refuses it (409): the sync indicator offers to discard.
 */
export const orderEntity = defineQueuedEntity<OrderRecord, OrderPaymentChoice, Record<never, never>>({
  name: 'order',
  table: () => db.orders,
  scopeOf: () => ({}),
});

/** What only the server changes on an order: applied from its answer even while another choice of ours is queued. */
const SERVER_FIELDS = ['statusPayment', 'statusCode', 'active', 'analysisStatus', 'remainingOfAnalyzes', 'billUrl', 'bill'] as const satisfies readonly (keyof OrderRecord)[];

/** The one kind (app/write-kinds.ts). */
export function orderKinds(queryClient: QueryClient) {
  return queuedEntityKinds(orderEntity, {
    update: {
      method: 'PATCH',
      path: ({ userId }, id) => orderPath(userId, id),
      fetchOne: ({ userId }, id) => fetchOrder(userId, id),
      answer: { wire: Order, toRecord: (order) => order, serverFields: SERVER_FIELDS },
    },
    describe: (_action, { previous }) => i18n.t('orders:sync.payment', { code: previous?.code ?? '' }),
    afterDiscard: (row) => queryClient.fetchQuery(ordersPullQuery(row.payload.userId)).then(() => undefined, () => undefined),
  });
}

/** The client chooses how to pay: the order here at once, its PATCH queued (the server has it when online). */
export async function choosePaymentMethod(userId: string, orderId: string, paymentMethod: PaymentMethod): Promise<void> {
  await orderEntity.update(userId, orderId, { paymentMethod }, (order) => ({ ...order, paymentMethod, chosenPaymentMethod: paymentMethod }));
}

/** Until staff issue the bill (and while unpaid) the client may still choose. */
export const canChoosePayment = (order: Pick<OrderRecord, 'statusCode' | 'billUrl' | 'bill'>) => order.statusCode === 'APG' && !order.billUrl && !order.bill;
