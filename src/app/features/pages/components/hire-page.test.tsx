import { screen, within } from '@testing-library/react';
import { renderRoute } from '#tests/utils/render.tsx';
import { saveAuthState, clearAuthState } from '#app/lib/session.ts';

afterEach(() => clearAuthState());

describe('/services/{id}/hire', () => {
  it('shows the five steps in order and, signed out, the login that brings the visitor back here', async () => {
    await renderRoute('/services/dosi-clin/hire');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contratar Dosimetria Clínica' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Como é a contratação' })).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Pedido de orçamento', 'Pedido e boleto', 'Pagamento', 'Envio das análises', 'Relatório']);
    expect(screen.getByRole('link', { name: 'Entrar para pedir orçamento' })).toHaveAttribute('href', '/login?redirect=%2Fservices%2Fdosi-clin%2Fhire');
    expect(screen.getByRole('link', { name: 'Ainda não tem conta? Cadastre-se' })).toHaveAttribute('href', '/signup?redirect=%2Fservices%2Fdosi-clin%2Fhire');
    expect(screen.queryByRole('link', { name: /Pedir orçamento de/ })).toBeNull();
  });

  it('signed in: the way in is the quote form (es)', async () => {
    const auth = { id: '0190a0b0-0000-7000-8000-000000000001', isStaff: false };
    saveAuthState(auth);
    await renderRoute('/services/model-comp/hire', { auth, language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contratar Modelado Computacional' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar presupuesto de Modelado Computacional' })).toHaveAttribute('href', '/services/model-comp/hire/budget-form');
    expect(screen.queryByRole('link', { name: /Iniciar sesión/ })).toBeNull();
  });

  it('an unknown service is the not-found page', async () => {
    await renderRoute('/services/massagem/hire');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeInTheDocument();
  });
});
