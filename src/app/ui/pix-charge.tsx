import { useEffect, useId, useState } from 'react';
import { Alert, Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatBrl } from '#shared/format/money.ts';
import type { OrderBill } from '#shared/schemas/bills.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useLanguage } from '#app/lib/use-language.ts';

/**
 * A PIX charge (issue 34), for a subscription or an order: its QR code, the copy-paste code with a copy button, the
 * amount and a countdown to its expiry; once expired, one button makes a new one (`onRenew`: the feature's call).
 * It turns "paid" by itself: the events stream pulls the record this is drawn from. Offline, what was shown stays,
 * and making a charge says it needs the network.
 */
export function PixCharge({ bill, onRenew }: { bill: OrderBill; onRenew: () => Promise<void> }) {
  const { t } = useTranslation('pix');
  const language = useLanguage();
  const remaining = useRemainingSeconds(bill.expiresAt);
  if (bill.status === 'paid' || bill.status === 'refunded') {
    const at = bill.status === 'paid' ? bill.paidAt : bill.refundedAt;
    return (
      <Text size="sm" c={bill.status === 'paid' ? 'green.8' : 'orange.8'} fw={600} role="status" data-testid="pix-charge" data-state={bill.status}>
        {t(bill.status === 'paid' ? 'paidOn' : 'refundedOn', { amount: formatBrl(bill.amount), date: at ? formatDate(at, language) : '' })}
      </Text>
    );
  }
  const expired = bill.status === 'expired' || remaining === 0;
  return (
    <Stack gap="xs" data-testid="pix-charge" data-state={expired ? 'expired' : 'open'}>
      <Text size="sm" fw={600}>
        {t('title', { amount: formatBrl(bill.amount) })}
      </Text>
      {expired ? <RenewCharge onRenew={onRenew} /> : <OpenCharge code={bill.pixCode ?? ''} remaining={remaining} />}
    </Stack>
  );
}

function OpenCharge({ code, remaining }: { code: string; remaining: number | null }) {
  const { t } = useTranslation('pix');
  const codeId = useId();
  const qr = useQrSvg(code);
  return (
    <>
      {qr ? <img src={qr} alt={t('qrAlt')} width={220} height={220} style={{ maxWidth: '100%', height: 'auto', alignSelf: 'center' }} /> : null}
      <Text size="sm" role="timer" aria-live="off" data-testid="pix-countdown">
        {remaining === null ? '' : t('expiresIn', { time: clock(remaining) })}
      </Text>
      <div>
        <Text id={codeId} size="xs" c="dimmed">
          {t('code')}
        </Text>
        <Code block aria-labelledby={codeId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="pix-code">
          {code}
        </Code>
      </div>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button fullWidth variant="light" color={copied ? 'green' : undefined} onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} aria-live="polite">
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
      <Text size="xs" c="dimmed">
        {t('howTo')}
      </Text>
    </>
  );
}

/** Makes the charge (the first one, or a new one for an expired one): online only, said so offline. */
export function RenewCharge({ onRenew, first = false }: { onRenew: () => Promise<void>; first?: boolean }) {
  const { t } = useTranslation('pix');
  const { online } = useConnectivity();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const renew = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await onRenew();
    } catch (error) {
      setFailed(error instanceof Error && error.message ? error.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {!first && <Text size="sm">{t('expired')}</Text>}
      {!online && (
        <Alert color="yellow" role="status">
          {t('needsNetwork')}
        </Alert>
      )}
      <Button onClick={() => void renew()} loading={busy} disabled={!online} leftSection={<IconRefresh size={16} aria-hidden />}>
        {first ? t('pay') : t('renew')}
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds left until `expiresAt`, ticking each second; null without one. */
function useRemainingSeconds(expiresAt: string | null): number | null {
  const left = () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : null);
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    if (!expiresAt) return;
    const timer = setInterval(() => setRemaining(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only expiresAt
  }, [expiresAt]);
  return remaining;
}

/** The code as a QR code's SVG (a data URL); the library loads with this screen only. */
function useQrSvg(code: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!code) return;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`);
      }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return svg;
}
