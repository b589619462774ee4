import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConfirmDialog', () => {
  it('asks "Quer mesmo deletar esse item?" with "Deletar" and "Fechar"', async () => {
    await renderWithProviders(<ConfirmDialog opened onClose={() => {}} onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Quer mesmo deletar esse item?' });
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'Deletar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeEnabled();
  });

  it('"Deletar" runs onConfirm, then closes', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const onConfirm = vi.fn(() => void calls.push('confirm'));
    const onClose = vi.fn(() => void calls.push('close'));
    await renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={onConfirm} />);

    await user.click(await screen.findByRole('button', { name: 'Deletar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['confirm', 'close']);
  });

  it('waits for an async onConfirm to settle before closing, and blocks "Fechar" meanwhile', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onConfirm = vi.fn(() => pending.promise);
    const onClose = vi.fn();
    await renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={onConfirm} />);

    await user.click(await screen.findByRole('button', { name: 'Deletar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeDisabled();

    pending.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  // The caller shows its own error message; the dialog must not stay stuck open. (The rejection is
  // re-thrown into a `void` promise, i.e. an unhandled rejection: caught here so the run stays clean.)
  it('still closes when onConfirm fails', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const failure = new Error('boom');
    const onConfirm = vi.fn(() => Promise.reject(failure));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={onConfirm} />);
      await user.click(await screen.findByRole('button', { name: 'Deletar' }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    } finally {
      await new Promise((r) => setTimeout(r, 0));
      process.off('unhandledRejection', unhandled);
    }
  });

  it('"Fechar" only closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    await renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={onConfirm} />);

    await user.click(await screen.findByRole('button', { name: 'Fechar' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Escape only closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    await renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={onConfirm} />);
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', async () => {
    await renderWithProviders(<ConfirmDialog opened={false} onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks the chosen language', async () => {
    await renderWithProviders(<ConfirmDialog opened onClose={() => {}} onConfirm={() => {}} />, { language: 'en-US' });
    expect(await screen.findByRole('dialog', { name: 'Do you really want to delete this item?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  // An icon-only close button (Mantine's default X) would be announced as just "button".
  it('every button in the dialog has an accessible name', async () => {
    await renderWithProviders(<ConfirmDialog opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByRole('dialog');
    for (const button of screen.getAllByRole('button')) {
      expect(button).toHaveAccessibleName();
    }
  });
});
