import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SiteSection } from './site-section.tsx';

/** The ways to start: the services (quotes and hiring start there), the plans, and an account when asked. */
export function HireActions({ withSignup = false }: { withSignup?: boolean }) {
  const { t } = useTranslation('site');
  return (
    <Group gap="sm">
      <Button component={Link} to="/services" size="md">
        {t('hire.services')}
      </Button>
      <Button component={Link} to="/plans" size="md" variant="outline">
        {t('hire.plans')}
      </Button>
      {withSignup && (
        <Button component={Link} to="/signup" size="md" variant="subtle">
          {t('hire.signup')}
        </Button>
      )}
    </Group>
  );
}

/** How to hire or subscribe, at the end of the home page. */
export function HireSection() {
  const { t } = useTranslation('site');
  return (
    <SiteSection id="hire" title={t('hire.title')} lead={t('hire.body')} tinted>
      <HireActions withSignup />
    </SiteSection>
  );
}
