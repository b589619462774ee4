import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';

describe('the document title', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>DoseHub</title>';
  });

  it("names the tab after the screen's heading, in the interface language", async () => {
    await renderRoute('/login', { language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(document.title).toBe('Iniciar sesión · DoseHub');
  });

  it('follows the screen, and only one screen title is in the head at a time', async () => {
    const user = userEvent.setup();
    await renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    await user.click(screen.getAllByRole('link', { name: 'Cadastre-se' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Criar conta' });
    expect(document.title).toBe('Criar conta · DoseHub');
    expect(document.head.querySelectorAll('title')).toHaveLength(2); // the screen's, then the shell's
  });
});
