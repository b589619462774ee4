/** docs/product.md §2: the navigation bar's left links, in order, and the external blog. */
export const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/services', labelKey: 'nav.services' },
  { to: '/plans', labelKey: 'nav.plans' },
  { to: '/articles', labelKey: 'nav.articles' },
  { to: '/contact', labelKey: 'nav.contact' },
  { to: '/about', labelKey: 'nav.about' },
] as const;

export const BLOG_URL = 'https://blog.dosehub.com.br';

export const SOCIAL_LINKS = [
  { id: 'facebook', href: 'https://www.facebook.com/dosehub', labelKey: 'footer.social.facebook' },
  { id: 'linkedin', href: 'https://www.linkedin.com/company/dosehub', labelKey: 'footer.social.linkedin' },
  { id: 'instagram', href: 'https://www.instagram.com/dosehub', labelKey: 'footer.social.instagram' },
  { id: 'whatsapp', href: 'https://wa.me/5511999999999', labelKey: 'footer.social.whatsapp' },
] as const;

/** Terms of use per language: a PDF for pt-BR and es, an empty link for en-US (docs/product.md §2). */
export const TERMS_OF_USE_URL: Record<string, string> = {
  'pt-BR': '/terms/termos-de-uso.pdf',
  es: '/terms/terminos-de-uso.pdf',
  'en-US': '',
};
