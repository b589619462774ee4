import { createFileRoute } from '@tanstack/react-router';
import { CalculatorPanel } from '#app/features/signatures/components/calculator.tsx';

/** /dashboard/my-signatures/benefits/calculator: the subscribers' calculator (gated by the subscriptions last seen here). */
export const Route = createFileRoute('/_authenticated/dashboard/my-signatures/benefits/calculator/')({
  component: CalculatorPage,
});

function CalculatorPage() {
  const { userId } = Route.useRouteContext();
  return <CalculatorPanel userId={userId} />;
}
