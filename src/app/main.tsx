import './lib/zod-jitless.ts';
import './ui/mantine-styles.ts';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n } from './lib/i18n.ts';
import { readAuthState } from './lib/session.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startConnectivity } from './lib/sync/connectivity.ts';
import { startInstallPrompt } from './features/pwa/install-prompt.ts';
import { registerServiceWorker } from './features/pwa/update-store.ts';
import { startChunkRecovery } from './lib/chunk-recovery.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { startSignedInRuntimeOnSignIn } from './signed-in.ts';
import { LoadingIndicator } from './ui/loading-indicator.tsx';

const FIRST_RENDER_WAIT_MS = 1_000;
const APP_NAME = 'DoseHub';

/** A new task: the start-up runs in a few short tasks after the modules' evaluation, so a slow phone stays responsive. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  // Texts first: a `?lang=` in the address is taken out of it before the router reads it.
  const texts = initI18n();
  await nextTask();
  const router = createAppRouter(queryClient, readAuthState());
  await nextTask();
  startConnectivity();
  // The local-first engine, its senders, the start-up pulls and push: loaded when a user is signed in.
  startSignedInRuntimeOnSignIn(queryClient);
  startChunkRecovery();
  startInstallPrompt();

  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in short slices, so a slow phone can still react to input.
  const render = () => {
    // A pre-rendered page came with its own title (the server's); from now on each screen sets its own.
    document.title = APP_NAME;
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <Suspense fallback={<LoadingIndicator />}>
              <App router={router} queryClient={queryClient} />
            </Suspense>
          </Providers>
        </StrictMode>,
      ),
    );
  };
  // The first render waits (at most FIRST_RENDER_WAIT_MS) for the start-up texts, preloaded with the
  // scripts (index.html), and for the first route: the page then paints complete, from one interruptible
  // render, instead of a loading logo first and then a blocking render of the whole page.
  const firstRoute = router.load();
  const waitLimit = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.race([Promise.all([texts, firstRoute]), waitLimit]).then(render, render);
}

void start();
// After the first screen's requests: the worker's script and precache do not compete with them.
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });
