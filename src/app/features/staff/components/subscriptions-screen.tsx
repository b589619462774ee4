import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isoDateInBrazil } from '#shared/brazil/dates.ts';
import { PAYMENT_STATUS_CODES } from '#shared/schemas/orders.ts';
import type { StaffSignature } from '#shared/schemas/staff.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { showMessage } from '#app/ui/message-banner.ts';
import { staffSignaturesQuery, useConfirmSignaturePayment, useDeactivateSignature, useReactivateSignature, useRefundSignature } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ChoiceFilter, FilterBar, type SearchChange } from './staff-filters.tsx';
import { UserLink } from './record-link.tsx';
import { StaffTable } from './staff-table.tsx';
import { BillBadge, PaymentBadge } from './status-badge.tsx';

/** Every subscription: by payment status and whether it is active. */
export function SubscriptionsScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation('staff');
  return (
    <ScreenPanel title={t('signatures.title')} description={t('signatures.description')}>
      <FilterBar>
        <ChoiceFilter
          label={t('signatures.payment')}
          value={search.status}
          options={PAYMENT_STATUS_CODES.map((code) => ({ value: code, label: t(`orders.paymentStatus.${code}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <ChoiceFilter
          label={t('signatures.state')}
          value={search.record}
          options={['active', 'inactive'].map((state) => ({ value: state, label: t(`signatures.states.${state}`) }))}
          onChange={(record) => onSearch({ record, page: undefined })}
        />
      </FilterBar>
      <SignaturesTable search={search} onSearch={onSearch} />
    </ScreenPanel>
  );
}

type Action = { kind: 'confirm' | 'deactivate' | 'reactivate' | 'refund'; signature: StaffSignature };
const SUBMIT_LABELS = { confirm: 'signatures.confirmPayment', deactivate: 'signatures.deactivate', reactivate: 'signatures.reactivate', refund: 'signatures.refund' } as const;

/** A PIX payment staff can give back (issue 34): the charge paid and the subscription confirmed by it. */
const refundable = (signature: StaffSignature) => signature.statusCode === 'CON' && signature.bill?.method === 'pix' && signature.bill.status === 'paid';

/** The last day the hired period (or, before any payment, the trial) covers: a deactivation can be undone until then. */
const periodOf = (signature: StaffSignature) => signature.hiredPeriod ?? signature.testPeriod;
const coversToday = (signature: StaffSignature) => periodOf(signature).end > isoDateInBrazil(new Date());

/** Subscriptions with "Confirm payment" (sets the hired period and activates), "Deactivate", "Reactivate" and a PIX's "Refund". */
export function SignaturesTable({ search, onSearch, userId }: { search: StaffSearch; onSearch: SearchChange; userId?: string }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const query = useQuery(staffSignaturesQuery(search, userId));
  const writes = { confirm: useConfirmSignaturePayment(), deactivate: useDeactivateSignature(), reactivate: useReactivateSignature(), refund: useRefundSignature() };
  const [action, setAction] = useState<Action | null>(null);
  const write = writes[action?.kind ?? 'confirm'];
  const range = ({ initial, end }: { initial: string; end: string }) => ({ initial: format.date(initial), end: format.date(end) });
  const period = (signature: StaffSignature) =>
    signature.hiredPeriod ? t('signatures.hiredRange', range(signature.hiredPeriod)) : t('signatures.trialRange', range(signature.testPeriod));
  /** What the action did; a confirmation names the hired period it set (from the trial's end when paid during the trial). */
  const doneMessage = (kind: Action['kind'], result: Pick<StaffSignature, 'hiredPeriod' | 'testPeriod'>) => {
    if (kind !== 'confirm' || !result.hiredPeriod) return t(`signatures.${kind}Done`);
    const afterTrial = result.hiredPeriod.initial === result.testPeriod.end;
    return t(afterTrial ? 'signatures.confirmDoneAfterTrial' : 'signatures.confirmDonePeriod', range(result.hiredPeriod));
  };
  return (
    <>
      <QueryState query={query}>
        {(list) => (
          <StaffTable<StaffSignature>
            label={t('signatures.tableLabel')}
            list={list}
            fetching={query.isFetching}
            search={search}
            onSearch={onSearch}
            defaultSort='-createdAt'
            columns={[
              {
                accessor: 'userName',
                title: t('signatures.user'),
                render: (signature) => <UserLink record={signature} />,
              },
              { accessor: 'plan', title: t('signatures.plan') },
              { accessor: 'period', title: t('signatures.period'), render: period },
              {
                accessor: 'statusCode',
                title: t('signatures.payment'),
                render: (signature) => (
                  <Stack gap={4} align="flex-start">
                    <PaymentBadge status={signature.statusCode} />
                    {signature.bill && <BillBadge bill={signature.bill} />}
                  </Stack>
                ),
              },
              {
                accessor: 'activated',
                title: t('signatures.state'),
                render: (signature) => t(`signatures.states.${signature.activated ? 'active' : 'inactive'}`),
              },
              {
                accessor: 'actions',
                title: t('table.actions'),
                render: (signature) => (
                  <Group gap={6} wrap="nowrap">
                    {signature.statusCode === 'APG' && (
                      <Button size="compact-sm" onClick={() => setAction({ kind: 'confirm', signature })}>
                        {t('signatures.confirmPayment')}
                      </Button>
                    )}
                    {signature.activated && (
                      <Button size="compact-sm" color="red" variant="light" onClick={() => setAction({ kind: 'deactivate', signature })}>
                        {t('signatures.deactivate')}
                      </Button>
                    )}
                    {refundable(signature) && (
                      <Button size="compact-sm" color="red" variant="light" onClick={() => setAction({ kind: 'refund', signature })}>
                        {t('signatures.refund')}
                      </Button>
                    )}
                    {!signature.activated && coversToday(signature) && (
                      <Button size="compact-sm" variant="default" onClick={() => setAction({ kind: 'reactivate', signature })}>
                        {t('signatures.reactivate')}
                      </Button>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <ReasonDialog
        key={action ? `${action.kind}-${action.signature.id}` : 'closed'}
        opened={action !== null}
        title={t(`signatures.${action?.kind ?? 'confirm'}Title`, { user: action?.signature.userName || action?.signature.userEmail })}
        submitLabel={t(SUBMIT_LABELS[action?.kind ?? 'confirm'])}
        intro={action?.kind === 'refund' ? t('signatures.refundIntro', { amount: format.money(action.signature.bill?.amount ?? 0) }) : undefined}
        required={false}
        pending={write.isPending}
        error={write.error}
        onClose={() => setAction(null)}
        onSubmit={(reason) =>
          action &&
          write.mutate(
            { id: action.signature.id, reason },
            { onSuccess: (result) => (showMessage({ type: 'success', message: doneMessage(action.kind, result) }), setAction(null)) },
          )
        }
      />
    </>
  );
}
