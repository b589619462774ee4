import { screen, within } from '@testing-library/react';
import type { Language } from '#shared/languages.ts';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { studySummary } from '../testing/summaries.ts';
import type { DicomIntake } from '../use-dicom-intake.ts';
import { DicomIntakePanel } from './dicom-intake-panel.tsx';

function reviewing(): DicomIntake {
  return { state: { step: 'review', summary: studySummary(), checks: [] }, start: vi.fn(), confirm: vi.fn(), reset: vi.fn(), holding: () => true } as unknown as DicomIntake;
}

describe('the DICOM summary table', () => {
  it.each<[Language, string, string, string, [string, string, string]]>([
    ['pt-BR', 'Séries encontradas', '7.400 MBq (200 mCi)', '71,5 kg', ['10/03/2026, 10:15:00', '10/03/2026, 10:30:00', '10/03/2026, 08:00:00']],
    ['en-US', 'Series found', '7,400 MBq (200 mCi)', '71.5 kg', ['3/10/26, 10:15:00 AM', '3/10/26, 10:30:00 AM', '3/10/26, 8:00:00 AM']],
    ['es', 'Series encontradas', '7400 MBq (200 mCi)', '71,5 kg', ['10/3/26, 10:15:00', '10/3/26, 10:30:00', '10/3/26, 8:00:00']],
  ])('shows the injected activity in MBq and mCi, and the times as the language writes them, in %s', async (language, table, activity, weight, [study, acquisition, injection]) => {
    await renderWithProviders(<DicomIntakePanel intake={reviewing()} onChooseMany={vi.fn()} onCancel={vi.fn()} />, { language });
    const cells = within(screen.getByRole('table', { name: table }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replaceAll('\u202f', ' '));
    expect(cells).toEqual(['NM', '120', study, acquisition, 'Lu-177 PSMA', activity, injection, weight]);
  });

  it.each<[Language, string, string]>([
    ['pt-BR', '120 arquivos DICOM (2,5 MB), 1 paciente, 1 estudo.', 'Paciente: Maria Silva'],
    ['en-US', '120 DICOM files (2.5 MB), 1 patient, 1 study.', 'Patient: Maria Silva'],
    ['es', '120 archivos DICOM (2,5 MB), 1 paciente, 1 estudio.', 'Paciente: Maria Silva'],
  ])('counts with plural rules, the size in the language and the patient as "Given Family", in %s', async (language, overview, patient) => {
    const intake = { ...reviewing(), state: { step: 'review', summary: studySummary({ bytes: 2_460_000 }), checks: [] } } as unknown as DicomIntake;
    await renderWithProviders(<DicomIntakePanel intake={intake} onChooseMany={vi.fn()} onCancel={vi.fn()} />, { language });
    expect(screen.getByText(overview)).toBeTruthy();
    expect(screen.getByText((text) => text.startsWith(patient))).toBeTruthy();
  });
});

describe('the DICOM intake once de-identified', () => {
  it('lists the files left out, with the reason, under the zip that holds the rest', async () => {
    const skipped = [
      { name: 'IM7.dcm', reason: 'unreadable' as const },
      { name: 'IM9.dcm', reason: 'damaged' as const },
    ];
    const intake = { state: { step: 'ready', summary: studySummary(), files: 118, bytes: 2e6, skipped }, holding: () => false } as unknown as DicomIntake;
    await renderWithProviders(<DicomIntakePanel intake={intake} onChooseMany={vi.fn()} onCancel={vi.fn()} />, { language: 'en-US' });
    expect(screen.getByText('118 files de-identified into one zip (2 MB). It is what will be saved and sent.')).toBeTruthy();
    expect(screen.getByText('1 file could not be opened and will not be sent: IM7.dcm')).toBeTruthy();
    expect(screen.getByText('1 file is damaged (not valid DICOM) and will not be sent: IM9.dcm')).toBeTruthy();
  });
});
