import { createFileRoute } from '@tanstack/react-router';
import { SignaturesList } from '#app/features/signatures/components/signatures-list.tsx';

/** /dashboard/my-signatures: pulls on entering and reads the local database (offline too). */
export const Route = createFileRoute('/_authenticated/dashboard/my-signatures/')({
  component: MySignaturesPage,
});

function MySignaturesPage() {
  const { userId } = Route.useRouteContext();
  return <SignaturesList userId={userId} />;
}
