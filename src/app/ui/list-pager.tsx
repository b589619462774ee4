import { Box, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  /** The navigation's name, the list's own ("Páginas das calibrações"). */
  label: string;
  pageCount: number;
  current: number;
  onChange: (page: number) => void;
}

/** A paged list's page buttons, in a named navigation landmark; nothing when everything fits on one page. */
export function ListPager({ label, pageCount, current, onChange }: ListPagerProps) {
  const { t } = useTranslation('common');
  if (pageCount <= 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={pageCount}
        value={current}
        onChange={onChange}
        withEdges={false}
        siblings={1}
        getItemProps={(n) => ({ 'aria-label': t('pager.page', { page: n }), 'aria-current': n === current ? 'page' : undefined })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        style={{ display: 'flex', justifyContent: 'center' }}
      />
    </Box>
  );
}
