import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { ErrorScreen } from './error-screen.tsx';

describe('ErrorScreen (routing failures)', () => {
  it('is titled "Unexpected Application Error!" in English and shows what went wrong', async () => {
    await renderWithProviders(<ErrorScreen error={new Error('chunk failed to load')} />, { language: 'en-US' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('chunk failed to load')).toBeVisible();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it.each([
    ['pt-BR', 'Erro inesperado na aplicação!', 'Recarregar a página'],
    ['es', '¡Error inesperado de la aplicación!', 'Recargar la página'],
  ] as const)('speaks %s', async (language, title, reload) => {
    await renderWithProviders(<ErrorScreen error="boom" />, { language });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByRole('button', { name: reload })).toBeVisible();
  });

  it('reloads the page from its button', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderWithProviders(<ErrorScreen error="boom" />, { language: 'en-US' });
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
