import type { StaffSearch } from '../staff-search.ts';
import { StaffLayout } from './staff-layout.tsx';
import { StaffRecord, StaffSection } from './staff-section.tsx';

/** `/staff/{section}` (a table) or `/staff/{section}/{id}` (one record), inside the back-office frame. */
export function StaffScreens({ path, search, onSearch }: { path: string; search: StaffSearch; onSearch: (next: StaffSearch) => void }) {
  const [section = 'analyses', id, ...rest] = path.split('/').filter(Boolean);
  return (
    <StaffLayout>
      {id ? <StaffRecord section={rest.length ? '' : section} id={id} /> : <StaffSection section={section} search={search} onSearch={onSearch} />}
    </StaffLayout>
  );
}
