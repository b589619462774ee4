import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBellRinging, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '#app/ui/message-banner.ts';
import { disablePush, enablePush, readPushState, type PushState } from '../push-subscription.ts';

const STATE_TEXT: Partial<Record<PushState, string>> = {
  enabled: 'push.onHere',
  disabled: 'push.offHere',
  default: 'push.offHere',
  denied: 'push.denied',
};

/** On the notifications screen: whether this device gets alerts while DoseHub is closed, and a switch for it. */
export function PushSettings({ userId }: { userId: string }) {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void readPushState(userId).then(setState, () => setState('unsupported'));
  }, [userId]);

  const text = state && STATE_TEXT[state];
  if (!ready || !text) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      if (state === 'enabled') {
        await disablePush(userId);
        setState('disabled');
        showMessage({ type: 'info', message: t('push.disabledMessage') });
      } else {
        const next = await enablePush(userId);
        setState(next);
        showMessage(next === 'enabled' ? { type: 'success', message: t('push.enabled') } : { type: 'warning', message: t('push.denied') });
      }
    } catch {
      showMessage({ type: 'error', message: t('push.failed') });
    } finally {
      setBusy(false);
    }
  };

  const Icon = state === 'enabled' ? IconBellRinging : IconBellOff;
  return (
    <Group gap="sm" mt="xl" wrap="wrap" role="group" aria-label={t('push.settingsLabel')}>
      <Icon size={20} aria-hidden />
      <Text size="sm">{t(text)}</Text>
      {state !== 'denied' && (
        <Button size="compact-sm" variant="light" loading={busy} onClick={() => void toggle()}>
          {state === 'enabled' ? t('push.disable') : t('push.enable')}
        </Button>
      )}
    </Group>
  );
}
