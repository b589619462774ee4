import { screen } from '@testing-library/react';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { ReportProgress } from './report-progress.tsx';

describe("the report upload's progress", () => {
  it('says the percentage, then the speed and the time left once the speed is measured, as the clinic uploads do', async () => {
    const { rerender } = await renderWithProviders(<ReportProgress name="laudo.pdf" progress={{ phase: 'uploading', bytesDone: 2e6, bytesTotal: 12e6, speed: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Enviando · 16%$/);

    rerender(<ReportProgress name="laudo.pdf" progress={{ phase: 'uploading', bytesDone: 2e6, bytesTotal: 12e6, speed: 2.5e6 }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Enviando · 16% · 2,5 MB\/s · faltam 4 s$/);
    expect(screen.getByRole('progressbar', { name: /laudo\.pdf/ })).toBeInTheDocument();
  });
});
