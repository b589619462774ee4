import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { organizationData } from '../content/structured-data.ts';
import { ArticleList } from './article-list.tsx';
import { BenefitsSection } from './benefits-section.tsx';
import { ExperienceSection } from './experience-section.tsx';
import { HireActions, HireSection } from './hire-section.tsx';
import { HowWeWork } from './how-we-work.tsx';
import { JsonLd } from './json-ld.tsx';
import { PageIntro } from './page-intro.tsx';
import { PartnerLogos } from './partner-logos.tsx';
import { ServiceCards } from './service-cards.tsx';
import { SiteSection } from './site-section.tsx';
import { SlideCarousel } from './slide-carousel.tsx';
import { TeamGrid } from './team-grid.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

/** docs/product.md §1: the home page's sections, in the order a visitor meets them. */
export function HomePage({ socialProfiles }: { socialProfiles: readonly string[] }) {
  const { t } = useTranslation('site');
  return (
    <>
      <JsonLd data={organizationData(socialProfiles)} />
      <PageIntro page="home" actions={<HireActions />}>
        <SlideCarousel />
      </PageIntro>
      <HowWeWork />
      <BenefitsSection />
      <ServiceCards />
      <ExperienceSection />
      <TestimonialsSection />
      <SiteSection id="team" title={t('team.title')} lead={t('team.lead')}>
        <TeamGrid />
      </SiteSection>
      <SiteSection id="articles" title={t('articles.title')} tinted>
        <ArticleList clamped />
        <Anchor component={Link} to="/articles" fw={600}>
          {t('articles.all')}
        </Anchor>
      </SiteSection>
      <SiteSection id="partners" title={t('partners.title')}>
        <PartnerLogos />
      </SiteSection>
      <HireSection />
    </>
  );
}
