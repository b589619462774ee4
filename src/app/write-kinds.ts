import type { QueryClient } from '@tanstack/react-query';
import { calibrationKinds } from './features/calibrations/store/calibration-senders.ts';
import { notificationKinds } from './features/notifications/store/notification-store.ts';
import { analysisKinds } from './features/orders/store/analysis-senders.ts';
import { orderKinds } from './features/orders/store/order-payment.ts';
import { quoteKinds } from './features/quotes/store/quote-store.ts';
import { signatureKinds } from './features/signatures/store/signature-senders.ts';
import type { WriteKinds } from './lib/sync/write-kinds.ts';

/**
 * Every kind of queued write the app sends, by kind: what the drainer, "discard" and the sync indicator
 * look a row up in (lib/sync/write-kinds.ts). Each entry comes from its feature's declaration; installed
 * by signed-in-runtime.tsx before the drainer starts.
 */
export const appWriteKinds = (queryClient: QueryClient): WriteKinds => ({
  ...notificationKinds(queryClient),
  ...calibrationKinds(queryClient),
  ...analysisKinds(queryClient),
  ...orderKinds(queryClient),
  ...quoteKinds(),
  ...signatureKinds(),
});
