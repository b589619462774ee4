import type { ReactNode } from 'react';
import { Container, NavLink, Stack, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SECTIONS } from './dashboard-sections.ts';
import { VerifyEmailAlert } from './verify-email-alert.tsx';
import classes from './dashboard-layout.module.css';

/** The dashboard frame: the sections' navigation (a column, or wrapping rows of tabs on phones), the e-mail notice, the panel. */
export function DashboardLayout({ userId, children }: { userId: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('dashboard.title')}</Title>
        <div className={classes.layout}>
          <DashboardNav />
          <Stack gap="lg" miw={0}>
            <VerifyEmailAlert userId={userId} />
            {children}
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}

function DashboardNav() {
  const { t } = useTranslation('account');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav aria-label={t('dashboard.navLabel')} className={classes.nav}>
      <ul className={classes.list}>
        {DASHBOARD_SECTIONS.map(({ id, labelKey, icon: Icon, to, match }) => (
          <li key={id}>
            <NavLink
              component={Link}
              to={to}
              // Exact: Mantine also highlights aria-current="page", which a prefix match would put on
              // "Perfil" inside /dashboard/profile/{data}/edit (those belong to Security, see `match`).
              activeOptions={{ exact: true }}
              label={t(labelKey)}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              active={match.test(pathname)}
              className={classes.item}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
