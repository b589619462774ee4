import { Suspense, lazy, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { persistOptions } from './lib/query-client.ts';
import { isSignedIn, useAuth } from './lib/session.ts';
import { MessageHost } from './ui/message-host.tsx';
import { cssVariablesResolver, theme } from './ui/theme.ts';

const LogoutDialog = lazy(async () => ({ default: (await import('./ui/logout-dialog.tsx')).LogoutDialog }));

/** Only a signed-in user can log out; the dialog reads the outbox (Dexie), so it loads with the session. */
function SignedInLogoutDialog() {
  const signedIn = isSignedIn(useAuth());
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <LogoutDialog />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <MessageHost />
      <SignedInLogoutDialog />
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
        {children}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
