import { screen, within } from '@testing-library/react';
import { renderRoute } from '#tests/utils/render.tsx';

const PT_BODY = "Desculpe pelo transtorno, mas o link que você clicou está 'quebrado' ou não existe mais.";
const EN_BODY = "Sorry to inconvenience you, but the link you clicked on is 'broken' or no longer exists.";

describe('not-found page (docs/product.md §2: any other path)', () => {
  it.each(['/nao-existe', '/services/123/whatever/else', '/dashboard-typo?x=1'])(
    'an unknown path %s shows "Página não encontrada!" inside the app shell',
    async (path) => {
      await renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
      expect(screen.getByText(PT_BODY)).toBeVisible();
      // Still inside the layout: the navigation and the language selector remain usable.
      expect(screen.getAllByRole('navigation', { name: 'Navegação principal' }).length).toBeGreaterThan(0);
      expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
    },
  );

  it('in en-US says "Page not found!" with SPEC\'s English text', async () => {
    await renderRoute('/no-such-page', { language: 'en-US' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found!' })).toBeVisible();
    expect(screen.getByText(EN_BODY)).toBeVisible();
  });

  it('in es says "¡Página no encontrada!"', async () => {
    await renderRoute('/no-such-page', { language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Página no encontrada!' })).toBeVisible();
  });

  it('shows the 404 image with a text alternative and a way back home', async () => {
    await renderRoute('/nowhere');
    const main = document.getElementById('main-content')!;
    expect(await within(main).findByRole('img', { name: 'Ilustração de um link quebrado' })).toHaveAttribute(
      'src',
      '/images/not-found.svg',
    );
    expect(within(main).getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('a known path does not show it', async () => {
    await renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre nós' })).toBeVisible();
    expect(screen.queryByText('Página não encontrada!')).not.toBeInTheDocument();
  });
});
