import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { authChangeListeners, isSignedIn, readAuthState, type AuthState } from './lib/session.ts';

/**
 * Loads the signed-in runtime (signed-in-runtime.tsx) the first time a user is signed in: at start
 * (the readable `id` cookie says so synchronously) or on login. Visitors never download it.
 */

const importRuntime = () => import('./signed-in-runtime.tsx');
let started: Promise<void> | null = null;

export function startSignedInRuntimeOnSignIn(queryClient: QueryClient) {
  const onAuth = (auth: AuthState | null) => {
    if (!isSignedIn(auth) || started) return;
    started = importRuntime().then(
      (runtime) => runtime.startSignedInRuntime(queryClient),
      () => {
        // The chunk did not load (chunk-recovery.ts reloads after a deploy): the next sign-in tries again.
        started = null;
      },
    );
  };
  authChangeListeners.add(onAuth);
  onAuth(readAuthState());
}

/** The app-wide hooks of a signed-in user (see `SignedInEffects`), loaded with the runtime. */
export const SignedInEffects = lazy(async () => ({ default: (await importRuntime()).SignedInEffects }));
