/** JSON-LD (schema.org) of the public pages: Organization on the home page, FAQPage on /faq, Service on /service-info. */
import { SITE_NAME } from '#shared/site-seo.ts';
import { siteOrigin } from './site-origin.ts';
import { CONTACT_EMAIL } from './site-content.ts';

type Translate = (key: string) => string;

/** `sameAs`: the company's social profiles (the shell's footer links). */
export function organizationData(sameAs: readonly string[]) {
  const origin = siteOrigin();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    email: CONTACT_EMAIL,
    sameAs,
  };
}

export function faqData(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

export function serviceData(id: string, t: Translate) {
  const origin = siteOrigin();
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: t(`catalog:services.${id}.title`),
    description: t(`catalog:services.${id}.body`),
    serviceType: t(`catalog:services.${id}.title`),
    url: `${origin}/service-info/${id}`,
    image: `${origin}/images/services/${id}.svg`,
    provider: { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
    areaServed: 'BR',
  };
}
