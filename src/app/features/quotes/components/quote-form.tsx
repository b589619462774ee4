import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceId } from '#shared/catalog.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import { QUOTE_FIELD_NAMES, type QuoteField } from '#shared/schemas/quotes.ts';
import { isQuotaExceededError } from '#app/lib/db.ts';
import { useConnectivity } from '#app/lib/sync/connectivity.ts';
import { useFormState } from '#app/lib/use-form-state.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { PaymentMethodChoice } from '#app/ui/payment-method-choice.tsx';
import { QueuedFormAlerts, useServerProblem } from '#app/ui/queued-form.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { LONG_FIELDS, SERVER_FIELDS, checkQuote, emptyQuoteForm, quoteFieldsOf, type QuoteFormValues } from '../quote-values.ts';
import { correctQuote, requestQuote, useQuoteDelivery } from '../store/quote-store.ts';

/** What the form shows of the profile (the company's mail carries the whole profile). */
export interface QuoteContact {
  name: string;
  clinic: string;
  role: string;
  phone: string;
}

/**
 * /services/{id}/hire/budget-form: that service's quote fields (docs/v1-contract.md §1.17) under the user's
 * contact details. Asking queues the request, online or offline; once the server has it the user hears
 * "Quote requested successfully!", the form is blank again for another one, and a link leads to My quotes.
 */
export function QuoteFormPanel({ userId, serviceId, contact }: { userId: string; serviceId: ServiceId; contact: QuoteContact | undefined }) {
  const { t } = useTranslation(['quotes', 'catalog']);
  const [quoteId, setQuoteId] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  const delivery = useQuoteDelivery(quoteId);
  const { online } = useConnectivity();
  useEffect(() => {
    if (delivery !== 'delivered' && delivery !== 'discarded') return;
    // Delivered: a blank form for another request; discarded (from the sync indicator): the values stay, to ask again.
    showMessage(delivery === 'delivered' ? { type: 'success', message: t('messages.requested') } : { type: 'info', message: t('messages.discarded') });
    setQuoteId(null);
    setSent(delivery === 'delivered');
    if (delivery === 'delivered') setRound((n) => n + 1);
  }, [delivery, t]);
  return (
    <ScreenPanel title={t('title', { service: t(`catalog:services.${serviceId}.title`) })} description={t('description')}>
      <Stack gap="lg">
        <ContactDetails contact={contact} />
        {delivery === 'queued' && !online && (
          <Alert color="blue" role="status">
            {t('messages.queuedOffline')} <MyQuotesLink />
          </Alert>
        )}
        {sent && !quoteId && (
          <Alert color="teal" role="status">
            {t('messages.delivered')} <MyQuotesLink />
          </Alert>
        )}
        <QuoteForm key={round} userId={userId} serviceId={serviceId} quoteId={quoteId} sending={delivery === 'queued'} onQueued={setQuoteId} />
      </Stack>
    </ScreenPanel>
  );
}

function MyQuotesLink() {
  const { t } = useTranslation('quotes');
  return (
    <Anchor component={Link} to="/dashboard/my-quotes" size="sm">
      {t('messages.seeMine')}
    </Anchor>
  );
}

function ContactDetails({ contact }: { contact: QuoteContact | undefined }) {
  const { t } = useTranslation('quotes');
  const fields = ['name', 'clinic', 'role', 'phone'] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-label={t('contact.label')} role="group">
      {fields.map((field) => (
        <TextInput key={field} label={t(`contact.${field}`)} value={contact?.[field] ?? ''} readOnly variant="filled" description={t('contact.fromProfile')} />
      ))}
    </SimpleGrid>
  );
}

interface QuoteFormProps {
  userId: string;
  serviceId: ServiceId;
  /** The request asked for on this form, until the server has it. */
  quoteId: string | null;
  sending: boolean;
  onQueued: (id: string) => void;
}

function QuoteForm({ userId, serviceId, quoteId, sending, onQueued }: QuoteFormProps) {
  const { t } = useTranslation(['quotes', 'validation', 'sync']);
  const { online } = useConnectivity();
  const [saving, setSaving] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('pix');
  const form = useFormState<QuoteFormValues & Record<string, string>>({
    initialValues: emptyQuoteForm(serviceId) as Record<string, string>,
    validate: (values) => checkQuote(serviceId, values),
  });
  const { problem, general, setGeneral } = useServerProblem(quoteId ?? undefined, form.showApiError, SERVER_FIELDS);

  const onSubmit = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setGeneral([]);
    try {
      const fields = quoteFieldsOf(serviceId, values);
      if (quoteId && problem) await correctQuote(userId, quoteId, serviceId, fields, paymentMethod);
      else onQueued(await requestQuote(userId, serviceId, fields, paymentMethod));
    } catch (error) {
      // A full disk is already in the banner (localWrite); anything else is said here.
      if (!isQuotaExceededError(error)) setGeneral([{ key: 'quotes:form.saveFailed' }]);
    } finally {
      setSaving(false);
    }
  });

  const labelOf = (field: QuoteField) => t(field === 'numberOfPatients' && serviceId === 'dosi-preclin' ? 'fields.numberOfModels' : `fields.${field}`);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={saving || sending}>
      <Stack gap="lg">
        <QueuedFormAlerts general={general} refused={problem !== null} online={online} offlineNote={t('form.offlineNote')} />
        {QUOTE_FIELD_NAMES[serviceId].map((field) => {
          const props = { label: labelOf(field), required: field !== 'frequency', autoComplete: 'off', ...form.textField(field) };
          if (LONG_FIELDS.has(field)) return <Textarea key={field} rows={4} {...props} />;
          return <TextInput key={field} inputMode={field === 'numberOfPatients' ? 'numeric' : undefined} {...props} />;
        })}
        <PaymentMethodChoice
          label={t('form.paymentMethod')}
          value={paymentMethod}
          onChange={setPaymentMethod}
          hints={{ pix: t('form.methodHint.pix'), boleto: t('form.methodHint.boleto') }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving || (sending && online)}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
