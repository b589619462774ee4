import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { ChunkTimeoutError } from '#app/lib/chunk-recovery.ts';
import { RouteErrorScreen } from './error-screen.tsx';

const TITLE = 'Erro inesperado na aplicação!';
const GENERIC_BODY = 'Algo deu errado ao abrir esta página. Seus dados guardados neste aparelho não foram perdidos.';
const CHUNK_TITLE = 'Não foi possível carregar esta página';
const CHUNK_BODY =
  'Uma nova versão do DoseHub pode ter sido publicada, ou a conexão caiu enquanto a página carregava. Seus dados guardados neste aparelho não foram perdidos.';
const CHUNK_TIMEOUT = 'A página demorou demais para carregar (mais de 2 minutos).';
const RELOAD = 'Recarregar a página';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://dosehub.example/assets/dashboard-Bx1c.js');

let reload: MockInstance<Location['reload']>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RouteErrorScreen (the router’s error component)', () => {
  it('reloads the page for a chunk that failed to load, showing the loading indicator meanwhile', async () => {
    await renderWithProviders(<RouteErrorScreen error={chunkError()} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after that reload, the same failure shows why and how to recover instead of reloading in a loop', async () => {
    const first = await renderWithProviders(<RouteErrorScreen error={chunkError()} />);
    expect(reload).toHaveBeenCalledTimes(1);
    first.unmount();

    // The reloaded page hits the same missing chunk.
    await renderWithProviders(<RouteErrorScreen error={chunkError()} />);
    expect(reload).toHaveBeenCalledTimes(1);
    const screenAlert = screen.getByRole('alert');
    expect(within(screenAlert).getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(within(screenAlert).getByText(CHUNK_TITLE)).toBeVisible();
    expect(within(screenAlert).getByText(CHUNK_BODY)).toBeVisible();
    expect(within(screenAlert).queryByText(GENERIC_BODY)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();

    await userEvent.click(within(screenAlert).getByRole('button', { name: RELOAD }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('says the page took too long when its script timed out (the second time)', async () => {
    const first = await renderWithProviders(<RouteErrorScreen error={new ChunkTimeoutError()} />);
    expect(reload).toHaveBeenCalledTimes(1);
    first.unmount();

    await renderWithProviders(<RouteErrorScreen error={new ChunkTimeoutError()} />);
    expect(screen.getByText(CHUNK_TIMEOUT)).toBeVisible();
    expect(screen.getByText(CHUNK_BODY)).toBeVisible();
  });

  it('shows the generic screen for any other error, without reloading', async () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'id')");
    await renderWithProviders(<RouteErrorScreen error={error} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(screen.getByText(GENERIC_BODY)).toBeVisible();
    expect(screen.queryByText(CHUNK_TITLE)).not.toBeInTheDocument();
    expect(screen.queryByText(CHUNK_BODY)).not.toBeInTheDocument();
    expect(screen.getByText("Cannot read properties of undefined (reading 'id')")).toBeVisible();
    // Logged for the developer console.
    expect(consoleError).toHaveBeenCalledWith(error);
  });

  it('speaks en-US for a chunk error shown after the reload', async () => {
    (await renderWithProviders(<RouteErrorScreen error={chunkError()} />, { language: 'en-US' })).unmount();
    await renderWithProviders(<RouteErrorScreen error={chunkError()} />, { language: 'en-US' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('This page could not be loaded')).toBeVisible();
  });
});
