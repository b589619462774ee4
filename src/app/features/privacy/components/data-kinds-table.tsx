import { Box, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATA_KINDS } from '../content/data-kinds.ts';

const COLUMNS = ['kind', 'purpose', 'basis', 'retention'] as const;

/** What we hold, why (purpose and legal basis) and for how long: one row per kind of data. */
export function DataKindsTable() {
  const { t } = useTranslation('privacy');
  return (
    // A plain scrolling box, not ScrollArea: the pre-rendered notice and the app's first render must lay out the same.
    <Box style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" striped miw={640}>
        <Table.Caption>{t('kinds.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`kinds.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DATA_KINDS.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw={600}>
                {t(`kinds.${kind}.name`)}
              </Table.Th>
              <Table.Td>{t(`kinds.${kind}.purpose`)}</Table.Td>
              <Table.Td>{t(`kinds.${kind}.basis`)}</Table.Td>
              <Table.Td>{t(`kinds.${kind}.retention`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
