import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';

function mainNav() {
  // The header's nav (the mobile navbar repeats the same links under the same label).
  return screen.getAllByRole('navigation', { name: /^(Navegação principal|Main navigation|Navegación principal)$/ })[0]!;
}

function navLinkTexts() {
  return within(mainNav())
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('LanguageSelect', () => {
  it('starts in Portuguese, with pt-BR selected and <html lang="pt-BR">', async () => {
    await renderRoute('/');
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(navLinkTexts()).toEqual(['Início', 'Serviços', 'Planos', 'Artigos', 'Contato', 'Sobre', 'Blog']);
    expect(document.documentElement).toHaveAttribute('lang', 'pt-BR');
  });

  it('offers the three languages by their own names', async () => {
    await renderRoute('/');
    const select = await screen.findByRole('combobox', { name: 'Idioma' });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['pt-BR', 'Português'],
      ['en-US', 'English'],
      ['es', 'Español'],
    ]);
  });

  it('choosing English translates the navigation, remembers en-US and sets <html lang="en-US">', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'English');

    await waitFor(() =>
      expect(navLinkTexts()).toEqual(['Home', 'Services', 'Plans', 'Articles', 'Contact', 'About', 'Blog']),
    );
    expect(screen.queryByRole('link', { name: 'Serviços' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en-US');
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    expect(localStorage.getItem('product-language')).toBe('en-US');
    expect(document.documentElement).toHaveAttribute('lang', 'en-US');
    // The page content follows too, not only the shell.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personalized dosimetry, wherever you are');
  });

  it('choosing Español translates the navigation, remembers es and sets <html lang="es">', async () => {
    const user = userEvent.setup();
    await renderRoute('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'Español');

    await waitFor(() =>
      expect(navLinkTexts()).toEqual(['Inicio', 'Servicios', 'Planes', 'Artículos', 'Contacto', 'Acerca de', 'Blog']),
    );
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(localStorage.getItem('product-language')).toBe('es');
    // The server pre-renders public pages in the language of this cookie.
    expect(document.cookie.split('; ')).toContain('product-language=es');
    expect(document.documentElement).toHaveAttribute('lang', 'es');
  });

  it('can switch back to Portuguese', async () => {
    const user = userEvent.setup();
    await renderRoute('/', { language: 'en-US' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Português');

    await waitFor(() => expect(navLinkTexts()[1]).toBe('Serviços'));
    expect(localStorage.getItem('product-language')).toBe('pt-BR');
    expect(document.documentElement).toHaveAttribute('lang', 'pt-BR');
  });
});
