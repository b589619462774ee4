import { act, screen, within } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { announceUpdateForTesting, dismissUpdate } from '../update-store.ts';
import { UpdateBanner } from './update-banner.tsx';

const PT = {
  title: 'Nova versão do DoseHub disponível',
  body: 'Atualize para usá-la. O que você enviou ou deixou na fila continua guardado.',
  reload: 'Atualizar agora',
  later: 'Depois',
};

/** happy-dom has no `navigator.serviceWorker`: a bare event target stands in for the container. */
function stubServiceWorkerContainer() {
  const container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

function announce(apply = vi.fn(async () => undefined)) {
  act(() => announceUpdateForTesting(apply));
  return apply;
}

let reload: MockInstance<Location['reload']>;

beforeEach(() => {
  reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  // The store lives at module level: leave no banner waiting for the next test.
  act(() => dismissUpdate());
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('UpdateBanner (a new version is waiting)', () => {
  it('shows nothing while no new version is waiting', async () => {
    await renderWithProviders(<UpdateBanner />);
    expect(screen.queryByText(PT.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PT.reload })).not.toBeInTheDocument();
  });

  it('announces the new version politely, with its title, body and both choices (pt-BR)', async () => {
    await renderWithProviders(<UpdateBanner />);
    announce();
    const banner = screen.getByText(PT.title).closest('[role="status"]') as HTMLElement;
    expect(banner).toBeVisible();
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(within(banner).getByText(PT.body)).toBeVisible();
    expect(within(banner).getByRole('button', { name: PT.reload })).toBeVisible();
    expect(within(banner).getByRole('button', { name: PT.later })).toBeVisible();
  });

  it.each([
    ['en-US', 'A new version of DoseHub is available', 'Update to use it. Everything you sent or queued stays saved.', 'Update now', 'Later'],
    ['es', 'Hay una nueva versión de DoseHub', 'Actualice para usarla. Lo que envió o dejó en la cola sigue guardado.', 'Actualizar ahora', 'Más tarde'],
  ] as const)('speaks %s', async (language, title, body, reloadLabel, later) => {
    await renderWithProviders(<UpdateBanner />, { language });
    announce();
    expect(screen.getByText(title)).toBeVisible();
    expect(screen.getByText(body)).toBeVisible();
    expect(screen.getByRole('button', { name: reloadLabel })).toBeVisible();
    expect(screen.getByRole('button', { name: later })).toBeVisible();
  });

  it('"Depois" hides the banner without installing the new version', async () => {
    stubServiceWorkerContainer();
    await renderWithProviders(<UpdateBanner />);
    const apply = announce();
    await userEvent.click(screen.getByRole('button', { name: PT.later }));
    expect(screen.queryByText(PT.title)).not.toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('"Atualizar agora" activates the waiting version and reloads once it controls the page', async () => {
    const container = stubServiceWorkerContainer();
    await renderWithProviders(<UpdateBanner />);
    const apply = announce();
    await userEvent.click(screen.getByRole('button', { name: PT.reload }));
    expect(apply).toHaveBeenCalledTimes(1);
    // Not before the new worker has taken over: reloading earlier would load the old version again.
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    // A later controller change (e.g. yet another update) does not reload a second time on its own.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the banner again when another version is announced after "Depois"', async () => {
    await renderWithProviders(<UpdateBanner />);
    announce();
    await userEvent.click(screen.getByRole('button', { name: PT.later }));
    expect(screen.queryByText(PT.title)).not.toBeInTheDocument();
    announce();
    expect(screen.getByText(PT.title)).toBeVisible();
  });
});
