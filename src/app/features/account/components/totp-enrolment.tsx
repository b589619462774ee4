import { useState } from 'react';
import { Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '#app/lib/form-errors.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { FormAlert } from '#app/features/auth/components/form-alert.tsx';
import { useConfirmTotp, useStartTotp } from '../api/security-api.ts';

const SERVER_FIELDS = { code: 'code' } as const;
const checkCode = ({ code }: { code: string }) => ({ code: /^\d{6}$/.test(code.trim()) ? [] : ['validation:totpCodeFormat'] });

/**
 * Adding an authenticator app: a new secret as a QR code and as text, then its first code; `onConfirmed` gets the
 * recovery codes (the parent shows them, as the status it reads changes at once).
 */
export function TotpEnrolment({ userId, onConfirmed }: { userId: string; onConfirmed: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation(['account', 'validation']);
  const start = useStartTotp(userId);
  const confirm = useConfirmTotp(userId);
  const [alertMessages, setAlertMessages] = useState<FormMessage[]>([]);
  const form = useFormState({ initialValues: { code: '' }, validate: checkCode });

  const submit = form.onSubmit(({ code }) => {
    setAlertMessages([]);
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => onConfirmed(answer?.recoveryCodes ?? []),
      onError: (error) => form.showApiError(error, SERVER_FIELDS, setAlertMessages),
    });
  });

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert title={t('totp.failed')} messages={start.error ? [{ text: start.error.message }] : []} />
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {t('totp.setUp')}
        </Button>
      </Stack>
    );
  }
  const { qrSvg, secret } = start.data;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('totp.scan')}</Text>
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={t('totp.qrAlt')} w={200} h={200} />
        <Text>
          {t('totp.orType')} <Code>{secret}</Code>
        </Text>
        <FormAlert title={t('totp.failed')} messages={alertMessages} />
        <TextInput
          {...form.textField('code')}
          label={t('totp.code')}
          description={t('totp.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <Button type="submit" loading={confirm.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('totp.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
