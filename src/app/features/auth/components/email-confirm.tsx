import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '#app/lib/api-client.ts';
import { messageText, splitApiError } from '#app/lib/form-errors.ts';
import { isSignedIn, useAuth } from '#app/lib/session.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { confirmEmailOnce, resendVerification, type EmailConfirmation } from '../api/auth-api.ts';
import { AFTER_LOGIN } from '../redirect.ts';
import { AuthCard } from './auth-card.tsx';

interface EmailConfirmProps {
  uid: string;
  token: string | undefined;
}

/** Dashboard for a signed-in user, login for a visitor. */
function NextStep() {
  const { t } = useTranslation('auth');
  const signedIn = isSignedIn(useAuth());
  return signedIn ? (
    <Button component={Link} to={AFTER_LOGIN} fullWidth size="md">
      {t('emailConfirm.toDashboard')}
    </Button>
  ) : (
    <Button component={Link} to="/login" fullWidth size="md">
      {t('emailConfirm.login')}
    </Button>
  );
}

/** The signed-in owner of the address can ask for a new link right here. */
function ResendButton({ uid }: { uid: string }) {
  const { t } = useTranslation('auth');
  const resend = useMutation({
    mutationFn: () => resendVerification(uid),
    onSuccess: () => showMessage({ type: 'success', message: t('emailConfirm.resent') }),
    onError: (error) => {
      const [first] = splitApiError(error, {}).general;
      if (first) showMessage({ type: 'error', message: messageText(first, t) });
    },
  });
  return (
    <Button fullWidth size="md" loading={resend.isPending} disabled={resend.isSuccess} onClick={() => resend.mutate()}>
      {t('emailConfirm.resend')}
    </Button>
  );
}

function Outcome({ title, color, icon, children, actions }: { title: string; color: string; icon: ReactNode; children: ReactNode; actions: ReactNode }) {
  return (
    <AuthCard title={title}>
      <Alert color={color} variant="light" icon={icon} role={color === 'red' ? 'alert' : 'status'}>
        {children}
      </Alert>
      {actions}
    </AuthCard>
  );
}

/** Confirms the e-mail with the link's token as soon as the page opens (once, even under StrictMode), then says how it went. */
export function EmailConfirm({ uid, token }: EmailConfirmProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const signedInAs = isSignedIn(auth) ? auth.id : null;
  const queryClient = useQueryClient();
  const linkComplete = Boolean(token) && z.uuid().safeParse(uid).success;

  const { mutate, data: outcome } = useMutation({
    mutationFn: (variables: { uid: string; token: string; signedInAs: string | null }) =>
      confirmEmailOnce(variables.uid, variables.token, variables.signedInAs),
    // Whatever was cached about this user (e-mail status, notices) may have changed.
    onSuccess: (result: EmailConfirmation) => {
      if (result.status === 'confirmed') void queryClient.invalidateQueries();
    },
  });

  useEffect(() => {
    if (token && linkComplete) mutate({ uid, token, signedInAs });
  }, [mutate, uid, token, linkComplete, signedInAs]);

  if (!linkComplete) {
    return (
      <Outcome title={t('emailConfirm.failedTitle')} color="red" icon={<IconAlertCircle aria-hidden="true" />} actions={<NextStep />}>
        {t('emailConfirm.missingToken')}
      </Outcome>
    );
  }

  if (!outcome) {
    return (
      <AuthCard title={t('emailConfirm.title')}>
        <Group gap="sm" role="status" aria-live="polite" py="md" justify="center">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('emailConfirm.confirming')}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (outcome.status === 'confirmed') {
    return (
      <Outcome title={t('emailConfirm.successTitle')} color="teal" icon={<IconCircleCheck aria-hidden="true" />} actions={<NextStep />}>
        {t('emailConfirm.success')}
      </Outcome>
    );
  }

  if (outcome.status === 'alreadyConfirmed') {
    return (
      <Outcome title={t('emailConfirm.alreadyTitle')} color="blue" icon={<IconInfoCircle aria-hidden="true" />} actions={<NextStep />}>
        <Stack gap="xs">
          <Text size="sm">{outcome.message}</Text>
          <Text size="sm">{t('emailConfirm.alreadyBody')}</Text>
        </Stack>
      </Outcome>
    );
  }

  const messages = splitApiError(outcome.error, {}).general.map((message) => messageText(message, t));
  const isOwner = signedInAs === uid;
  // A 409 is also "already verified"; only the signed-in owner can be told apart (api/auth-api.ts), so for anyone else it is a caution, not an error.
  const uncertain = outcome.error instanceof ApiError && outcome.error.status === 409 && !isOwner;
  return (
    <Outcome
      title={uncertain ? t('emailConfirm.title') : t('emailConfirm.failedTitle')}
      color={uncertain ? 'yellow' : 'red'}
      icon={uncertain ? <IconAlertTriangle aria-hidden="true" /> : <IconAlertCircle aria-hidden="true" />}
      actions={
        isOwner ? (
          <Stack gap="sm">
            <ResendButton uid={uid} />
            <Button component={Link} to={AFTER_LOGIN} variant="default" fullWidth size="md">
              {t('emailConfirm.toDashboard')}
            </Button>
          </Stack>
        ) : (
          <NextStep />
        )
      }
    >
      <Stack gap="xs">
        {messages.map((message, index) => (
          <Text size="sm" key={`${index}:${message}`}>
            {message}
          </Text>
        ))}
        <Text size="sm">
          {uncertain ? t('emailConfirm.conflictHint') : isOwner ? t('emailConfirm.failedHint') : t('emailConfirm.loginToResend')}
        </Text>
      </Stack>
    </Outcome>
  );
}
