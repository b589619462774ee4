import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import type { Plan } from '#shared/schemas/catalog.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { PaymentMethodChoice } from '#app/ui/payment-method-choice.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { checkoutPreviewQuery, signaturesPullQuery } from '../api/signature-queries.ts';
import { readPayerDocument, type DocumentProblem } from '../checkout-values.ts';
import { dropCheckout, subscribe, subscriptionTo, useCheckoutDelivery, useSignatures } from '../store/signature-store.ts';

/**
 * /plans/{id}/checkout: the plan's summary (docs/product.md §3's labels), the refund policy, and the
 * confirmation, queued like every write (offline too: it says so, and is sent once). The server's refusal
 * (one subscription per plan, an unverified e-mail) is shown at the button.
 */
/** What the checkout needs of the profile: whether it already names the payer (a CPF or a CNPJ). */
export interface CheckoutPayer {
  cpf: string;
  cnpj: string;
}

/** `payer`: the profile's documents; null when the profile cannot be read; undefined while it loads. */
export function CheckoutPanel({ userId, plan, payer }: { userId: string; plan: Plan; payer: CheckoutPayer | null | undefined }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  const money = (value: number) => formatUsdIn(value, language);
  const rows: Array<[string, string]> = [
    [t('labels.mode'), t(`modality.${plan.modality}`)],
    [t('labels.basePrice'), money(plan.price)],
    [t('labels.discount'), money(plan.discount)],
    [t('labels.trialDays'), t('trialDays', { count: plan.trialTime })],
    [t('labels.totalPrice'), money(plan.price - plan.discount)],
  ];
  return (
    <ScreenPanel title={t('checkout.title', { plan: plan.title })} description={plan.slogan}>
      <Stack gap="lg">
        <Table variant="vertical" withTableBorder aria-label={t('checkout.summary')}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="45%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('checkout.trialNote', { count: plan.trialTime })}</Text>
        <BillPreview userId={userId} plan={plan} />
        <Alert variant="light" color="blue" title={t('checkout.refundTitle')}>
          {t('checkout.refundBody')}
        </Alert>
        <Confirm userId={userId} plan={plan} asksDocument={payer === null || (payer !== undefined && !payer.cpf && !payer.cnpj)} />
      </Stack>
    </ScreenPanel>
  );
}

/** A real's worth of a dollar, with the rate's own decimals (up to 4): R$ 5,4321. */
const rateFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * The boleto the trial's end brings, before confirming (issue 29): its BRL amount and the rate that makes it, the
 * trial's end and the due date, as the server computes them; offline, the last copy read, or a note.
 */
function BillPreview({ userId, plan }: { userId: string; plan: Plan }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  const preview = useQuery(checkoutPreviewQuery(userId, plan.id));
  if (!preview.data) {
    return preview.isPending && preview.fetchStatus === 'fetching' ? null : <Text size="sm">{t('checkout.previewUnavailable')}</Text>;
  }
  const { brlAmount, usdAmount, usdBrlRate, trialEnd, billDueDate } = preview.data;
  return (
    <Alert variant="light" color="gray" title={t('checkout.billTitle')} data-testid="checkout-bill-preview">
      <Text size="sm">
        {t('checkout.billBody', {
          brl: formatBrl(brlAmount),
          usd: formatUsdIn(usdAmount, language),
          rate: rateFormat.format(usdBrlRate),
          trialEnd: formatDate(trialEnd, language),
          due: formatDate(billDueDate, language),
        })}
      </Text>
    </Alert>
  );
}

/**
 * The confirmation; a profile without CPF or CNPJ is asked for one here (the bill at the trial's end names it),
 * checked as the server checks it, and the queued checkout carries it.
 */
function Confirm({ userId, plan, asksDocument }: { userId: string; plan: Plan; asksDocument: boolean }) {
  // The CPF/CNPJ messages are the shared validation texts (the server's too).
  const { t } = useTranslation(['signatures', 'validation']);
  const navigate = useNavigate();
  const { online } = useConnectivity();
  // What this user already has (one subscription per plan) is known before confirming, offline from the last pull.
  useQuery(signaturesPullQuery(userId));
  const signatures = useSignatures();
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [documentText, setDocumentText] = useState('');
  const [documentProblem, setDocumentProblem] = useState<DocumentProblem | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('boleto');
  const delivery = useCheckoutDelivery(checkoutId);

  useEffect(() => {
    if (!checkoutId || !delivery) return;
    if (delivery.state === 'delivered') void navigate({ to: '/dashboard/my-signatures' });
    if (delivery.state === 'refused') {
      setError(delivery.reason ?? t('checkout.failed'));
      setCheckoutId(null);
      void dropCheckout(userId, checkoutId);
    }
  }, [checkoutId, delivery, navigate, t, userId]);

  const existing = signatures && subscriptionTo(signatures, plan.id);
  const confirm = async () => {
    setError(null);
    if (existing) return setError(t('checkout.alreadySubscribed'));
    const read = asksDocument ? readPayerDocument(documentText) : null;
    if (read && 'problem' in read) return setDocumentProblem(read.problem);
    try {
      setCheckoutId(await subscribe(userId, plan, read?.document, method));
    } catch {
      setError(t('checkout.failed'));
    }
  };
  const queuedOffline = checkoutId !== null && delivery?.state === 'queued' && !online;
  return (
    <Stack gap="sm">
      {queuedOffline && (
        <Alert color="blue" role="status" title={t('checkout.queuedTitle')}>
          {t('checkout.queuedBody')}{' '}
          <Anchor component={Link} to="/dashboard/my-signatures">
            {t('checkout.toMySignatures')}
          </Anchor>
        </Alert>
      )}
      <MethodChoice value={method} onChange={setMethod} disabled={checkoutId !== null} />
      {asksDocument && (
        <TextInput
          label={t('checkout.document')}
          description={t('checkout.documentHint')}
          required
          value={documentText}
          error={documentProblem ? t(documentProblem) : undefined}
          onChange={(event) => {
            setDocumentText(event.currentTarget.value);
            setDocumentProblem(null);
          }}
          onBlur={() => setDocumentProblem(documentText.trim() === '' ? null : problemOf(documentText))}
          disabled={checkoutId !== null}
          autoComplete="off"
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void confirm()} loading={checkoutId !== null && online} disabled={queuedOffline} aria-describedby={error ? 'checkout-error' : undefined}>
          {t('checkout.confirm')}
        </Button>
      </Group>
      {error && (
        <Text id="checkout-error" c="red.8" size="sm" role="alert" ta="right">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Boleto at the trial's end, or PIX whenever the user pays (issue 34); the queued checkout carries the choice. */
function MethodChoice({ value, onChange, disabled }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void; disabled: boolean }) {
  const { t } = useTranslation('pix');
  const hints = { boleto: t('methodHint.boleto'), pix: t('methodHint.pix') };
  return <PaymentMethodChoice label={t('method.label')} value={value} onChange={onChange} hints={hints} disabled={disabled} />;
}

const problemOf = (text: string): DocumentProblem | null => {
  const read = readPayerDocument(text);
  return 'problem' in read ? read.problem : null;
};
