import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SecondStepMethod } from '#shared/schemas/security.ts';
import type { AuthResponse } from '#shared/schemas/users.ts';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { finishSignIn } from '#app/lib/session-api.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { FormAlert } from './form-alert.tsx';
import { PasskeyButton } from './passkey-button.tsx';

type Mode = 'code' | 'recovery';
const SERVER_FIELDS = { code: 'code', recovery_code: 'code' } as const;

function checkCode(mode: Mode, code: string) {
  const typed = code.trim();
  if (mode === 'code') return /^\d{6}$/.test(typed) ? [] : ['validation:totpCodeFormat'];
  return typed.replace(/[\s-]/g, '').length >= 10 ? [] : ['validation:recoveryCodeFormat'];
}

interface SecondStepFormProps {
  methods: SecondStepMethod[];
  onSignedIn: (auth: AuthResponse) => void;
}

/** The sign-in's second step (issue 31): the authenticator's code, a recovery code instead, or a passkey. */
export function SecondStepForm({ methods, onSignedIn }: SecondStepFormProps) {
  if (!methods.includes('totp')) return <PasskeyButton labelKey="auth:secondStep.usePasskey" onSignedIn={onSignedIn} />;
  return <CodeForm withPasskey={methods.includes('passkey')} onSignedIn={onSignedIn} />;
}

function CodeForm({ withPasskey, onSignedIn }: { withPasskey: boolean; onSignedIn: (auth: AuthResponse) => void }) {
  const { t } = useTranslation(['auth', 'validation']);
  const [mode, setMode] = useState<Mode>('code');
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const form = useFormState({ initialValues: { code: '' }, validate: ({ code }) => ({ code: checkCode(mode, code) }) });
  const input = useRef<HTMLInputElement>(null);
  // The password form is gone: the focus goes to the field that replaced it (and again when the mode changes).
  useEffect(() => input.current?.focus(), [mode]);
  const mutation = useMutation({
    mutationFn: finishSignIn,
    onSuccess: onSignedIn,
    onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
  });

  const submit = form.onSubmit(({ code }) => {
    if (mutation.isPending) return;
    setAlertMessages([]);
    mutation.mutate(mode === 'code' ? { code: code.trim() } : { recoveryCode: code.trim() });
  });
  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    form.setValues({ code: '' });
    setAlertMessages([]);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t(mode === 'code' ? 'secondStep.codeLead' : 'secondStep.recoveryLead')}</Text>
        <FormAlert title={t('login.failed')} messages={alertMessages} />
        <TextInput
          {...form.textField('code')}
          label={t(mode === 'code' ? 'secondStep.code' : 'secondStep.recoveryCode')}
          inputMode={mode === 'code' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={mode === 'code' ? 6 : 40}
          required
          ref={input}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {t('secondStep.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {t(mode === 'code' ? 'secondStep.useRecovery' : 'secondStep.useCode')}
        </Anchor>
        {withPasskey && <PasskeyButton labelKey="auth:secondStep.usePasskey" onSignedIn={onSignedIn} />}
      </Stack>
    </form>
  );
}
