/**
 * The public site's content (docs/product.md §1, §3): data here, texts as keys of the `site` namespace
 * (locales/{pt-BR,en-US,es}/site.json). Names, links and logos marked as placeholders in README.md
 * are fictitious until the company provides its own.
 */
import type { ServiceId } from '#shared/catalog.ts';

/** An image with its size; raster ones come as AVIF and WebP at several widths (public/images/site/). */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
  /** Widths of the generated raster files (`{base}-{width}.avif|webp`); absent for an SVG. */
  widths?: readonly number[];
}

const raster = (base: string, width: number, height: number, widths: readonly number[]): SiteImage => ({
  src: `${base}-${widths.at(-1)}.webp`,
  width,
  height,
  widths,
});
const svg = (src: string, width: number, height: number): SiteImage => ({ src, width, height });

export const SLIDE_WIDTHS = [480, 960, 1440] as const;
export const PORTRAIT_WIDTHS = [160, 320] as const;

export interface Slide {
  id: string;
  image: SiteImage;
  captionKey: string;
  /** Shows the company's logo over the slide. */
  logo: boolean;
}

export const SLIDES: readonly Slide[] = ['voxel-dose', 'radiosynovectomy', 'research'].map((id, index) => ({
  id,
  image: raster(`/images/site/slides/${id}`, 1440, 720, SLIDE_WIDTHS),
  captionKey: `site:slides.${id}`,
  logo: index === 0,
}));

export interface Step {
  id: string;
  image: SiteImage;
  titleKey: string;
  bodyKey: string;
}

export const HOW_WE_WORK: readonly Step[] = ['send', 'process', 'report'].map((id) => ({
  id,
  image: svg(`/images/site/steps/${id}.svg`, 120, 120),
  titleKey: `site:howWeWork.${id}.title`,
  bodyKey: `site:howWeWork.${id}.body`,
}));

export const BENEFIT_IDS = ['security', 'expense', 'time'] as const;
export type BenefitId = (typeof BENEFIT_IDS)[number];

export const BENEFITS = BENEFIT_IDS.map((id) => ({ id, titleKey: `site:benefits.${id}.title`, bodyKey: `site:benefits.${id}.body` }));

export interface SocialLink {
  kind: 'linkedin' | 'lattes' | 'orcid';
  href: string;
}

export interface TeamMember {
  id: string;
  /** Placeholder. */
  name: string;
  roleKey: string;
  photo: SiteImage;
  links: readonly SocialLink[];
}

const member = (id: string, name: string, role: string, links: readonly SocialLink[]): TeamMember => ({
  id,
  name,
  roleKey: `site:team.roles.${role}`,
  photo: raster(`/images/site/team/${id}`, 320, 320, PORTRAIT_WIDTHS),
  links,
});

export const TEAM: readonly TeamMember[] = [
  member('ana', 'Ana Exemplo', 'director', [
    { kind: 'linkedin', href: 'https://www.linkedin.com/in/ana-exemplo-placeholder' },
    { kind: 'lattes', href: 'https://lattes.cnpq.br/0000000000000001' },
  ]),
  member('bruno', 'Bruno Exemplo', 'physicist', [
    { kind: 'linkedin', href: 'https://www.linkedin.com/in/bruno-exemplo-placeholder' },
    { kind: 'orcid', href: 'https://orcid.org/0000-0000-0000-0002' },
  ]),
  member('carla', 'Carla Exemplo', 'physician', [{ kind: 'linkedin', href: 'https://www.linkedin.com/in/carla-exemplo-placeholder' }]),
  member('diego', 'Diego Exemplo', 'engineer', [
    { kind: 'linkedin', href: 'https://www.linkedin.com/in/diego-exemplo-placeholder' },
    { kind: 'orcid', href: 'https://orcid.org/0000-0000-0000-0004' },
  ]),
];

export interface Testimonial {
  id: string;
  logo: SiteImage;
  /** Placeholder names of the organisation and the person. */
  organisation: string;
  person: string;
  textKey: string;
  personTitleKey: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 'hospital',
    logo: svg('/images/site/logos/hospital-exemplo.svg', 200, 48),
    organisation: 'Hospital Exemplo',
    person: 'Dra. Fernanda Exemplo',
    textKey: 'site:testimonials.hospital.text',
    personTitleKey: 'site:testimonials.hospital.personTitle',
  },
  {
    id: 'research',
    logo: svg('/images/site/logos/grupo-pesquisa-exemplo.svg', 200, 48),
    organisation: 'Grupo de Pesquisa Exemplo',
    person: 'Prof. Gustavo Exemplo',
    textKey: 'site:testimonials.research.text',
    personTitleKey: 'site:testimonials.research.personTitle',
  },
];

export interface Partner {
  id: string;
  /** Placeholder. */
  name: string;
  logo: SiteImage;
  link: string;
  kind: 'partner' | 'funder';
}

const partner = (id: string, name: string, kind: Partner['kind']): Partner => ({
  id,
  name,
  logo: svg(`/images/site/logos/${id}.svg`, 200, 48),
  link: `https://example.org/${id}`,
  kind,
});

export const PARTNERS: readonly Partner[] = [
  partner('hospital-exemplo', 'Hospital Exemplo', 'partner'),
  partner('universidade-exemplo', 'Universidade Exemplo', 'partner'),
  partner('fundacao-exemplo', 'Fundação de Amparo Exemplo', 'funder'),
  partner('agencia-exemplo', 'Agência de Fomento Exemplo', 'funder'),
];

export interface Article {
  id: string;
  image: SiteImage;
  titleKey: string;
  abstractKey: string;
  /** Placeholder DOI links. */
  link: string;
}

export const ARTICLES: readonly Article[] = ['lu177-voxel', 'radiosynovectomy', 'preclinical', 'segmentation'].map((id, index) => ({
  id,
  image: svg(`/images/site/articles/${id}.svg`, 480, 270),
  titleKey: `site:articles.${id}.title`,
  abstractKey: `site:articles.${id}.abstract`,
  link: `https://doi.org/10.0000/dosehub-placeholder-${index + 1}`,
}));

export const FAQ_IDS = ['services', 'images', 'boleto', 'refund', 'privacy', 'deidentification', 'access', 'storage', 'calculator', 'subscriptions', 'offline'] as const;

export const FAQ = FAQ_IDS.map((id) => ({ id, questionKey: `site:faq.${id}.question`, answerKey: `site:faq.${id}.answer` }));

/** docs/product.md §1: the team states more than 14 years of experience. */
export const YEARS_OF_EXPERIENCE = 14;

/** Placeholder contact channels (the footer's WhatsApp and address are in the shell's nav-links.ts and common.json). */
export const CONTACT_EMAIL = 'contato@dosehub.example';

export const serviceImage = (id: ServiceId): SiteImage => svg(`/images/services/${id}.svg`, 480, 320);
