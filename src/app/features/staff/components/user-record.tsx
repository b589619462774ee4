import { formatPhone } from '#shared/brazil/phone.ts';
import { useState } from 'react';
import { Badge, Button, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffUserDetail } from '#shared/schemas/staff.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { QueryState } from '#app/ui/query-state.tsx';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { staffUserQuery } from '../api/staff-records.ts';
import { useStaffFormat } from '../format.ts';
import type { StaffSearch } from '../staff-search.ts';
import { NewOrderDialogs, type OrderDraft } from './order-dialogs.tsx';
import { OrdersTable } from './orders-table.tsx';
import { QuotesTable } from './quotes-screen.tsx';
import { DeletedAccountBadge } from './status-badge.tsx';
import { SignaturesTable } from './subscriptions-screen.tsx';
import { UserExport } from './user-export.tsx';

/** A user's page: profile, then their orders (with "Create order"), subscriptions and quote requests. */
export function UserRecord({ id }: { id: string }) {
  const query = useQuery(staffUserQuery(id));
  return <QueryState query={query}>{(user) => <UserDetail user={user} />}</QueryState>;
}

function UserDetail({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  // Each table pages on its own, in this page's state (the URL keeps the list screens' filters).
  const [orders, setOrders] = useState<StaffSearch>({});
  const [signatures, setSignatures] = useState<StaffSearch>({});
  const [quotes, setQuotes] = useState<StaffSearch>({});
  const label = user.name || user.email;
  return (
    <ScreenPanel
      title={label}
      description={user.email}
      actions={<Button onClick={() => setDraft({ userId: user.id, userLabel: label })}>{t('orders.createTitle')}</Button>}
    >
      {user.deletedAt && (
        <Badge color="gray" size="lg" style={{ alignSelf: 'flex-start' }}>
          {t('users.deletedAt', { at: format.date(user.deletedAt) })}
        </Badge>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
        <DetailField label={t('users.clinic')}>{user.clinic || '—'}</DetailField>
        <DetailField label={t('users.role')}>{user.role || '—'}</DetailField>
        <DetailField label={t('users.phone')}>{user.phone ? formatPhone(user.phone) : '—'}</DetailField>
        <DetailField label={t('users.document')}>{user.cpf || user.cnpj || '—'}</DetailField>
        <DetailField label={t('users.emailVerified')}>{t(user.emailVerified ? 'users.yes' : 'users.no')}</DetailField>
        <DetailField label={t('users.createdAt')}>{format.date(user.createdAt)}</DetailField>
        {user.deleted && (
          <DetailField label={t('users.account')}>
            <DeletedAccountBadge />
          </DetailField>
        )}
      </SimpleGrid>
      <UserConsents consents={user.consents} />
      {!user.deleted && <UserExport userId={user.id} />}
      <Stack gap="xs" component="section" aria-label={t('users.orders', { count: user.counts.orders })}>
        <Title order={3} size="h4">
          {t('users.orders', { count: user.counts.orders })}
        </Title>
        <OrdersTable userId={user.id} search={orders} onSearch={(changes) => setOrders({ ...orders, ...changes })} />
      </Stack>
      <Stack gap="xs" component="section" aria-label={t('users.signatures', { count: user.counts.signatures })}>
        <Title order={3} size="h4">
          {t('users.signatures', { count: user.counts.signatures })}
        </Title>
        <SignaturesTable userId={user.id} search={signatures} onSearch={(changes) => setSignatures({ ...signatures, ...changes })} />
      </Stack>
      <Stack gap="xs" component="section" aria-label={t('users.quotes', { count: user.counts.quotes })}>
        <Title order={3} size="h4">
          {t('users.quotes', { count: user.counts.quotes })}
        </Title>
        <QuotesTable userId={user.id} search={quotes} onSearch={(changes) => setQuotes({ ...quotes, ...changes })} />
      </Stack>
      <NewOrderDialogs draft={draft} onClose={() => setDraft(null)} />
    </ScreenPanel>
  );
}

/** Issue 30: which versions of the terms of use and the privacy notice the user accepted, newest first. */
function UserConsents({ consents }: { consents: StaffUserDetail['consents'] }) {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const documentName = { terms: t('users.documentTerms'), privacy: t('users.documentPrivacy') };
  return (
    <Stack gap="xs" component="section" aria-label={t('users.consents')}>
      <Title order={3} size="h4">
        {t('users.consents')}
      </Title>
      {consents.length === 0 ? (
        <Text c="dimmed">{t('users.consentsEmpty')}</Text>
      ) : (
        <List spacing={4}>
          {consents.map((consent) => (
            <List.Item key={`${consent.document}-${consent.version}`}>
              {t('users.consentRow', { document: documentName[consent.document], version: format.date(consent.version), at: format.date(consent.acceptedAt) })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
