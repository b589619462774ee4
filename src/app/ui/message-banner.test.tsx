import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { MESSAGE_TIMEOUT_MS, showErrorMessages, showMessage } from './message-banner.ts';

// The app's Providers (used by renderWithProviders) render Mantine's <Notifications />, as in the app.
async function renderBannerHost() {
  await renderWithProviders(<div />);
  vi.useFakeTimers();
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('showMessage (docs/product.md §9: the message banner hides after 4.5 s)', () => {
  it('uses 4500 ms', () => {
    expect(MESSAGE_TIMEOUT_MS).toBe(4_500);
  });

  it('shows the message, then hides it after 4.5 s', async () => {
    await renderBannerHost();
    act(() => void showMessage({ type: 'success', message: 'Calibração deletada com sucesso!' }));

    expect(screen.getByText('Calibração deletada com sucesso!')).toBeVisible();
    // Announced to screen readers.
    expect(screen.getByRole('alert')).toHaveTextContent('Calibração deletada com sucesso!');
    advance(4_400);
    expect(screen.getByText('Calibração deletada com sucesso!')).toBeInTheDocument();

    advance(100); // 4.5 s: hidden, leaving through its exit transition
    advance(1_000);
    expect(screen.queryByText('Calibração deletada com sucesso!')).not.toBeInTheDocument();
  });

  it('stays until closed when timeout is false', async () => {
    await renderBannerHost();
    act(() => void showMessage({ type: 'error', message: 'Serviço indisponível!', timeout: false }));

    advance(60_000);
    advance(60_000);
    expect(screen.getByText('Serviço indisponível!')).toBeVisible();
  });

  it('marks the banner with its type', async () => {
    await renderBannerHost();
    act(() => void showMessage({ type: 'warning', message: 'Você não tem nenhuma notificação...' }));

    const banner = screen.getByText('Você não tem nenhuma notificação...').closest('[data-message-type]');
    expect(banner).toHaveAttribute('data-message-type', 'warning');
  });

  it('only the timed banner goes away when both kinds are shown', async () => {
    await renderBannerHost();
    act(() => {
      showMessage({ type: 'info', message: 'Some depois' });
      showMessage({ type: 'error', message: 'Fica na tela', timeout: false });
    });

    advance(MESSAGE_TIMEOUT_MS);
    advance(1_000);
    expect(screen.queryByText('Some depois')).not.toBeInTheDocument();
    expect(screen.getByText('Fica na tela')).toBeVisible();
  });
});

describe('showErrorMessages', () => {
  it("shows an error banner per message: a key in the interface language, the server's text as it came", async () => {
    await renderBannerHost();
    act(() => showErrorMessages([{ key: 'common:apiErrors.network' }, { text: 'Muitas requisições.' }]));

    const network = screen.getByText(/^Não foi possível falar com o servidor\./).closest('[data-message-type]');
    expect(network).toHaveAttribute('data-message-type', 'error');
    expect(screen.getByText('Muitas requisições.').closest('[data-message-type]')).toHaveAttribute('data-message-type', 'error');
  });
});
