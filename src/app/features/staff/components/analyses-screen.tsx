import { useTranslation } from 'react-i18next';
import { SERVICE_IDS } from '#shared/catalog.ts';
import { ANALYSIS_STATUS_CODES } from '#shared/schemas/orders.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import type { StaffSearch } from '../staff-search.ts';
import { AnalysesTable } from './analyses-table.tsx';
import { ChoiceFilter, DayFilter, FilterBar, type SearchChange } from './staff-filters.tsx';

/** The analysis queue: by status, service and the day it was sent. */
export function AnalysesScreen({ search, onSearch }: { search: StaffSearch; onSearch: SearchChange }) {
  const { t } = useTranslation(['staff', 'catalog']);
  return (
    <ScreenPanel title={t('analyses.title')} description={t('analyses.description')}>
      <FilterBar>
        <ChoiceFilter
          label={t('analyses.status')}
          value={search.status}
          options={ANALYSIS_STATUS_CODES.map((code) => ({ value: code, label: t(`statuses.${code}`) }))}
          onChange={(status) => onSearch({ status, page: undefined })}
        />
        <ChoiceFilter
          label={t('analyses.service')}
          value={search.service}
          options={SERVICE_IDS.filter((id) => id !== 'model-comp').map((id) => ({ value: id, label: t(`catalog:services.${id}.title`) }))}
          onChange={(service) => onSearch({ service, page: undefined })}
        />
        <DayFilter label={t('filters.from')} value={search.from} onChange={(from) => onSearch({ from, page: undefined })} />
        <DayFilter label={t('filters.to')} value={search.to} onChange={(to) => onSearch({ to, page: undefined })} />
      </FilterBar>
      <AnalysesTable search={search} onSearch={onSearch} />
    </ScreenPanel>
  );
}
