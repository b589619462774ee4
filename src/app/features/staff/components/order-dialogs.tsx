import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS, type ServiceId } from '#shared/catalog.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { showMessage } from '#app/ui/message-banner.ts';
import { useConfirmOrderPayment, useCreateOrder, useIssueBill } from '../api/staff-orders.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { UserPicker, type UserChoice } from './user-picker.tsx';
import { fieldError, WriteError } from './write-error.tsx';

/** A new order's starting point: a user's page or a quote names the user; the Orders screen leaves it to be picked. */
export interface OrderDraft {
  userId?: string;
  userLabel?: string;
  serviceId?: ServiceId;
  quantity?: number;
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
  const [quantity, setQuantity] = useState<number | string>(draft?.quantity ?? 1);
  const [price, setPrice] = useState<number | string>('');
  // One id per dialog: a repeated click or a retry after a lost answer makes one order.
  const [orderId] = useState(() => crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !serviceId) return;
    create.mutate(
      { id: orderId, userId: user.id, serviceId: serviceId as ServiceId, quantity: Number(quantity), price: Number(price) },
      {
        onSuccess: (order) => {
          showMessage({ type: 'success', message: t('orders.created', { code: order.code }) });
          onCreated(order);
        },
      },
    );
  };
  return (
    <Modal opened={draft !== null} onClose={onClose} title={t('orders.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        {draft?.userId ? (
          <Text size="sm">{t('orders.forUser', { user: draft.userLabel ?? '' })}</Text>
        ) : (
          <UserPicker value={user} onChange={setUser} error={fieldError(create.error, 'user_id')} />
        )}
        <Select
          label={t('orders.service')}
          required
          data={SERVICE_IDS.map((id) => ({ value: id, label: t(`catalog:services.${id}.title`) }))}
          value={serviceId}
          onChange={setServiceId}
          error={fieldError(create.error, 'service_id')}
        />
        <NumberInput label={t('orders.quantity')} required min={1} max={10_000} allowDecimal={false} value={quantity} onChange={setQuantity} error={fieldError(create.error, 'quantity')} />
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
    </Modal>
  );
}

/** Issue the bill: a boleto through the payment provider, or a PDF the staff attaches. */
export function BillDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const issue = useIssueBill();
  const [mode, setMode] = useState<'provider' | 'file'>('provider');
  const [document, setDocument] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    const digits = document.replace(/\D/g, '');
    const bill = mode === 'file' && file ? { file } : { provider: 'sandbox' as const, ...(digits.length === 14 ? { cnpj: document } : digits ? { cpf: document } : {}) };
    issue.mutate({ orderId: order.id, bill }, { onSuccess: () => (showMessage({ type: 'success', message: t('orders.billIssued') }), onClose()) });
  };
  return (
    <Modal opened={order !== null} onClose={onClose} title={t('orders.billTitle', { code: order?.code ?? '' })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
        <SegmentedControl
          aria-label={t('orders.billHow')}
          value={mode}
          onChange={(value) => setMode(value as 'provider' | 'file')}
          data={[
            { value: 'provider', label: t('orders.billProvider') },
            { value: 'file', label: t('orders.billFile') },
          ]}
        />
        {mode === 'provider' ? (
          <TextInput
            label={t('orders.payerDocument')}
            description={t('orders.payerDocumentHelp')}
            value={document}
            onChange={(event) => setDocument(event.currentTarget.value)}
            error={fieldError(issue.error, 'cpf') ?? fieldError(issue.error, 'cnpj')}
          />
        ) : (
          <FileInput label={t('orders.billPdf')} accept="application/pdf" required value={file} onChange={setFile} clearable error={fieldError(issue.error, 'bill')} />
        )}
        <WriteError error={issue.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={issue.isPending} disabled={mode === 'file' && !file}>
            {t('orders.issueBill')}
          </Button>
        </Group>
        </Stack>
      </form>
    </Modal>
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
