import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { registerCalibrationSenders, startCalibrationsSync } from './features/calibrations/store/calibration-senders.ts';
import { registerNotificationSenders } from './features/notifications/store/notification-store.ts';
import { initI18n } from './lib/i18n.ts';
import { startLocalFirst } from './lib/local-first.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startInstallPrompt } from './features/pwa/install-prompt.ts';
import { startPushLifecycle } from './features/pwa/push-lifecycle.ts';
import { registerServiceWorker } from './features/pwa/update-store.ts';
import { startChunkRecovery } from './lib/chunk-recovery.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { LoadingIndicator } from './ui/loading-indicator.tsx';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
void initI18n();
// The outbox's senders are registered before the drainer starts (a feature's code-split chunk may never load).
registerNotificationSenders(queryClient);
registerCalibrationSenders(queryClient);
startLocalFirst();
// Calibrations are pulled at start (and on sign-in), not only when their screens open.
startCalibrationsSync(queryClient);
registerServiceWorker();
startChunkRecovery();
startInstallPrompt();
startPushLifecycle();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <Suspense fallback={<LoadingIndicator />}>
        <App router={router} queryClient={queryClient} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
