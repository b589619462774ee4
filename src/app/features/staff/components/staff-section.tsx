import { NotFoundPage } from '#app/ui/not-found-page.tsx';
import { isStaffSection } from '../sections.ts';
import type { StaffSearch } from '../staff-search.ts';
import { AnalysesScreen } from './analyses-screen.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { OrdersScreen } from './orders-screen.tsx';
import { QuotesScreen } from './quotes-screen.tsx';
import type { SearchChange } from './staff-filters.tsx';
import { SubscriptionsScreen } from './subscriptions-screen.tsx';
import { UsersScreen } from './users-screen.tsx';
import { AnalysisRecord } from './analysis-record.tsx';
import { UserRecord } from './user-record.tsx';

const SCREENS = {
  analyses: AnalysesScreen,
  orders: OrdersScreen,
  users: UsersScreen,
  quotes: QuotesScreen,
  subscriptions: SubscriptionsScreen,
  audit: AuditScreen,
};

/** `/staff/{section}`: its table screen; filters, page and sort come from the URL and go back into it. */
export function StaffSection({ section, search, onSearch }: { section: string; search: StaffSearch; onSearch: (next: StaffSearch) => void }) {
  if (!isStaffSection(section)) return <NotFoundPage />;
  const Screen = SCREENS[section];
  const change: SearchChange = (changes) => onSearch(withoutEmpty({ ...search, ...changes }));
  return <Screen search={search} onSearch={change} />;
}

const RECORDS: Record<string, (props: { id: string }) => React.ReactNode> = { analyses: AnalysisRecord, users: UserRecord };

/** `/staff/{section}/{id}`: one analysis or one user. */
export function StaffRecord({ section, id }: { section: string; id: string }) {
  const Record = RECORDS[section];
  return Record ? <Record id={id} /> : <NotFoundPage />;
}

function withoutEmpty(search: StaffSearch): StaffSearch {
  return Object.fromEntries(Object.entries(search).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1))) as StaffSearch;
}
