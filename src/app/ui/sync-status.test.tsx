import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, renderWithProviders } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { localWrite, type OutboxState } from '#app/lib/db.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { allRows, changeRow, enqueue, queueScope, rowCount } from '#app/lib/sync/outbox.ts';

import { TEST_USER, answered, fakeApi, installTestKind } from '#app/lib/testing/local-first.ts';
import { SyncBadge } from './sync-badge.tsx';

const auth = { id: TEST_USER, isStaff: false };

async function queue(entityId: string, state: OutboxState = 'pending', lastError: string | null = null) {
  const row = await localWrite(queueScope(), (tx) => enqueue(tx, { kind: 'thing.save', entityId, payload: {} }));
  await changeRow(row.seq!, { state, lastError });
  return row;
}

async function renderHeader() {
  await renderRoute('/', { auth });
  return screen.findByRole('banner');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({}).fetch);
});
setupSignedInTests(auth);

describe('the sync indicator in the header (docs/architecture.md §4 "Status")', () => {
  it('says online, and the number of writes not yet on the server, as text in a live region', async () => {
    await queue('a');
    await queue('b', 'failed', 'Nome já usado.');
    await queue('c', 'done');
    const header = await renderHeader();
    const status = await within(header).findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Online · 2 pendentes'));
  });

  it('says offline when the server cannot be reached', async () => {
    const header = await renderHeader();
    const status = await within(header).findByRole('status');
    expect(status).toHaveTextContent('Online');
    act(() => setConnectivityForTests(false));
    expect(status).toHaveTextContent('Offline');
    expect(status).not.toHaveTextContent('pendente');
  });

  it('names its button with the state and the pending count (on a phone the text is hidden)', async () => {
    const header = await renderHeader();
    expect(await within(header).findByRole('button', { name: 'Sincronização: Online, tudo enviado' })).toBeInTheDocument();
    await queue('a');
    await queue('b', 'failed', 'Nome já usado.');
    expect(await within(header).findByRole('button', { name: 'Sincronização: Online, 2 alterações pendentes' })).toBeInTheDocument();
    act(() => setConnectivityForTests(false));
    expect(within(header).getByRole('button', { name: 'Sincronização: Offline, 2 alterações pendentes' })).toBeInTheDocument();
  });

  it('lists the writes that need the user: retry or discard a refused one, keep mine or take theirs on a conflict', async () => {
    const onDiscard = vi.fn();
    const undo = installTestKind('thing.save', async () => answered(204), { onDiscard, describe: () => 'Salvar calibração' });
    await queue('a', 'failed', 'calibration_name: Nome já usado.');
    await queue('b', 'conflict', 'O registro mudou no servidor.');
    const header = await renderHeader();
    await waitFor(() => expect(within(header).getByRole('status')).toHaveTextContent('2 pendentes'));
    await userEvent.click(within(header).getByRole('button', { name: /Online/ }));

    const dialog = await screen.findByText('2 alterações precisam da sua atenção');
    const list = dialog.parentElement!.querySelector('ul')!;
    // The popover opens with a transition; its content is in the accessibility tree once it ends.
    const [failed, conflict] = await waitFor(() => within(list).getAllByRole('listitem'));
    expect(failed).toHaveTextContent('Salvar calibração');
    expect(failed).toHaveTextContent('calibration_name: Nome já usado.');
    expect(within(conflict!).getByRole('button', { name: 'Manter a minha' })).toBeInTheDocument();
    expect(within(conflict!).getByRole('button', { name: 'Usar a do servidor' })).toBeInTheDocument();

    await userEvent.click(within(failed!).getByRole('button', { name: 'Descartar' }));
    await waitFor(async () => expect(await rowCount()).toBe(1));
    expect(onDiscard).toHaveBeenCalledTimes(1);

    await userEvent.click(await screen.findByRole('button', { name: 'Manter a minha' }));
    await waitFor(async () => expect((await allRows())[0]).toMatchObject({ state: 'pending', lastError: null }));
    undo();
  });
});

describe('SyncBadge', () => {
  it.each([
    ['pending', 'Aguardando envio'],
    ['sending', 'Enviando'],
    ['failed', 'Não enviado'],
    ['conflict', 'Conflito'],
  ] as const)('shows %s as "%s"', async (state, text) => {
    await queue('e1', state);
    await renderWithProviders(<SyncBadge entityId="e1" />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows nothing once the write is done, or for another entity', async () => {
    await queue('e1', 'done');
    await queue('e2');
    await renderWithProviders(<SyncBadge entityId="e1" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/Aguardando envio|Enviando|Não enviado|Conflito/)).not.toBeInTheDocument();
  });

  it("shows the most urgent state, and with showError the server's message", async () => {
    await queue('e1', 'failed', 'calibration_name: Nome já usado.');
    await queue('e1', 'pending');
    await renderWithProviders(<SyncBadge entityId="e1" showError />);
    expect(await screen.findByText('Não enviado')).toBeInTheDocument();
    expect(screen.getByText('calibration_name: Nome já usado.')).toBeInTheDocument();
  });
});
