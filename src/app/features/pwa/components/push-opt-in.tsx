import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { enablePush, readPushState, type PushState } from '../push-subscription.ts';

const dismissedKey = (userId: string) => `dosehub-push-optin-dismissed:${userId}`;

/**
 * Offers notifications on this device, saying why, at a moment that explains itself: the route shows it once an
 * analysis was sent (issue 29: no longer above every dashboard page, where it took the first phone screen and
 * dropdowns opened over it). Asked once per user and browser: "Ativar" and "Agora não" are both remembered. Never
 * offline (the subscription needs the server).
 */
export function PushOptIn({ userId }: { userId: string }) {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const { online } = useConnectivity();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(userId)) === '1');

  useEffect(() => {
    void readPushState(userId).then(setState, () => setState('unsupported'));
  }, [userId]);

  if (!ready || !online || dismissed || (state !== 'default' && state !== 'disabled')) return null;

  const dismiss = () => {
    localStorage.setItem(dismissedKey(userId), '1');
    setDismissed(true);
  };
  const enable = async () => {
    setBusy(true);
    const next = await enablePush(userId).catch(() => null);
    setBusy(false);
    if (next === 'enabled') showMessage({ type: 'success', message: t('push.enabled') });
    else showMessage({ type: 'warning', message: t(next === 'denied' ? 'push.denied' : 'push.failed') });
    if (next) setState(next);
    dismiss();
  };

  return (
    <Alert icon={<IconBellRinging aria-hidden />} title={t('push.title')} color="cyan" variant="light" role="region" aria-label={t('push.title')}>
      <Text size="sm">{t('push.body')}</Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => void enable()} loading={busy}>
          {t('push.enable')}
        </Button>
        <Button size="xs" variant="subtle" onClick={dismiss}>
          {t('push.notNow')}
        </Button>
      </Group>
    </Alert>
  );
}
