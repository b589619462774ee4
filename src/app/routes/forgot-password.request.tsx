import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '#app/features/auth/components/forgot-password-form.tsx';

export const Route = createFileRoute('/forgot-password/request')({
  component: ForgotPasswordForm,
});
