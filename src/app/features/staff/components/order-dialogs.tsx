import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizeCnpj, formatCnpj } from '#shared/brazil/cnpj.ts';
import { formatCpf, normalizeCpf } from '#shared/brazil/cpf.ts';
import { stripFormatting } from '#shared/brazil/digits.ts';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { Dialog } from '#app/ui/dialog.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { useConfirmOrderPayment, useCreateOrder, useIssueBill, useRefundOrder } from '../api/staff-orders.ts';
import { useStaffFormat } from '../format.ts';
import { staffUserQuery } from '../api/staff-records.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { UserPicker, type UserChoice } from './user-picker.tsx';
import { fieldError, WriteError } from './write-error.tsx';

/** A new order's starting point: a user's page or a quote names the user; the Orders screen leaves it to be picked. */
export interface OrderDraft {
  userId?: string;
  userLabel?: string;
  serviceId?: ServiceId;
  quantity?: number;
  /** The quote it answers: the client's My quotes then shows it ordered. */
  quoteId?: string;
}

/** "Create order", then the new order's bill: the two dialogs in turn. */
export function NewOrderDialogs({ draft, onClose }: { draft: OrderDraft | null; onClose: () => void }) {
  const [billing, setBilling] = useState<Order | null>(null);
  return (
    <>
      <CreateOrderDialog
        key={draft ? `draft-${draft.userId}-${draft.serviceId}` : 'closed'}
        draft={draft}
        onClose={onClose}
        onCreated={(order) => {
          onClose();
          setBilling(order);
        }}
      />
      <BillDialog key={`bill-${billing?.id}`} order={billing} onClose={() => setBilling(null)} />
    </>
  );
}

/** "Create order" for a user: service, number of analyses and price in BRL; then its bill. */
function CreateOrderDialog({ draft, onClose, onCreated }: { draft: OrderDraft | null; onClose: () => void; onCreated: (order: Order) => void }) {
  const { t } = useTranslation(['staff', 'catalog']);
  const create = useCreateOrder();
  const [user, setUser] = useState<UserChoice | null>(draft?.userId ? { id: draft.userId, label: draft.userLabel ?? '' } : null);
  const [serviceId, setServiceId] = useState<string | null>(draft?.serviceId ?? null);
  // Empty unless a quote says how many: a prefilled 1 made typing "2" give 12.
  const [quantity, setQuantity] = useState<number | string>(draft?.quantity ?? '');
  const [price, setPrice] = useState<number | string>('');
  // One id per dialog: a repeated click or a retry after a lost answer makes one order.
  const [orderId] = useState(() => crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !serviceId) return;
    create.mutate(
      { id: orderId, userId: user.id, serviceId: serviceId as ServiceId, quantity: Number(quantity), price: Number(price), quoteId: draft?.quoteId },
      {
        onSuccess: (order) => {
          showMessage({ type: 'success', message: t('orders.created', { code: order.code }) });
          onCreated(order);
        },
      },
    );
  };
  return (
    <Dialog opened={draft !== null} onClose={onClose} title={t('orders.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        {draft?.userId ? (
          <Text size="sm">{t('orders.forUser', { user: draft.userLabel ?? '' })}</Text>
        ) : (
          <UserPicker required value={user} onChange={setUser} error={fieldError(create.error, 'userId')} data-autofocus />
        )}
        <Select
          label={t('orders.service')}
          required
          data={SERVICE_IDS.map((id) => ({ value: id, label: t(`catalog:services.${id}.title`) }))}
          value={serviceId}
          onChange={setServiceId}
          data-autofocus={draft?.userId ? true : undefined}
          error={fieldError(create.error, 'serviceId')}
        />
        <NumberInput
          label={t('orders.quantity')}
          required
          min={1}
          max={10_000}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          onFocus={(event) => event.currentTarget.select()}
          error={fieldError(create.error, 'quantity')}
        />
        <NumberInput
          label={t('orders.price')}
          required
          min={0}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator=","
          thousandSeparator="."
          prefix="R$ "
          value={price}
          onChange={setPrice}
          error={fieldError(create.error, 'price')}
        />
        <WriteError error={create.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!user || !serviceId || price === '' || !quantity}>
            {t('orders.create')}
          </Button>
        </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

type BillMode = 'boleto' | 'pix' | 'file';

/** The payer's document the bill goes out in: the profile's (CNPJ first, as the server picks), shown, not asked. */
function profileDocument(profile: { cpf: string; cnpj: string } | undefined) {
  if (profile?.cnpj) return { kind: 'CNPJ' as const, document: formatCnpj(profile.cnpj) };
  if (profile?.cpf) return { kind: 'CPF' as const, document: formatCpf(profile.cpf) };
  return null;
}

/** A typed CPF or CNPJ as the request's field, or the message saying which one it is not. */
type TypedDocument = { cpf: string } | { cnpj: string } | { invalid: 'validation:invalidCpf' | 'validation:invalidCnpj' };

function typedDocument(text: string): TypedDocument {
  if (normalizeCnpj(text)) return { cnpj: text };
  if (normalizeCpf(text)) return { cpf: text };
  return { invalid: stripFormatting(text).length > 11 ? 'validation:invalidCnpj' : 'validation:invalidCpf' };
}

/**
 * Issue the bill: a boleto or a PIX charge through the payment provider (the order's method preselected, said to be the
 * client's when they chose it), or a PDF
 * the staff attaches. The payer's CPF or CNPJ comes from the client's profile; asked (and checked) only when it has none.
 */
export function BillDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation(['staff', 'validation', 'pix']);
  const issue = useIssueBill();
  const chosen = order?.chosenPaymentMethod;
  const [mode, setMode] = useState<BillMode>(order?.paymentMethod ?? 'boleto');
  const [document, setDocument] = useState('');
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const profile = useQuery({ ...staffUserQuery(order?.userId ?? ''), enabled: order !== null }).data;
  const onProfile = profileDocument(profile);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    const typed: TypedDocument | Record<never, never> = mode === 'file' || onProfile ? {} : typedDocument(document);
    if ('invalid' in typed) return setDocumentError(t(typed.invalid));
    const bill = mode === 'file' && file ? { file } : { provider: 'sandbox' as const, method: mode === 'pix' ? ('pix' as const) : ('boleto' as const), ...typed };
    issue.mutate({ orderId: order.id, bill }, { onSuccess: () => (showMessage({ type: 'success', message: t('orders.billIssued') }), onClose()) });
  };
  return (
    <Dialog opened={order !== null} onClose={onClose} title={t('orders.billTitle', { code: order?.code ?? '' })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        <Radio.Group
          label={t('orders.billHow')}
          description={chosen ? t('orders.clientChose', { method: t(`pix:method.${chosen}`) }) : undefined}
          value={mode}
          onChange={(value) => setMode(value as BillMode)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="boleto" label={t('orders.billProvider')} />
            <Radio value="pix" label={t('orders.billPix')} />
            <Radio value="file" label={t('orders.billFile')} />
          </Stack>
        </Radio.Group>
        {mode !== 'file' && onProfile ? (
          <TextInput label={t('orders.payerDocumentOf', { kind: onProfile.kind })} description={t('orders.payerOnProfile')} value={onProfile.document} readOnly />
        ) : mode !== 'file' ? (
          <TextInput
            label={t('orders.payerDocument')}
            required
            data-autofocus
            description={t('orders.payerDocumentHelp')}
            value={document}
            onChange={(event) => (setDocument(event.currentTarget.value), setDocumentError(null))}
            error={documentError ?? fieldError(issue.error, 'cpf') ?? fieldError(issue.error, 'cnpj')}
          />
        ) : (
          <FileInput label={t('orders.billPdf')} accept="application/pdf" required value={file} onChange={setFile} clearable error={fieldError(issue.error, 'bill')} />
        )}
        <WriteError error={issue.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={issue.isPending} disabled={mode === 'file' && !file} data-autofocus={onProfile ? true : undefined}>
            {t('orders.issueBill')}
          </Button>
        </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Confirm a payment by hand: the reason is required (it goes to the audit log). */
export function ConfirmPaymentDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const confirm = useConfirmOrderPayment();
  return (
    <ReasonDialog
      opened={order !== null}
      title={t('orders.confirmTitle', { code: order?.code ?? '' })}
      submitLabel={t('orders.confirmPayment')}
      required
      pending={confirm.isPending}
      error={confirm.error}
      onClose={onClose}
      onSubmit={(reason) =>
        order && confirm.mutate({ orderId: order.id, reason }, { onSuccess: () => (showMessage({ type: 'success', message: t('orders.paymentConfirmed') }), onClose()) })
      }
    />
  );
}

/** Refund an order's PIX payment in full: the dialog names the amount; the reason, optional, goes to the audit log. */
export function RefundDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const refund = useRefundOrder();
  const amount = format.money(order?.bill?.amount ?? order?.price ?? 0);
  return (
    <ReasonDialog
      opened={order !== null}
      title={t('orders.refundTitle', { code: order?.code ?? '' })}
      intro={t('orders.refundIntro', { amount })}
      submitLabel={t('orders.refundSubmit', { amount })}
      required={false}
      pending={refund.isPending}
      error={refund.error}
      onClose={onClose}
      onSubmit={(reason) =>
        order && refund.mutate({ orderId: order.id, reason }, { onSuccess: () => (showMessage({ type: 'success', message: t('orders.refunded', { amount }) }), onClose()) })
      }
    />
  );
}
