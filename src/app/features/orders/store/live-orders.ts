import type { QueryClient } from '@tanstack/react-query';
import { registerLiveEventHandler } from '#app/lib/live/live-handlers.ts';
import type { ServerEvent } from '#app/lib/live/sse-parser.ts';
import { analysesPullQuery, ordersPullQuery } from '../api/order-queries.ts';

function orderIdOf(event: ServerEvent): string | null {
  try {
    const { orderId } = JSON.parse(event.data) as { orderId?: unknown };
    return typeof orderId === 'string' ? orderId : null;
  } catch {
    return null;
  }
}

/**
 * The live stream's `order` and `analysis` events (the staff confirmed a payment, moved an analysis on,
 * another device sent one): pull the orders, and that order's analyses, into the local database at
 * once, whether or not their screens are open. Returns the unregister function.
 */
export function registerOrderLiveEvents(queryClient: QueryClient) {
  const pullOrders = (userId: string) => queryClient.fetchQuery(ordersPullQuery(userId)).then(() => undefined);
  const stops = [
    registerLiveEventHandler('order', pullOrders),
    registerLiveEventHandler('analysis', async (userId, event) => {
      const orderId = orderIdOf(event);
      await Promise.all([pullOrders(userId), orderId ? queryClient.fetchQuery(analysesPullQuery(userId, orderId)) : null]);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
