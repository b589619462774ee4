import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';

const BUTTON = 'Instalar o app';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const IPOD = 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/**
 * install-prompt.ts keeps the deferred event at module level: every test loads a fresh copy (and its
 * button) and starts listening, as main.tsx does once per page.
 */
async function loadFresh() {
  vi.resetModules();
  const prompt = await import('../install-prompt.ts');
  const { InstallAppButton } = await import('./install-app-button.tsx');
  prompt.startInstallPrompt();
  return { ...prompt, InstallAppButton };
}

function withUserAgent(userAgent: string, maxTouchPoints = 0) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: maxTouchPoints });
}

/** Chromium's `beforeinstallprompt`; `choose` settles the user's answer in the browser's dialog. */
function installPromptEvent() {
  let choose!: (outcome: 'accepted' | 'dismissed') => void;
  const userChoice = new Promise<{ outcome: 'accepted' | 'dismissed' }>((resolve) => {
    choose = (outcome) => resolve({ outcome });
  });
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice,
  });
  return { event, choose };
}

function dispatch(event: Event) {
  act(() => {
    window.dispatchEvent(event);
  });
}

beforeEach(() => withUserAgent(WINDOWS_CHROME));
afterEach(() => {
  delete (navigator as { userAgent?: string }).userAgent;
  delete (navigator as { maxTouchPoints?: number }).maxTouchPoints;
});

describe('isIosBrowser', () => {
  it.each([
    ['iPhone Safari', IPHONE, 5, true],
    ['iPad Safari (iPadOS 12 style UA)', IPAD, 5, true],
    ['iPod touch', IPOD, 5, true],
    ['iPad asking for the desktop site (Mac UA with touch)', MAC, 5, true],
    ['a Mac without touch', MAC, 0, false],
    ['Chrome on Windows', WINDOWS_CHROME, 0, false],
    ['Chrome on Android (touch)', ANDROID_CHROME, 5, false],
  ])('%s → %s', async (_name, userAgent, touchPoints, expected) => {
    const { isIosBrowser } = await loadFresh();
    expect(isIosBrowser(userAgent, touchPoints)).toBe(expected);
  });

  it('reads the browser’s own user agent by default', async () => {
    const { isIosBrowser } = await loadFresh();
    expect(isIosBrowser()).toBe(false);
    withUserAgent(IPHONE, 5);
    expect(isIosBrowser()).toBe(true);
  });
});

describe('InstallAppButton on Chromium (beforeinstallprompt)', () => {
  it('shows no button on a desktop browser that has not offered installation', async () => {
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('offers "Instalar o app" once the browser allows it, and keeps the browser’s own mini-infobar away', async () => {
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    const { event } = installPromptEvent();
    dispatch(event);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: BUTTON })).toBeVisible();
  });

  it('opens the browser’s install dialog on click and goes away once the user has answered', async () => {
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    const { event, choose } = installPromptEvent();
    dispatch(event);

    await userEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The browser's dialog is still open: the button stays until the answer.
    expect(screen.getByRole('button', { name: BUTTON })).toBeInTheDocument();

    await act(async () => choose('dismissed'));
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    // No iOS-style instructions were shown instead.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes the button when the app gets installed (from the browser’s menu, say)', async () => {
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    dispatch(installPromptEvent().event);
    expect(screen.getByRole('button', { name: BUTTON })).toBeVisible();

    dispatch(new Event('appinstalled'));
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('shows no button inside the installed app (standalone display mode)', async () => {
    const { InstallAppButton } = await loadFresh();
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query === '(display-mode: standalone)' }));
    await renderWithProviders(<InstallAppButton />);
    dispatch(installPromptEvent().event);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });

  it('speaks en-US and es', async () => {
    const { InstallAppButton } = await loadFresh();
    dispatch(installPromptEvent().event);
    const { unmount } = await renderWithProviders(<InstallAppButton />, { language: 'en-US' });
    expect(screen.getByRole('button', { name: 'Install the app' })).toBeVisible();
    unmount();
    await renderWithProviders(<InstallAppButton />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Instalar la app' })).toBeVisible();
  });
});

describe('InstallAppButton on iPhone and iPad (no install event)', () => {
  it.each([
    ['iPhone', IPHONE, 5],
    ['iPad in desktop mode', MAC, 5],
  ])('on %s the button opens the three steps of "Adicionar à Tela de Início"', async (_name, userAgent, touchPoints) => {
    withUserAgent(userAgent, touchPoints);
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: 'Instalar o DoseHub no iPhone ou iPad' });
    // The dialog fades in: its text is visible once the transition ends (later on a loaded machine).
    await waitFor(() => expect(within(dialog).getByText('No Safari:')).toBeVisible());
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Toque no botão Compartilhar (o quadrado com a seta para cima).',
      'Escolha "Adicionar à Tela de Início".',
      'Toque em "Adicionar". O DoseHub abre como um app, também sem rede.',
    ]);
    expect(within(dialog).getByRole('list').tagName).toBe('OL');
    // Closed by its named close button, focus goes back to the install button.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar a janela' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: BUTTON })).toHaveFocus());
  });

  it('shows no button on a Mac without touch (Safari on macOS has its own menu item)', async () => {
    withUserAgent(MAC, 0);
    const { InstallAppButton } = await loadFresh();
    await renderWithProviders(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
  });
});
