import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { PAYMENT_STATUS_CODES } from '#shared/schemas/orders.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import type { StaffSearch } from '../staff-search.ts';
import { ChoiceFilter, FilterBar, type SearchChange } from './staff-filters.tsx';
import { NewOrderDialogs, type OrderDraft } from './order-dialogs.tsx';
import { OrdersTable } from './orders-table.tsx';

/** Every order: filter by payment status and service; "Create order" for any user (or from a user's page or a quote). */
export function OrdersScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation(['staff', 'catalog']);
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  return (
    <ScreenPanel title={t('orders.title')} description={t('orders.description')} actions={<Button onClick={() => setDraft({})}>{t('orders.createTitle')}</Button>}>
      <FilterBar>
        <ChoiceFilter
          label={t('orders.payment')}
          value={search.status}
          options={PAYMENT_STATUS_CODES.map((code) => ({ value: code, label: t(`orders.paymentStatus.${code}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <ChoiceFilter
          label={t('orders.service')}
          value={search.service}
          options={SERVICE_IDS.map((id) => ({ value: id, label: t(`catalog:services.${id}.title`) }))}
          onChange={(service) => onSearch({ service, page: undefined })}
        />
      </FilterBar>
      <OrdersTable search={search} onSearch={onSearch} />
      <NewOrderDialogs draft={draft} onClose={() => setDraft(null)} />
    </ScreenPanel>
  );
}
