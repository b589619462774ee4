import { createFileRoute } from '@tanstack/react-router';
import { emailQuery, phoneQuery } from '#app/features/account/api/account-queries.ts';
import { Stack } from '@mantine/core';
import { DevicesSection } from '#app/features/account/components/devices-section.tsx';
import { SecondFactorSection } from '#app/features/account/components/second-factor-section.tsx';
import { SecurityOverview } from '#app/features/account/components/security-overview.tsx';

export const Route = createFileRoute('/_authenticated/dashboard/security')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(emailQuery(context.userId));
    void context.queryClient.prefetchQuery(phoneQuery(context.userId));
  },
  component: SecurityPage,
});

function SecurityPage() {
  const { userId } = Route.useRouteContext();
  return (
    <Stack gap="lg">
      <SecurityOverview userId={userId} />
      <SecondFactorSection userId={userId} />
      <DevicesSection userId={userId} />
    </Stack>
  );
}
