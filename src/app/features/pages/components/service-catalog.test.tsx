import { screen, within } from '@testing-library/react';
import { renderRoute } from '#tests/utils/render.tsx';
import { servicePage } from './service-catalog.tsx';

describe('servicePage', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  it.each([
    [1, 3, { page: 1, pageCount: 3, items: ['a', 'b', 'c'] }],
    [3, 3, { page: 3, pageCount: 3, items: ['g'] }],
    [9, 3, { page: 3, pageCount: 3, items: ['g'] }],
    [0, 3, { page: 1, pageCount: 3, items: ['a', 'b', 'c'] }],
    [Number.NaN, 3, { page: 1, pageCount: 3, items: ['a', 'b', 'c'] }],
    [1, 6, { page: 1, pageCount: 2, items: ['a', 'b', 'c', 'd', 'e', 'f'] }],
  ])('page %s of %s per page', (requested, pageSize, expected) => {
    expect(servicePage(ids, requested, pageSize)).toEqual(expected);
  });

  it('an empty list still has its one (empty) page', () => {
    expect(servicePage([], 4)).toEqual({ page: 1, pageCount: 1, items: [] });
  });
});

describe('/services', () => {
  it('lists the five services on one page of six, each with Request a quote, Hire and Details; the pager shows it', async () => {
    await renderRoute('/services');
    await screen.findByTestId('service-dosi-clin');
    expect(screen.getAllByTestId(/^service-/)).toHaveLength(5);
    const clinical = within(screen.getByTestId('service-dosi-clin'));
    expect(clinical.getByRole('link', { name: 'Solicitar orçamento de Dosimetria Clínica' })).toHaveAttribute('href', '/services/dosi-clin/hire/budget-form');
    expect(clinical.getByRole('link', { name: 'Contratar Dosimetria Clínica' })).toHaveAttribute('href', '/services/dosi-clin/hire');
    expect(clinical.getByRole('link', { name: 'Detalhes de Dosimetria Clínica' })).toHaveAttribute('href', '/service-info/dosi-clin');

    const pager = screen.getByRole('navigation', { name: 'Páginas de serviços' });
    expect(within(pager).getByText('Página 1 de 1')).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it('a page past the last shows the last', async () => {
    await renderRoute('/services?page=4', { language: 'en-US' });
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Hire / })).toHaveLength(5);
  });
});
