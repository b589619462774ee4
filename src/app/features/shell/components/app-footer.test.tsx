import { screen, within } from '@testing-library/react';
import { renderRoute } from '#tests/utils/render.tsx';
import type { Language } from '#shared/languages.ts';

async function renderFooter(language: Language = 'pt-BR') {
  await renderRoute('/', { language });
  return screen.findByRole('contentinfo');
}

describe('AppFooter (docs/product.md §2)', () => {
  // A <footer> inside <main> is not a contentinfo landmark for browsers and screen readers (HTML-AAM),
  // and a page has one <main> (HTML: at most one visible main element).
  it('is the page footer landmark, outside the one main landmark', async () => {
    const footer = await renderFooter();
    expect(footer.tagName).toBe('FOOTER');
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(footer.closest('main, article, aside, nav, section')).toBeNull();
    expect(screen.getByRole('main')).not.toContainElement(footer);
  });

  it('opens the Portuguese terms-of-use PDF in a new tab', async () => {
    const footer = await renderFooter('pt-BR');
    const terms = within(footer).getByRole('link', { name: 'Termos de uso' });
    expect(terms).toHaveAttribute('href', '/terms/termos-de-uso.pdf');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  });

  it('opens the Spanish terms-of-use PDF in Spanish', async () => {
    const footer = await renderFooter('es');
    const terms = within(footer).getByRole('link', { name: 'Términos de uso' });
    expect(terms).toHaveAttribute('href', '/terms/terminos-de-uso.pdf');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  });

  it('has an empty terms link in English', async () => {
    const footer = await renderFooter('en-US');
    const terms = within(footer).getByText('Terms of use').closest('a')!;
    expect(terms).toHaveAttribute('href', '');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['pt-BR', ['DoseHub no Facebook', 'DoseHub no LinkedIn', 'DoseHub no Instagram', 'Fale com a DoseHub pelo WhatsApp']],
    ['en-US', ['DoseHub on Facebook', 'DoseHub on LinkedIn', 'DoseHub on Instagram', 'Talk to DoseHub on WhatsApp']],
    ['es', ['DoseHub en Facebook', 'DoseHub en LinkedIn', 'DoseHub en Instagram', 'Hable con DoseHub por WhatsApp']],
  ] as const)('in %s has four social links with accessible names, opening in a new tab', async (language, names) => {
    const footer = await renderFooter(language);
    const list = within(footer).getByRole('list', {
      name: { 'pt-BR': 'Redes sociais', 'en-US': 'Social networks', es: 'Redes sociales' }[language],
    });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(names);
    for (const [index, link] of links.entries()) {
      expect(link).toHaveAccessibleName(names[index]);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(links.map((link) => new URL(link.getAttribute('href')!).hostname)).toEqual([
      'www.facebook.com',
      'www.linkedin.com',
      'www.instagram.com',
      'wa.me',
    ]);
  });

  it('links to the FAQ, and shows the address and this year\'s copyright', async () => {
    const footer = await renderFooter('pt-BR');
    expect(within(footer).getByRole('link', { name: 'Perguntas frequentes' })).toHaveAttribute('href', '/faq');
    expect(within(footer).getByText('DoseHub · São Paulo, SP, Brasil')).toBeInTheDocument();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} DoseHub. Todos os direitos reservados.`),
    ).toBeInTheDocument();
  });
});
