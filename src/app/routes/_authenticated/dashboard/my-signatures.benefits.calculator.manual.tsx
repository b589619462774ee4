import { createFileRoute } from '@tanstack/react-router';
import { CalculatorManual } from '#app/features/signatures/components/calculator-manual.tsx';

/** /dashboard/my-signatures/benefits/calculator/manual: how the calculator works. */
export const Route = createFileRoute('/_authenticated/dashboard/my-signatures/benefits/calculator/manual')({
  component: CalculatorManual,
});
