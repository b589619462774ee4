import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DataExportState } from '#shared/schemas/data-export.ts';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { UserExport } from './user-export.tsx';
import { dataExportState } from '#tests/utils/data-exports.ts';

const USER = '0192f0aa-0000-7000-8000-000000000002';
const EXPORT = '0192f0aa-0000-7000-8000-0000000000e2';
const state = (over: Partial<DataExportState>) => dataExportState({ id: EXPORT, state: 'queued', ...over });
const ready = state({ state: 'ready', doneBytes: 10, totalBytes: 10, size: 2_000_000, finishedAt: '2026-11-28T12:01:00.000Z', expiresAt: '2026-12-05T12:01:00.000Z', downloadUrl: `/api/v1/staff/data-exports/${EXPORT}/file/` });

afterEach(() => vi.unstubAllGlobals());

describe("the staff's export of a user's data (issue 30)", () => {
  it('asks after a dialog that says it is audited, then offers the download until its expiry, written in the interface language', async () => {
    let asked = false;
    stubApi((_url, init) => {
      if (init.method === 'POST') return (asked = true), jsonResponse(state({}), 202);
      return jsonResponse({ export: asked ? ready : null });
    });
    await renderWithProviders(<UserExport userId={USER} />, { language: 'en-US' });
    expect(await screen.findByText('No export requested yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Export this person's data" }));
    const dialog = await screen.findByRole('dialog', { name: "Export this person's data?" });
    expect(dialog).toHaveTextContent('recorded in the audit log under your name');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const link = await screen.findByRole('link', { name: /^Download the export \(2(\.0)?\s?MB\)$/ });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(screen.getByText(/^Available until /)).toHaveTextContent('12/5/26');
  });

  it('says when the export failed, in Spanish', async () => {
    stubApi(() => jsonResponse({ export: state({ state: 'failed' }) }));
    await renderWithProviders(<UserExport userId={USER} />, { language: 'es' });
    expect(await screen.findByText('La exportación falló. Pídala de nuevo.')).toBeInTheDocument();
  });
});
