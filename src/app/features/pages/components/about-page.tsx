import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExperienceSection } from './experience-section.tsx';
import { PageIntro } from './page-intro.tsx';
import { PartnerLogos } from './partner-logos.tsx';
import { SiteSection } from './site-section.tsx';
import { TeamGrid } from './team-grid.tsx';

/** /about: who we are, the experience, the team and the partners. */
export function AboutPage() {
  const { t } = useTranslation('site');
  return (
    <>
      <PageIntro page="about" />
      <SiteSection id="who" title={t('about.whoTitle')}>
        <Text size="lg" maw={820}>
          {t('about.who')}
        </Text>
        <Text maw={820}>{t('about.mission')}</Text>
      </SiteSection>
      <ExperienceSection />
      <SiteSection id="team" title={t('team.title')} lead={t('team.lead')}>
        <TeamGrid />
      </SiteSection>
      <SiteSection id="partners" title={t('partners.title')} tinted>
        <PartnerLogos />
      </SiteSection>
    </>
  );
}
