import type { ReactNode } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isAccountField, type AccountField } from '#app/features/account/account-fields.ts';
import { EmailEditPanel } from '#app/features/account/components/email-edit-form.tsx';
import { PasswordEditPanel } from '#app/features/account/components/password-edit-form.tsx';
import { PhoneEditPanel } from '#app/features/account/components/phone-edit-form.tsx';

const EDITORS: Record<AccountField, (props: { userId: string }) => ReactNode> = {
  email: EmailEditPanel,
  password: PasswordEditPanel,
  phone: PhoneEditPanel,
};

/** /dashboard/profile/{email|password|phone}/edit; any other {data} is a not-found page. */
export const Route = createFileRoute('/_authenticated/dashboard/profile/$data/edit')({
  params: {
    parse: ({ data }): { data: AccountField } => {
      if (!isAccountField(data)) throw notFound();
      return { data };
    },
    stringify: ({ data }) => ({ data }),
  },
  component: EditAccountDataPage,
});

function EditAccountDataPage() {
  const { data }: { data: AccountField } = Route.useParams();
  const { userId } = Route.useRouteContext();
  const Editor = EDITORS[data];
  return <Editor userId={userId} />;
}
