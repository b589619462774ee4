import { useState } from 'react';
import { Alert, Anchor, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { KNEE_SURFACE_CM2, RADIONUCLIDES, TARGET_DOSE_GY, thicknessesOf, type Activity, type Radionuclide } from '#shared/radiosynoviorthesis/radiosynoviorthesis.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { DateTimeField } from '#app/ui/date-field.tsx';
import { signaturesPullQuery } from '../api/signature-queries.ts';
import { calculateOutcome, type CalculatorValues } from '../calculator-values.ts';
import { grantsCalculator, useSignatures } from '../store/signature-store.ts';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

/**
 * /dashboard/my-signatures/benefits/calculator: for an activated subscription that includes it (as last
 * seen here, so offline too). The shared function computes as the user types; the server's endpoint uses it too.
 */
export function CalculatorPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['signatures', 'common']);
  useQuery(signaturesPullQuery(userId));
  const signatures = useSignatures();
  return (
    <ScreenPanel title={t('calculator.title')} description={t('calculator.description', { dose: TARGET_DOSE_GY })}>
      {signatures === undefined ? (
        <ListLoader />
      ) : grantsCalculator(signatures) ? (
        <CalculatorForm />
      ) : (
        <Alert variant="light" color="yellow" role="alert" title={t('calculator.locked')}>
          <Text size="sm">
            {t('calculator.lockedBody')}{' '}
            <Anchor component={Link} to="/plans">
              {t('calculator.toPlans')}
            </Anchor>
          </Text>
        </Alert>
      )}
    </ScreenPanel>
  );
}

function CalculatorForm() {
  const { t } = useTranslation('signatures');
  const [values, setValues] = useState<CalculatorValues>({ nuclide: 'Y-90', thickness: 1, surface: '', drawnAt: '', injectAt: '' });
  // An empty surface is said only once the user has been in the field (not on arrival).
  const [surfaceTouched, setSurfaceTouched] = useState(false);
  const outcome = calculateOutcome(values);
  const thicknesses = thicknessesOf(values.nuclide);
  // The value is read at the event: React clears `currentTarget` before a state updater runs.
  const setField = <K extends keyof CalculatorValues>(key: K, value: CalculatorValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const chooseNuclide = (nuclide: Radionuclide) =>
    setValues((current) => ({ ...current, nuclide, thickness: thicknessesOf(nuclide).includes(current.thickness as 1) ? current.thickness : 1 }));
  return (
    <Stack gap="lg">
      <Text size="sm">{t('calculator.responsibility')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NativeSelect label={t('calculator.nuclide')} data={[...RADIONUCLIDES]} value={values.nuclide} onChange={(event) => chooseNuclide(event.currentTarget.value as Radionuclide)} />
        <NativeSelect
          label={t('calculator.thickness')}
          data={thicknesses.map((mm) => ({ value: String(mm), label: t('calculator.mm', { count: mm }) }))}
          value={String(values.thickness)}
          onChange={(event) => setField('thickness', Number(event.currentTarget.value))}
        />
        <TextInput
          label={t('calculator.surface')}
          description={t('calculator.surfaceExample', { surface: KNEE_SURFACE_CM2 })}
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.surface}
          onChange={(event) => {
            setField('surface', event.currentTarget.value);
            setSurfaceTouched(true);
          }}
          onBlur={() => setSurfaceTouched(true)}
          error={(surfaceTouched || values.surface !== '') && outcome.surfaceProblem ? t(`calculator.surfaceProblem.${outcome.surfaceProblem}`) : undefined}
        />
      </SimpleGrid>
      {outcome.largeSurface && (
        <Alert color="orange" role="status">
          {t('calculator.largeSurface')}
        </Alert>
      )}
      <Title order={2} size="h4">
        {t('calculator.decayTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateTimeField label={t('calculator.drawnAt')} value={values.drawnAt} onChange={(value) => setField('drawnAt', value)} />
        <DateTimeField
          label={t('calculator.injectAt')}
          value={values.injectAt}
          onChange={(value) => setField('injectAt', value)}
          error={outcome.drawAfterInjection ? t('calculator.drawAfterInjection') : undefined}
        />
      </SimpleGrid>
      <div aria-live="polite">
        {outcome.atInjection && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Result label={t('calculator.atInjection')} activity={outcome.atInjection} testId="activity-at-injection" />
            {outcome.toDraw && <Result label={t('calculator.toDraw')} activity={outcome.toDraw} testId="activity-to-draw" />}
          </SimpleGrid>
        )}
      </div>
      <Anchor component={Link} to="/dashboard/my-signatures/benefits/calculator/manual">
        {t('calculator.manualLink')}
      </Anchor>
    </Stack>
  );
}

function Result({ label, activity, testId }: { label: string; activity: Activity; testId: string }) {
  const { t, i18n } = useTranslation('signatures');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Alert variant="light" color="teal" title={label} data-testid={testId}>
      <Text size="xl" fw={700}>
        {t('calculator.mbq', { value: number.format(activity.MBq) })}
      </Text>
      <Text>{t('calculator.mci', { value: number.format(activity.mCi) })}</Text>
    </Alert>
  );
}
