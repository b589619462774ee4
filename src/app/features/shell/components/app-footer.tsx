import type { ReactNode } from 'react';
import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandWhatsapp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { matchLanguage } from '#shared/languages.ts';
import { SOCIAL_LINKS, TERMS_OF_USE_URL } from '../nav-links.ts';
import classes from './app-footer.module.css';

const SOCIAL_ICONS = {
  facebook: IconBrandFacebook,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  whatsapp: IconBrandWhatsapp,
} as const;

/** The copyright year: fixed when the app loads, not on every render. */
const CURRENT_YEAR = new Date().getFullYear();

export function AppFooter({ actions }: { actions?: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const termsUrl = TERMS_OF_USE_URL[matchLanguage(i18n.resolvedLanguage) ?? 'pt-BR'] ?? '';
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <Group gap="xs" component="ul" className={classes.list} aria-label={t('footer.social.label')}>
              {SOCIAL_LINKS.map(({ id, href, labelKey }) => {
                const Icon = SOCIAL_ICONS[id];
                return (
                  <li key={id}>
                    <Anchor href={href} target="_blank" rel="noopener noreferrer" aria-label={t(labelKey)} className={classes.social}>
                      <Icon size={22} aria-hidden="true" />
                    </Anchor>
                  </li>
                );
              })}
            </Group>
            <Group gap="lg" component="nav" aria-label={t('footer.linksLabel')}>
              <Anchor component={Link} to="/faq" className={classes.link}>
                {t('footer.faq')}
              </Anchor>
              <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
                {t('footer.terms')}
              </Anchor>
              <Anchor component={Link} to="/privacy" className={classes.link}>
                {t('footer.privacy')}
              </Anchor>
              {actions}
            </Group>
          </Group>
          <Text size="sm" component="address" className={classes.address}>
            {t('footer.address')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: CURRENT_YEAR })}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
