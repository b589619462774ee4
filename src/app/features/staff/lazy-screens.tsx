import { Suspense, lazy, type ComponentProps } from 'react';
import { LoadingIndicator } from '#app/ui/loading-indicator.tsx';

/**
 * The back-office behind one more dynamic import than its route chunk: the entry chunk of `/` lists every
 * chunk a route chunk imports statically (its preload list), so the staff route points at this small stub
 * and the screens' own dependencies (tables, dialogs, the upload code) are listed in the stub's chunk
 * instead; a clinician's first visit pays one route in the route table, nothing more.
 */
const Screens = lazy(async () => ({ default: (await import('./components/staff-screens.tsx')).StaffScreens }));

export function StaffScreen(props: ComponentProps<typeof Screens>) {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <Screens {...props} />
    </Suspense>
  );
}
