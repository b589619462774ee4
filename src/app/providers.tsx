import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { persistOptions } from './lib/query-client.ts';
import { LogoutDialog } from './ui/logout-dialog.tsx';
import { theme } from './ui/theme.ts';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-center" limit={3} />
      <LogoutDialog />
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
        {children}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
