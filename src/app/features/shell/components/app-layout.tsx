import type { ReactNode } from 'react';
import { AppShell, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AccountLinks, AppHeader, NavLinks } from './app-header.tsx';
import { AppFooter } from './app-footer.tsx';
import classes from './app-layout.module.css';

interface AppLayoutProps {
  children: ReactNode;
  signedIn: boolean;
  /** Extra controls for the footer (e.g. "Install the app"), composed by the root route. */
  footerActions?: ReactNode;
}

export function AppLayout({ children, signedIn, footerActions }: AppLayoutProps) {
  const { t } = useTranslation('common');
  const [navOpened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !navOpened } }}
      padding={0}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={toggle} signedIn={signedIn} />
      </AppShell.Header>
      <AppShell.Navbar p="md" component="nav" aria-label={t('nav.main')}>
        <Stack gap="sm">
          <NavLinks onNavigate={close} />
          <Divider />
          <Group gap="xs">
            <AccountLinks signedIn={signedIn} onNavigate={close} />
          </Group>
        </Stack>
      </AppShell.Navbar>
      {/* AppShell.Main renders a <main> by default; the page's one main landmark is the inner
          <main id="main-content">, and the footer must stay outside it to be the contentinfo landmark. */}
      <AppShell.Main {...{ component: 'div' }} className={classes.main}>
        <main id="main-content" tabIndex={-1} className={classes.content}>
          {children}
        </main>
        <AppFooter actions={footerActions} />
      </AppShell.Main>
    </AppShell>
  );
}
