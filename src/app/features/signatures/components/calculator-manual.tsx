import { List, Stack, Table, Text, Title } from '@mantine/core';
import classes from '#app/ui/stacked-table.module.css';
import { useTranslation } from 'react-i18next';
import { COEFFICIENTS, HALF_LIVES_HOURS, LARGE_SURFACE_CM2, RADIONUCLIDES, TARGET_DOSE_GY, thicknessesOf } from '#shared/radiosynoviorthesis/radiosynoviorthesis.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';

/** /dashboard/my-signatures/benefits/calculator/manual: inputs, model, assumptions, coefficients and limits (the table is the code's own). */
export function CalculatorManual() {
  const { t, i18n } = useTranslation('signatures');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 3 });
  const section = (key: string) => (
    <Stack gap="xs" component="section" aria-labelledby={`manual-${key}`}>
      <Title order={2} size="h4" id={`manual-${key}`}>
        {t(`manual.${key}.title`)}
      </Title>
      <Text>{t(`manual.${key}.body`, { dose: TARGET_DOSE_GY, large: LARGE_SURFACE_CM2 })}</Text>
    </Stack>
  );
  return (
    <ScreenPanel title={t('manual.title')} description={t('manual.description')}>
      <Stack gap="lg">
        {section('surface')}
        {section('thickness')}
        {section('model')}
        <List size="sm">
          {(['meanDose', 'noLeakage', 'completeDecay'] as const).map((key) => (
            <List.Item key={key}>{t(`manual.assumptions.${key}`)}</List.Item>
          ))}
        </List>
        <Table withTableBorder striped aria-label={t('manual.tableLabel')} className={classes.stacked}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('calculator.nuclide')}</Table.Th>
              <Table.Th>{t('calculator.thickness')}</Table.Th>
              <Table.Th>{t('manual.slope')}</Table.Th>
              <Table.Th>{t('manual.intercept')}</Table.Th>
              <Table.Th>{t('manual.halfLife')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RADIONUCLIDES.flatMap((nuclide) =>
              thicknessesOf(nuclide).map((mm) => (
                <Table.Tr key={`${nuclide}-${mm}`}>
                  <Table.Td data-label={t('calculator.nuclide')}>{nuclide}</Table.Td>
                  <Table.Td data-label={t('calculator.thickness')}>{t('calculator.mm', { count: mm })}</Table.Td>
                  <Table.Td data-label={t('manual.slope')}>{number.format(COEFFICIENTS[nuclide][mm]!.slope)}</Table.Td>
                  <Table.Td data-label={t('manual.intercept')}>{number.format(COEFFICIENTS[nuclide][mm]!.intercept)}</Table.Td>
                  <Table.Td data-label={t('manual.halfLife')}>{t('manual.hours', { value: number.format(HALF_LIVES_HOURS[nuclide]) })}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
        {section('decay')}
        {section('limits')}
      </Stack>
    </ScreenPanel>
  );
}
