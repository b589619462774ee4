import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { ExportSection } from './export-section.tsx';
import { dataExportState } from '#tests/utils/data-exports.ts';

const USER = '0192f0aa-0000-7000-8000-000000000001';
const state = dataExportState;

afterEach(() => vi.unstubAllGlobals());

describe('the export section (issue 30)', () => {
  it('asks for the export, shows its progress, then the download link and until when it is kept', async () => {
    const answers = [state({ doneBytes: 25e6, totalBytes: 100e6 })];
    const ready = state({ state: 'ready', doneBytes: 100, totalBytes: 100, size: 100e6, finishedAt: '2026-11-28T12:05:00.000Z', expiresAt: '2026-12-05T12:05:00.000Z', downloadUrl: '/api/v1/data-exports/0192f0aa-0000-7000-8000-0000000000e1/file/' });
    let asked = false;
    stubApi((_url, init) => {
      if (init.method === 'POST') {
        asked = true;
        return jsonResponse(answers[0], 202);
      }
      return jsonResponse({ export: asked ? ready : null });
    });
    await renderWithProviders(<ExportSection userId={USER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir meus dados' }));
    expect(await screen.findByText(/^Preparando: 25\s?MB de 100\s?MB \(25%\)\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acompanhar a exportação em andamento' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /^Baixar meus dados/ }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(screen.getByText(/disponível até/)).toHaveTextContent('05/12/2026');
  });
});
